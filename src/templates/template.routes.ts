import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { BareEnvelope, Envelope, addWarnings, ok, okBare } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { ASPECT_RATIO_MEANINGS, AspectRatioFilter, IntEnum, Opt, StringEnum } from '../http/schema-helpers.ts';
import { EXAMPLE_IDS } from '../http/examples.ts';
import { AppError, Codes } from '../lib/errors.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { DAY_CACHE_CONTROL, sendStored } from '../storage/files.routes.ts';
import type { TemplateService } from './template.service.ts';
import type { TemplateVideoService } from './template-video.service.ts';
import { CUSTOM_TEMPLATE_EXAMPLE, SCENE_EXAMPLE, TemplateOut, VariablesIn } from './template.schemas.ts';

const CreateWithTemplateBody = Type.Object({
  template_id: Type.Integer({ minimum: 1, description: 'From GET /v1/templates (template_type common) or GET /v1/templates/custom (user)' }),
  template_type: Opt(
    StringEnum(['common', 'user', 'public', 'custom'] as const, {
      meanings: ['a public template, GET /v1/templates', 'your own template, GET /v1/templates/custom', 'same as common', 'same as user'],
      description: 'Where template_id comes from; absent → common',
    }),
  ),
  lang: Opt(Type.String({ maxLength: 40, description: 'Narration language: a name of GET /v1/voices languages (english), an ISO code (en) or a locale (en-US); absent → english' })),
  aspect_ratio: Opt(IntEnum([0, 1, 2], { meanings: ASPECT_RATIO_MEANINGS, description: 'Extension: public templates only (a custom template has its own); absent → 0' })),
  avatar_id: Opt(Type.Integer({ minimum: 0, description: 'A presenter from GET /v1/avatars; 0 or absent → none' })),
  avatar_type: Opt(IntEnum([0, 1], { meanings: ['public avatar', 'custom avatar'], description: 'Where avatar_id comes from: 0 GET /v1/avatars (default), 1 GET /v1/avatars/custom' })),
  voice_id: Opt(Type.String({ maxLength: 128, description: 'From GET /v1/voices; absent or empty → the language\'s default voice' })),
  caption: Opt(Type.Boolean({ description: 'Burn in captions (default false)' })),
  music_id: Opt(Type.Integer({ minimum: 0, description: 'From GET /v1/musics; 0 or absent → none' })),
  video_name: Opt(Type.String({ maxLength: 200, description: "The video's title; absent → the template name" })),
  variables: VariablesIn('text and script variables'),
}, {
  examples: [{
    template_id: 1,
    template_type: 'common',
    lang: 'english',
    aspect_ratio: 0,
    avatar_id: 1,
    avatar_type: 0,
    voice_id: 'en-us-f1',
    caption: true,
    music_id: 1,
    video_name: 'Aurora lamp spotlight',
    variables: [
      { type: 'script', name: 'script', properties: { content: 'Meet the Aurora Desk Lamp: warm, dimmable light for late work, charged over USB-C.' } },
      { type: 'text', name: 'title', properties: { content: 'Aurora Desk Lamp' } },
    ],
  }],
});

const templateNotFound = 'template_id is not a template of its template_type (another account\'s custom template too), or an avatar_id, voice_id or music_id the catalogs do not list (msg names the field)';

const tags = ['Templates'];

export function templateRoutes(app: App, templates: TemplateService, templateVideos: TemplateVideoService): void {
  app.post('/v1/create_video_with_template', {
    schema: {
      tags,
      summary: "Make a video from a template, filling its variables (1 credit per started 2 minutes)",
      description:
        'Each variable is matched by name to the template\'s `variables` (GET /v1/templates, /v1/templates/custom): the script variable is said as written, text variables go on screen, image and video variables are the media. A missing required variable, an unknown name or a wrong type is 40000 naming the variable. Status through GET /v1/project.',
      body: CreateWithTemplateBody,
      response: { 200: Envelope(Type.Object({ project_id: Type.String({ description: '32-hex id' }) }), { project_id: EXAMPLE_IDS.project }) },
      'x-error-codes': {
        10104: templateNotFound,
        18020: 'not enough credit (1 per started 2 minutes); nothing is recorded',
        40000: 'a field breaks its rule, or a variable is missing, unknown or of the wrong type (msg names the variable)',
      },
    },
    handler: async (req) => {
      const { project_id, notes } = await templateVideos.create(req.principal, { ...req.body, template_type: req.body.template_type ?? 'common' });
      addWarnings(req, notes);
      return ok({ project_id });
    },
  });

  app.get('/v1/templates/custom', {
    schema: {
      tags: ['Catalogs'],
      summary: "The account's own templates, with their variables",
      description: 'cover_url and preview_url are rendered on their first request (a few seconds), then kept.',
      querystring: Type.Object({ aspect_ratio: AspectRatioFilter() }),
      response: { 200: Envelope(Type.Object({ templates: Type.Array(TemplateOut, { description: "The account's custom templates" }) }), { templates: [CUSTOM_TEMPLATE_EXAMPLE] }) },
    },
    handler: async (req) => {
      const ratio = req.query.aspect_ratio;
      const list = await templates.listCustom(req.principal);
      return ok({ templates: ratio === undefined || ratio < 0 ? list : list.filter((t) => t.aspect_ratio === ratio) });
    },
  });

  app.post('/v1/templates/custom', {
    schema: {
      tags,
      summary: 'Create a custom template from a scene description (extension)',
      description:
        'The body is the scene: name, aspect_ratio, base_template_id, visual_style, colors, fonts, background, logo, layout and variables — see docs/templates.md for the format and a complete example. Every wrong field is named by its JSON-pointer path in one 40000 message.',
      body: Type.Object({}, { additionalProperties: true, description: 'A scene description (docs/templates.md)', examples: [SCENE_EXAMPLE] }),
      response: { 200: Envelope(TemplateOut, CUSTOM_TEMPLATE_EXAMPLE) },
      'x-error-codes': {
        10104: 'logo.url is an asset_id or asset URL this account did not upload',
        40000: 'the scene breaks its rules (every wrong field named by its JSON-pointer path), or the account already keeps the most custom templates allowed',
      },
    },
    handler: async (req) => ok(await templates.create(req.principal, req.body)),
  });

  app.delete('/v1/templates/custom', {
    schema: {
      tags,
      summary: 'Delete a custom template (extension)',
      description: 'Its cover and preview are removed; videos already made or being made from it are not affected. Another account\'s template id is 10104.',
      querystring: Type.Object({ template_id: Type.Integer({ minimum: 1, description: 'From GET /v1/templates/custom', examples: [EXAMPLE_IDS.customTemplate] }) }),
      response: { 200: BareEnvelope },
      'x-error-codes': { 10104: 'template_id is not a custom template of this account' },
    },
    handler: async (req) => {
      await templates.delete(req.principal, req.query.template_id);
      return okBare();
    },
  });
}

type AnyApp = FastifyInstance<any, any, any, any, any>;

/** A custom template's cover and preview, behind unguessable URLs (image tags send no API key): outside the authenticated scope. */
export function customTemplateFileRoutes(app: AnyApp, templates: TemplateService, store: BlobStore): void {
  for (const [file, type, which] of [
    ['cover.jpg', 'image/jpeg', 'cover'],
    ['preview.mp4', 'video/mp4', 'preview'],
  ] as const) {
    app.get<{ Params: { template_id: string; token: string } }>(`/v1/templates/custom/:template_id/:token/${file}`, {
      schema: {
        tags: ['Catalogs'],
        summary: `A custom template's ${which} (${type}), rendered on first request; no API key needed`,
        security: [],
        params: {
          type: 'object',
          properties: {
            template_id: { type: 'string', description: 'The custom template id (the id of GET /v1/templates/custom)', examples: [String(EXAMPLE_IDS.customTemplate)] },
            token: { type: 'string', description: 'The 32-hex file token in its cover_url and preview_url', examples: [EXAMPLE_IDS.customTemplateToken] },
          },
          required: ['template_id', 'token'],
        },
        produces: [type],
        response: { 200: { description: type, type: 'string', format: 'binary' } },
        'x-error-codes': { 10104: 'no custom template with that id and token, or it was deleted (HTTP 404)' },
      },
      handler: async (req, reply) => {
        const id = Number(req.params.template_id);
        if (!Number.isSafeInteger(id) || !/^[0-9a-f]{32}$/.test(req.params.token)) throw new AppError(Codes.notFound, `Record not found: custom template ${req.params.template_id}`, 404);
        const key = await templates.customFile(id, req.params.token, which);
        return sendStored(req, reply, store, key, {
          notFound: () => new AppError(Codes.notFound, `Record not found: custom template ${req.params.template_id}`, 404),
          cacheControl: DAY_CACHE_CONTROL,
        });
      },
    });
  }
}
