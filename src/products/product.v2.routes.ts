import { Envelope, ok } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { CreateBody, exampleProduct, ProductOut, productView, UpdateBody } from './product.routes.ts';
import type { ProductService } from './product.service.ts';

/**
 * v2 of POST / PUT /v1/product (JOGGAI-SURFACE.md): the same bodies and rules. The v2 CLI reads
 * `data.product_id // data.id`, so both answers carry the product, the update too (v1's PUT
 * answers with the bare envelope).
 */
export function productV2Routes(app: App, products: ProductService): void {
  app.post('/v2/product', {
    schema: {
      tags: ['Products'],
      summary: 'v2 of POST /v1/product: create a product from a page URL, or from name and description',
      body: CreateBody,
      response: { 200: Envelope(ProductOut, exampleProduct) },
      'x-error-codes': { 40000: 'a field breaks its rule, url or a media url is not an allowed address, or the page could not be crawled (msg says why)' },
    },
    handler: async (req) => ok(productView(await products.create(req.principal, req.body), products.mediaView)),
  });

  app.put('/v2/product', {
    schema: {
      tags: ['Products'],
      summary: 'v2 of PUT /v1/product: only the fields given change; answers with the product as it now is',
      body: UpdateBody,
      response: { 200: Envelope(ProductOut, { ...exampleProduct, target_audience: 'students' }) },
      'x-error-codes': { 10104: 'product_id is not a product of this account' },
    },
    handler: async (req) => ok(productView(await products.update(req.principal, req.body), products.mediaView)),
  });
}
