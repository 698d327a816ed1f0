import { Type } from 'typebox';
import { Envelope, ok } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { EXAMPLE_IDS } from '../http/examples.ts';
import { Opt, StringEnum } from '../http/schema-helpers.ts';
import { V2AspectRatioField, v2Paging, V2PagingOut, WebhookUrlField } from '../http/v2.ts';
import type { CustomAvatarService } from './custom-avatar.service.ts';
import { CustomAvatarV2, exampleCustomAvatar, v2, v2AvatarPage, V2AvatarListQuery } from './custom-avatar.routes.ts';
import {
  MAX_PRODUCT_IMAGES, PRODUCT_AVATAR_QUALITIES, PRODUCT_AVATAR_RATIOS, PRODUCT_AVATAR_SOURCE_TYPES,
  type BatchView, type ProductAvatarService, type ProductMotionView,
} from './product-avatar.service.ts';

const tags = ['Avatars'];
const exampleUrl = (name: string) => `http://localhost:8080/files/avatars/p-${EXAMPLE_IDS.productBatch}/${name}`;

const GenerationBody = Type.Object(
  {
    product_image_url: Type.String({ minLength: 1, maxLength: 2048, description: 'The product picture: its URL, or an uploaded image (asset_id or asset URL from POST /v2/upload/asset). A transparent PNG is held as it is; a plain backdrop (a packshot on white) is removed; any other picture is held as a card' }),
    avatar_source: Type.Object(
      {
        type: StringEnum(['id', 'image', 'description'] as const, { meanings: ['an avatar by avatar_id', 'a portrait photo (value: URL or asset)', 'words (value)'], description: 'Who holds the product' }),
        value: Opt(Type.String({ maxLength: 2048, description: 'type image: the portrait photo of one person (URL, asset_id or asset URL; one face at least 256 px); type description: the presenter in words (gender, age, hair, glasses, outfit and its colour, the scene), at most 500 characters' })),
        avatar_id: Opt(Type.Integer({ minimum: 1, description: 'type id: a public avatar (GET /v2/avatars/public) or a ready custom avatar of this account (GET /v2/avatars/custom)' })),
        avatar_type: Opt(StringEnum(PRODUCT_AVATAR_SOURCE_TYPES, { meanings: ['public avatar', 'custom avatar', 'photo avatar (a custom avatar)', 'public (v1 avatar_type)', 'custom (v1 avatar_type)'], description: 'type id: which list avatar_id is from; absent: public when a public avatar has that id, else custom' })),
      },
      { description: 'The presenter: by avatar id, from a photo, or described in words' },
    ),
    prompt: Opt(Type.String({ maxLength: 500, description: 'Optional words: "left"/"right" puts the product in that hand in every picture, "big"/"close" or "small" sizes it; with a description source, also more words about the presenter' })),
    quality: Opt(StringEnum(PRODUCT_AVATAR_QUALITIES, { meanings: ['600 px on the long side', '1200 px (1024 square)', '1800 px (1536 square)'], description: 'Picture size. Default medium' })),
    aspect_ratio: Opt(StringEnum(PRODUCT_AVATAR_RATIOS, { meanings: ['landscape', 'portrait', 'square'], description: 'Picture shape. Default 2:3' })),
    num_images: Type.Integer({ minimum: 1, maximum: MAX_PRODUCT_IMAGES, description: `How many pictures, 1-${MAX_PRODUCT_IMAGES}; they differ in the hand used, the product's size and tilt, and the expression (a description source: also the person)` }),
    webhook_url: WebhookUrlField(),
  },
  { examples: [{ product_image_url: 'https://images.example.com/products/aurora-lamp.png', avatar_source: { type: 'id', avatar_id: 5, avatar_type: 'public' }, prompt: 'holding it in the right hand', quality: 'medium', aspect_ratio: '2:3', num_images: 2 }] },
);

const GenerationItem = Type.Object({
  generation_id: Type.String({ description: 'One picture: POST /v2/product_avatar/add_motion takes it once completed' }),
  status: StringEnum(['pending', 'processing', 'completed', 'failed'] as const, { description: 'pending, processing, then completed (url set) or failed (error says why)' }),
  url: Type.String({ description: 'The picture (PNG, no API key needed); empty until completed' }),
  error: Type.String({ description: 'Extension: why this picture failed (e.g. the product image could not be fetched), or empty' }),
});

const exampleBatch: BatchView = {
  batch_id: EXAMPLE_IDS.productBatch,
  status: 'completed',
  summary: { pending: 0, processing: 0, completed: 2, failed: 0 },
  generations: [
    { generation_id: EXAMPLE_IDS.productGeneration, status: 'completed', url: exampleUrl('generation-1.png'), error: '' },
    { generation_id: '4d1a8e6c3b9f4a2e7c5d0b8f6a3e1c92', status: 'completed', url: exampleUrl('generation-2.png'), error: '' },
  ],
  msg: '',
};

const exampleMotion: ProductMotionView = {
  avatar_id: EXAMPLE_IDS.customAvatar,
  motion_id: EXAMPLE_IDS.productMotion,
  name: 'Lucia with the lamp',
  status: 'completed',
  image_url: exampleUrl('generation-1.png'),
  motion_preview_url: 'http://localhost:8080/files/avatars/a-6b1d0f3e8c2a4e5f9d7b1a3c5e7f9b2d/preview.mp4',
  voice_id: '',
  error_msg: '',
};

/** Product avatars: a presenter holding a product (issue 14; docs/avatars.md "Product avatars"). */
export function productAvatarRoutes(app: App, productAvatars: ProductAvatarService, avatars: CustomAvatarService): void {
  app.post('/v2/product_avatar/generation', {
    schema: {
      tags,
      summary: 'Paint num_images pictures of a presenter holding the product (in a second or a few); poll GET /v2/product_avatar/generation/{batch_id}, or subscribe to generated_product_avatar_success / _failed. Free',
      body: GenerationBody,
      response: {
        200: Envelope(
          Type.Object({
            batch_id: Type.String({ description: 'The batch: GET /v2/product_avatar/generation/{batch_id}' }),
            generations: Type.Array(GenerationItem, { description: 'One item a picture, all pending' }),
          }),
          { batch_id: EXAMPLE_IDS.productBatch, generations: exampleBatch.generations.map((g) => ({ ...g, status: 'pending' as const, url: '' })) },
        ),
      },
      'x-error-codes': {
        40000: 'a field is missing or not one of its values (num_images 1-4, quality, aspect_ratio, avatar_source.type), avatar_source.value or avatar_id missing for its type, a URL the URL policy refuses, an asset id that is no image of this account, a bad webhook_url, or the account is over its storage quota',
        10104: 'avatar_source.avatar_id is not a public avatar, or not a ready custom avatar of this account',
      },
    },
    handler: async (req) => ok(await productAvatars.generate(req.principal.accountId, req.body)),
  });

  app.get('/v2/product_avatar/generation/:batch_id', {
    schema: {
      tags,
      summary: "A product-avatar batch: how many pictures are pending, processing, completed and failed, and each picture's status and URL",
      params: Type.Object({ batch_id: Type.String({ minLength: 1, maxLength: 64, description: 'From POST /v2/product_avatar/generation', examples: [EXAMPLE_IDS.productBatch] }) }),
      response: {
        200: Envelope(
          Type.Object({
            batch_id: Type.String({ description: 'As asked' }),
            status: StringEnum(['pending', 'completed', 'failed'] as const, { description: 'Extension: pending while pictures are being made; completed when at least one was made; failed when none was' }),
            summary: Type.Object(
              {
                pending: Type.Integer({ description: 'Pictures not started' }),
                processing: Type.Integer({ description: 'Pictures being painted' }),
                completed: Type.Integer({ description: 'Pictures made' }),
                failed: Type.Integer({ description: 'Pictures that could not be made' }),
              },
              { description: 'Pictures by status (the v2 CLI polls until pending + processing is 0)' },
            ),
            generations: Type.Array(GenerationItem, { description: 'The pictures, in order' }),
            msg: Type.String({ description: 'Extension: why the batch failed, or empty' }),
          }),
          exampleBatch,
        ),
      },
      'x-error-codes': { 10104: 'batch_id is not a batch of this account' },
    },
    handler: async (req) => ok(await productAvatars.batch(req.principal.accountId, req.params.batch_id)),
  });

  app.post('/v2/product_avatar/add_motion', {
    schema: {
      tags,
      summary: 'Make a custom avatar (avatar_type 1) of a completed picture: its presenter holds the product in every video; ready at once, its talking preview follows in a few seconds',
      body: Type.Object(
        {
          generation_id: Type.String({ minLength: 1, maxLength: 64, description: 'A completed picture of GET /v2/product_avatar/generation/{batch_id}' }),
          name: Type.String({ minLength: 1, maxLength: 80, description: 'Name of the new custom avatar (1-80 characters)' }),
          voice_id: Opt(Type.String({ maxLength: 100, description: "The avatar's voice (GET /v2/voices or /v2/voices/custom): videos with this avatar and no voice of their own speak with it" })),
          description: Opt(Type.String({ maxLength: 500, description: 'Accepted for compatibility (the vendor\'s motion description); the motion here is the presenters\' own talking motion' })),
          model: Opt(Type.Integer({ minimum: 0, maximum: 2, description: 'Accepted for compatibility; every model makes the same avatar here' })),
          aspect_ratio: Opt(V2AspectRatioField('Accepted for compatibility; the avatar fits every ratio')),
        },
        { examples: [{ generation_id: EXAMPLE_IDS.productGeneration, name: 'Lucia with the lamp', voice_id: 'en-us-f1', description: 'Presents the lamp warmly' }] },
      ),
      response: {
        200: Envelope(
          Type.Object({
            motion_id: Type.String({ description: 'For GET /v2/product_avatar?motion_id=' }),
            avatar_id: Type.Integer({ description: 'Extension: the new custom avatar (avatar_type 1), ready at once' }),
            name: Type.String({ description: 'Extension: the name given' }),
          }),
          { motion_id: EXAMPLE_IDS.productMotion, avatar_id: EXAMPLE_IDS.customAvatar, name: 'Lucia with the lamp' },
        ),
      },
      'x-error-codes': {
        40000: 'generation_id is not completed yet (or failed), or name is empty or longer than 80 characters',
        10104: 'generation_id is not a picture of this account, or voice_id is not a voice of GET /v2/voices or of this account\'s custom voices',
      },
    },
    handler: async (req) => ok(await productAvatars.addMotion(req.principal.accountId, req.body)),
  });

  app.get('/v2/product_avatar', {
    schema: {
      tags,
      summary: 'A product avatar made by add_motion: completed (usable in videos at once), with its picture and talking preview',
      querystring: Type.Object({ motion_id: Type.String({ minLength: 1, maxLength: 64, description: 'From POST /v2/product_avatar/add_motion', examples: [EXAMPLE_IDS.productMotion] }) }),
      response: {
        200: Envelope(
          Type.Object({
            avatar_id: Type.Integer({ description: 'The custom avatar (avatar_type 1)' }),
            motion_id: Type.String({ description: 'As asked' }),
            name: Type.String({ description: "The avatar's name" }),
            status: Type.String({ description: 'completed (usable), pending or error' }),
            image_url: Type.String({ description: 'The picture it was made from (its cover)' }),
            motion_preview_url: Type.String({ description: 'A few seconds of the avatar talking with the product in hand (MP4); empty for the first seconds' }),
            voice_id: Type.String({ description: 'The voice given, or empty' }),
            error_msg: Type.String({ description: 'Why it failed, or empty' }),
          }),
          exampleMotion,
        ),
      },
      'x-error-codes': { 10104: 'motion_id is not a product avatar of this account' },
    },
    handler: async (req) => ok(await productAvatars.motion(req.principal.accountId, req.query.motion_id)),
  });

  app.get('/v2/avatars/product_avatars', {
    schema: {
      tags,
      summary: "The account's product avatars (made by POST /v2/product_avatar/add_motion), newest first, as GET /v2/avatars/custom lists them; by aspect_ratio (the picture's: 3:2 landscape, else portrait)",
      querystring: V2AvatarListQuery,
      response: {
        200: Envelope(
          Type.Object({ product_avatars: Type.Array(CustomAvatarV2, { description: 'This page of the matching product avatars, newest first' }), ...V2PagingOut }),
          { product_avatars: [v2({ ...exampleCustomAvatar, name: 'Lucia with the lamp', kind: 'product', style: 'Product', cover_url: exampleUrl('generation-1.png') })], ...v2Paging(1, 1, 20) },
        ),
      },
    },
    handler: async (req) => {
      const { items, paging } = await v2AvatarPage(avatars, req.principal.accountId, 'product', req.query);
      return ok({ product_avatars: items, ...paging });
    },
  });
}
