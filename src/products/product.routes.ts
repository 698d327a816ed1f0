import { Type } from 'typebox';
import { Envelope, BareEnvelope, ok, okBare } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { EXAMPLE_IDS, EXAMPLE_TIME } from '../http/examples.ts';
import { IntEnum, Opt } from '../http/schema-helpers.ts';
import type { Product } from './product.repository.ts';
import type { ProductService } from './product.service.ts';

const MediaItemIn = Type.Object({
  type: IntEnum([1, 2], { meanings: ['image', 'video'], description: '1 image, 2 video' }),
  url: Type.String({ minLength: 1, maxLength: 2048, description: 'https:// address of the image or video on a public host (loaded and checked when a video is made), or an asset_id or asset_url of an upload (POST /v1/upload/asset)' }),
  name: Opt(Type.String({ maxLength: 255, description: 'File name; defaults to the last part of the URL path' })),
  description: Opt(Type.String({ maxLength: 2000, description: 'What the picture shows' })),
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

export const CreateBody = Type.Object({
  url: Opt(Type.String({ maxLength: 2048, description: 'Product page to crawl; when given, the other fields are ignored' })),
  name: Opt(Type.String({ maxLength: 500, description: 'Required without url' })),
  description: Opt(Type.String({ maxLength: 20000, description: 'Introduction and selling points; required without url' })),
  target_audience: Opt(Type.String({ maxLength: 2000, description: 'Who the product is for; the script speaks to them (also taken with url)' })),
  media: Opt(MediaList),
  ...Extensions,
}, {
  examples: [{
    name: 'Aurora Desk Lamp',
    description: 'Warm dimmable LED lamp. Three colour temperatures. USB-C charging port.',
    target_audience: 'home office workers',
  }],
});

export const UpdateBody = Type.Object({
  product_id: Type.String({ minLength: 1, maxLength: 64, description: 'The product to change (from POST /v1/product)' }),
  name: Opt(Type.String({ maxLength: 500, description: 'New name; absent or empty leaves it' })),
  description: Opt(Type.String({ maxLength: 20000, description: 'New description; absent or empty leaves it' })),
  target_audience: Opt(Type.String({ maxLength: 2000, description: 'New target audience; absent or empty leaves it' })),
  media: Opt(Type.Array(MediaItemIn, { maxItems: 50, description: 'Replaces the media list (at most 50 items); an empty list means no change' })),
  ...Extensions,
}, { examples: [{ product_id: EXAMPLE_IDS.product, target_audience: 'students' }] });

const MediaItemOut = Type.Object({
  type: Type.Integer({ description: '1 image, 2 video' }),
  name: Type.String({ description: 'File name' }),
  url: Type.String({ description: 'Where it is: our stored copy for crawled media, else the address given' }),
  description: Type.String({ description: 'What it shows, or empty' }),
  state: Type.Union([Type.Literal('ok'), Type.Literal('pending'), Type.Literal('failed')], {
    description: 'Media given by hand are downloaded and checked in the background after the product is saved: pending, then ok or failed (fail_reason says why; an image that shows nothing fails). Crawled media are ok (extension)',
  }),
  fail_reason: Type.String({ description: 'Why the item failed its check, else empty (extension)' }),
});

export const ProductOut = Type.Object({
  product_id: Type.String({ description: 'Product id (32 hex); create_video_from_url takes it' }),
  id: Type.String({ description: 'Same as product_id' }),
  url: Type.String({ description: 'The crawled page, or empty' }),
  name: Type.String({ description: 'Product name' }),
  description: Type.String({ description: 'Introduction and selling points as text' }),
  target_audience: Type.String({ description: 'Who it is for, or empty' }),
  media: Type.Array(MediaItemOut, { description: 'Images and videos, in order' }),
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

export const exampleProduct = {
  product_id: EXAMPLE_IDS.product,
  id: EXAMPLE_IDS.product,
  url: '',
  name: 'Aurora Desk Lamp',
  description: 'Warm dimmable LED lamp. Three colour temperatures. USB-C charging port.',
  target_audience: 'home office workers',
  media: [],
  brand: '',
  price: '',
  currency: '',
  selling_points: [],
  language: 'english',
  created_at: EXAMPLE_TIME,
  updated_at: EXAMPLE_TIME,
};

const notFound = { 10104: 'product_id is not a product of this account' };

/** `mediaView` builds each media item's URL when read (products.media keeps storage keys). */
export function productView(p: Product, mediaView: ProductService['mediaView']) {
  return {
    product_id: p.id,
    id: p.id,
    url: p.sourceUrl ?? '',
    name: p.name,
    description: p.description,
    target_audience: p.targetAudience,
    media: p.media.map(mediaView),
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
      schema: {
        tags,
        summary: 'Create a product from a page URL, or from name and description',
        body: CreateBody,
        response: { 200: Envelope(ProductOut, exampleProduct) },
        'x-error-codes': { 40000: 'a field breaks its rule, url or a media url is not an allowed address, or the page could not be crawled (msg says why)' },
      },
      handler: async (req) => ok(productView(await products.create(req.principal, req.body), products.mediaView)),
    });
    app.put(path, {
      schema: { tags, summary: 'Update a product: only the fields given change; a non-empty media list replaces the old one, an empty one changes nothing', body: UpdateBody, response: { 200: BareEnvelope }, 'x-error-codes': notFound },
      handler: async (req) => {
        await products.update(req.principal, req.body);
        return okBare();
      },
    });
  }

  app.get('/v1/product', {
    schema: {
      tags,
      summary: 'Get one product (extension)',
      querystring: Type.Object({ product_id: Type.String({ minLength: 1, maxLength: 64, description: 'The product (from POST /v1/product)', examples: [EXAMPLE_IDS.product] }) }),
      response: { 200: Envelope(ProductOut, exampleProduct) },
      'x-error-codes': notFound,
    },
    handler: async (req) => ok(productView(await products.get(req.principal, req.query.product_id), products.mediaView)),
  });

  app.delete('/v1/product', {
    schema: {
      tags,
      summary: 'Delete a product and its stored media (extension)',
      description:
        'Refused with 40000 while a video of the product is being made (status_code 1-3). Afterwards the product reads as absent (10104) and its crawled media are removed; its videos stay.',
      querystring: Type.Object({ product_id: Type.String({ minLength: 1, maxLength: 64, description: 'The product to delete', examples: [EXAMPLE_IDS.product] }) }),
      response: { 200: BareEnvelope },
      'x-error-codes': {
        ...notFound,
        40000: 'product_id is missing or breaks its rule, or a video of the product is being made (status_code 1-3; msg names the video): delete the product once it has finished',
      },
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
        page: Opt(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'Page number, from 1' })),
        page_size: Opt(Type.Integer({ minimum: 1, maximum: 100, default: 100, description: 'Products per page (at most 100)', examples: [10] })),
      }),
      response: { 200: Envelope(Type.Array(ProductOut, { description: 'This page of products, newest first' }), [exampleProduct]) },
    },
    handler: async (req) => ok((await products.list(req.principal, req.query.page ?? 1, req.query.page_size ?? 100)).map((p) => productView(p, products.mediaView))),
  });
}
