import { Type } from 'typebox';
import { Envelope, ok } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { EXAMPLE_IDS } from '../http/examples.ts';
import { IntEnum, Opt, StringEnum } from '../http/schema-helpers.ts';
import { ratioOfFilter, V2_ASPECT_RATIOS } from '../http/v2.ts';
import { DESCRIPTION_AGES, DESCRIPTION_GENDERS, DESCRIPTION_MODELS, DESCRIPTION_STYLES } from '../pipeline/avatar/describe.ts';
import type { AvatarGenerationService, GenerationView } from './avatar-generation.service.ts';

const tags = ['Avatars'];
const exampleKey = (i: number) => `avatars/g-${EXAMPLE_IDS.photo}/candidate-${i}.png`;
const exampleGeneration: GenerationView = {
  photo_id: EXAMPLE_IDS.photo,
  status: 'success',
  image_url_list: [1, 2, 3, 4].map((i) => `http://localhost:8080/files/${exampleKey(i)}`),
  image_key_list: [1, 2, 3, 4].map(exampleKey),
  msg: 'not drawn (words the painter does not know): freckles',
};

const generateFields = {
    age: StringEnum(DESCRIPTION_AGES, { description: 'Age group: hair colour (grey to white when Elderly), face lines (Elderly), youthful features (Teenager)' }),
    gender: StringEnum(DESCRIPTION_GENDERS, { description: 'The figure (shoulders, jaw, lashes) and the hair styles drawn' }),
    avatar_style: StringEnum(DESCRIPTION_STYLES, { description: 'The outfit: Professional (suits, blazers, coats, dresses), Social (tees, hoodies, jackets, tops)' }),
    aspect_ratio: Opt(IntEnum([0, 1], { meanings: ['portrait 9:16', 'landscape 16:9'], description: 'Recorded with the avatar made from a candidate; every drawn presenter fits every ratio. Default 0' })),
    model: Opt(StringEnum(DESCRIPTION_MODELS, { description: 'The palette: classic (muted: navy, charcoal, burgundy, camel) or modern (vivid: coral, teal, mustard, violet). Default classic' })),
    ethnicity: Opt(Type.String({ maxLength: 80, description: 'The skin tone range the candidates spread over, and eye and hair colours, e.g. European, East Asian, South Asian, Middle Eastern, Latino, African, Pacific Islander, Mixed; absent: the whole range' })),
    appearance: Opt(Type.String({ maxLength: 500, description: 'Free text; the painter uses hair colour, length and style (long, short, curly, bun, ponytail, braid, bald …), eye colour, skin (fair, olive, dark …), glasses, beard, stubble, clean-shaven, headscarf or hijab, earrings, necklace or pearls, headband, the outfit and its colour ("navy suit"); "no"/"without" removes one. Words it does not use are listed in msg' })),
    background: Opt(Type.String({ maxLength: 200, description: 'The scene: office, studio, home (living room, kitchen …), store (shop, cafe …) or outdoor (park, beach, street …), and its colours ("blue studio"); absent: office for Professional, studio for Social' })),
    image_url: Opt(Type.String({ maxLength: 2048, description: 'A reference picture: its URL (the URL rules of product URLs), or an uploaded image (asset_id or asset URL from POST /v1/upload/asset). Its main colours become the outfit and backdrop colours. Not a photo of the person: use add_motion for that' })),
};
const GenerateBody = Type.Object(generateFields, { examples: [{ age: 'Young adult', gender: 'Female', avatar_style: 'Professional', aspect_ratio: 0, model: 'classic', ethnicity: 'East Asian', appearance: 'long dark hair, round glasses, freckles', background: 'office' }] });
/** v2: aspect_ratio is a string: a v2 name or the v1 number as a string ("0", "1", "2"). */
const V2_PHOTO_RATIOS = [...V2_ASPECT_RATIOS, '0', '1', '2'] as const;
const GenerateBodyV2 = Type.Object(
  {
    ...generateFields,
    aspect_ratio: Opt(StringEnum(V2_PHOTO_RATIOS, { meanings: ['9:16', '16:9', '1:1', 'portrait 9:16', 'landscape 16:9', 'square 1:1'], description: 'Recorded with the avatar made from a candidate (every drawn presenter fits every ratio): portrait, landscape or square ("0", "1", "2" are taken too; square is recorded as portrait). Default portrait' })),
  },
  { examples: [{ age: 'Elderly', gender: 'Male', avatar_style: 'Social', aspect_ratio: 'portrait', model: 'modern', ethnicity: 'European', appearance: 'glasses and a beard', background: 'park' }] },
);

/** Candidate portraits of drawn presenters from a description (CONTRACT §10; docs/avatars.md). */
export function photoGenerationRoutes(app: App, generations: AvatarGenerationService): void {
  app.post('/v1/photo_avatar/photo/generate', {
    schema: {
      tags,
      summary: 'Paint four candidate portraits of a drawn presenter from a description (in about a second); poll GET /v1/photo_avatar/generation, or subscribe to generated_image_success / _failed',
      body: GenerateBody,
      response: { 200: Envelope(Type.Object({ photo_id: Type.String({ description: 'The generation: GET /v1/photo_avatar/generation?photo_id=' }) }), { photo_id: EXAMPLE_IDS.photo }) },
      'x-error-codes': { 40000: 'a field is missing or not one of its values, a text is too long, image_url is neither an acceptable URL nor an uploaded image of this account, or the account is over its storage quota (msg says which)' },
    },
    handler: async (req) => ok(await generations.generate(req.principal.accountId, req.body)),
  });

  app.post('/v2/photo_avatar/photo/generate', {
    schema: {
      tags,
      summary: 'v2 of POST /v1/photo_avatar/photo/generate (aspect_ratio a string); status at GET /v2/photo_avatar/photo',
      body: GenerateBodyV2,
      response: { 200: Envelope(Type.Object({ photo_id: Type.String({ description: 'The generation: GET /v2/photo_avatar/photo?photo_id=' }) }), { photo_id: EXAMPLE_IDS.photo }) },
      'x-error-codes': { 40000: 'a field is missing or not one of its values, a text is too long, image_url is neither an acceptable URL nor an uploaded image of this account, or the account is over its storage quota (msg says which)' },
    },
    handler: async (req) => ok(await generations.generate(req.principal.accountId, { ...req.body, aspect_ratio: ratioOfFilter(req.body.aspect_ratio) })),
  });

  for (const path of ['/v1/photo_avatar/generation', '/v2/photo_avatar/photo']) {
    app.get(path, {
      schema: {
        tags,
        summary: `A generation: status, the candidate portraits (PNG, 512x512) and msg (the appearance words not drawn, or why it failed)${path.startsWith('/v2') ? ' (v2 name of GET /v1/photo_avatar/generation)' : ''}`,
        querystring: Type.Object({ photo_id: Type.String({ minLength: 1, maxLength: 64, description: 'From POST /v1 or /v2 photo_avatar/photo/generate', examples: [EXAMPLE_IDS.photo] }) }),
        response: {
          200: Envelope(
            Type.Object({
              photo_id: Type.String({ description: 'The generation' }),
              status: StringEnum(['in_progress', 'error', 'success'] as const, { description: 'in_progress, then success (candidates listed) or error (msg says why)' }),
              image_url_list: Type.Array(Type.String(), { description: 'Candidate PNGs, no API key needed; give one to POST /v1/photo_avatar/add_motion as image_url' }),
              image_key_list: Type.Array(Type.String(), { description: 'The same candidates as storage keys (also accepted as add_motion image_url)' }),
              msg: Type.String({ description: 'Words of appearance, background or ethnicity the painter did not use, an image_url it could not read, or why it failed; empty otherwise' }),
            }),
            exampleGeneration,
          ),
        },
        'x-error-codes': { 10104: 'photo_id is not a generation of this account' },
      },
      handler: async (req) => ok(await generations.get(req.principal.accountId, req.query.photo_id)),
    });
  }
}
