import { Type } from 'typebox';
import { Envelope, BareEnvelope, ok, okBare } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { IntEnum, Opt } from '../http/schema-helpers.ts';
import type { Product } from './product.repository.ts';
import type { ProductService } from './product.service.ts';

const MediaItemIn = Type.Object({
  type: IntEnum([1, 2], { meanings: ['image', 'video'], description: '1 image, 2 video' }),
  url: Type.String({ minLength: 1, maxLength: 2048 }),
  name: Opt(Type.String({ maxLength: 255, description: 'File name; defaults to the last part of the URL path' })),
  description: Opt(Type.String({ maxLength: 2000 })),
});

const MediaList = Type.Array(MediaItemIn, { maxItems: 50, description: 'At most 50 items' });

/** Extensions (CONTRACT §3) a client may set: on create without url, and on update. */
const Extensions = {
  brand: Opt(Type.String({ maxLength: 200, description: 'Extension: the brand shown on screen and named in the script' })),
  price: Opt(
    Type.String({
      maxLength: 32,
      description:
        'Extension: a non-negative number or numeric string ("49.90", 49.9, "1.299,00"); stored as a decimal string, shown and spoken in the video language with `currency`; 0 removes the price',
    }),
  ),
  currency: Opt(Type.String({ maxLength: 16, description: 'Extension: ISO 4217 code of the price (USD, EUR, JPY…), any case' })),
  selling_points: Opt(
    Type.Array(Type.String({ maxLength: 500 }), {
      maxItems: 20,
      description: 'Extension: short selling points the script states one by one (at most 20); blank lines are dropped',
    }),
  ),
};

const CreateBody = Type.Object({
  url: Opt(Type.String({ maxLength: 2048, description: 'Product page to crawl; when given, the other fields are ignored' })),
  name: Opt(Type.String({ maxLength: 500, description: 'Required without url' })),
  description: Opt(Type.String({ maxLength: 20000, description: 'Introduction and selling points; required without url' })),
  target_audience: Opt(Type.String({ maxLength: 2000 })),
  media: Opt(MediaList),
  ...Extensions,
});

const UpdateBody = Type.Object({
  product_id: Type.String({ minLength: 1, maxLength: 64 }),
  name: Opt(Type.String({ maxLength: 500 })),
  description: Opt(Type.String({ maxLength: 20000 })),
  target_audience: Opt(Type.String({ maxLength: 2000 })),
  media: Opt(Type.Array(MediaItemIn, { maxItems: 50, description: 'Replaces the media list (at most 50 items); an empty list means no change' })),
  ...Extensions,
});

const MediaItemOut = Type.Object({ type: Type.Integer(), name: Type.String(), url: Type.String(), description: Type.String() });

const ProductOut = Type.Object({
  product_id: Type.String(),
  id: Type.String({ description: 'Same as product_id' }),
  url: Type.String({ description: 'The crawled page, or empty' }),
  name: Type.String(),
  description: Type.String(),
  target_audience: Type.String(),
  media: Type.Array(MediaItemOut),
  brand: Type.String({ description: 'Extension; empty when unknown' }),
  price: Type.String({ description: 'Extension; decimal string, empty when unknown' }),
  currency: Type.String({ description: 'Extension; ISO 4217, empty when unknown' }),
  selling_points: Type.Array(Type.String(), { description: 'Extension' }),
  language: Type.Union([Type.String(), Type.Null()], {
    description: "Extension; the language the product's own text is written in (a `language` value of create_video_from_url, detected from name, description and selling points), null when unknown",
  }),
  created_at: Type.Integer({ description: 'Unix seconds' }),
  updated_at: Type.Integer({ description: 'Unix seconds' }),
});

export function productView(p: Product) {
  return {
    product_id: p.id,
    id: p.id,
    url: p.sourceUrl ?? '',
    name: p.name,
    description: p.description,
    target_audience: p.targetAudience,
    media: p.media,
    brand: p.brand ?? '',
    price: p.price ?? '',
    currency: p.currency ?? '',
    selling_points: p.sellingPoints,
    language: p.language ?? null,
    created_at: Math.floor(p.createdAt / 1000),
    updated_at: Math.floor(p.updatedAt / 1000),
  };
}

const tags = ['Products'];

export function productRoutes(app: App, products: ProductService): void {
  for (const path of ['/v1/product', '/v1/open/product']) {
    app.post(path, {
      schema: { tags, summary: 'Create a product from a page URL, or from name and description', body: CreateBody, response: { 200: Envelope(ProductOut) } },
      handler: async (req) => ok(productView(await products.create(req.principal, req.body))),
    });
    app.put(path, {
      schema: { tags, summary: 'Update a product: only the fields given change; a non-empty media list replaces the old one, an empty one changes nothing', body: UpdateBody, response: { 200: BareEnvelope } },
      handler: async (req) => {
        await products.update(req.principal, req.body);
        return okBare();
      },
    });
  }

  app.get('/v1/product', {
    schema: { tags, summary: 'Get one product (extension)', querystring: Type.Object({ product_id: Type.String({ minLength: 1, maxLength: 64 }) }), response: { 200: Envelope(ProductOut) } },
    handler: async (req) => ok(productView(await products.get(req.principal, req.query.product_id))),
  });

  app.delete('/v1/product', {
    schema: {
      tags,
      summary: 'Delete a product and its stored media (extension)',
      description:
        'Refused with 40000 while a video of the product is being made (status_code 1-3). Afterwards the product reads as absent (10104) and its crawled media are removed; its videos stay.',
      querystring: Type.Object({ product_id: Type.String({ minLength: 1, maxLength: 64, description: 'The product to delete' }) }),
      response: { 200: BareEnvelope },
    },
    handler: async (req) => {
      await products.delete(req.principal, req.query.product_id);
      return okBare();
    },
  });

  app.get('/v1/products', {
    schema: {
      tags,
      summary: "List the account's products, newest first",
      querystring: Type.Object({
        // Bounded so that the row offset, (page - 1) * page_size, stays a valid SQL integer.
        page: Opt(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
        page_size: Opt(Type.Integer({ minimum: 1, maximum: 100, default: 100 })),
      }),
      response: { 200: Envelope(Type.Array(ProductOut)) },
    },
    handler: async (req) => ok((await products.list(req.principal, req.query.page ?? 1, req.query.page_size ?? 100)).map(productView)),
  });
}
