import { Type } from 'typebox';
import { Envelope, ok } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { AspectRatioFilter, Opt } from '../http/schema-helpers.ts';
import type { CatalogService } from './catalog.service.ts';
import { TemplateOut } from '../templates/template.schemas.ts';


const Avatar = Type.Object({
  avatar_id: Type.Integer(),
  name: Type.String(),
  cover_url: Type.String(),
  aspect_ratio: Type.Integer(),
  style: Type.String(),
  gender: Type.String(),
  age: Type.String(),
  scene: Type.String(),
  ethnicity: Type.String(),
});

const CustomAvatar = Type.Object({
  avatar_id: Type.Integer(),
  name: Type.String(),
  cover_url: Type.String(),
  status: Type.Integer({ description: '0 processing, 1 ready, 2 failed' }),
  fail_msg: Type.String(),
});

const Voice = Type.Object({
  voice_id: Type.String(),
  name: Type.String(),
  language: Type.String(),
  gender: Type.String(),
  age: Type.String(),
  audition_url: Type.String(),
});

const Music = Type.Object({ id: Type.Integer(), name: Type.String(), music_url: Type.String(), duration: Type.Number() });


const tags = ['Catalogs'];

export function catalogRoutes(app: App, catalog: CatalogService): void {
  app.get('/v1/avatars', {
    schema: {
      tags,
      summary: 'Public avatars (every drawn presenter fits every aspect ratio)',
      querystring: Type.Object({
        aspect_ratio: AspectRatioFilter(),
        style: Opt(Type.String()),
        gender: Opt(Type.String()),
        age: Opt(Type.String()),
        scene: Opt(Type.String()),
        ethnicity: Opt(Type.String()),
      }),
      response: { 200: Envelope(Type.Object({ avatars: Type.Array(Avatar) })) },
    },
    handler: async (req) => ok({ avatars: catalog.avatars(req.query) }),
  });

  app.get('/v1/avatars/custom', {
    schema: { tags, summary: "The account's custom avatars", response: { 200: Envelope(Type.Object({ avatars: Type.Array(CustomAvatar) })) } },
    handler: async (req) => ok({ avatars: catalog.customAvatars(req.principal.accountId) }),
  });

  app.get('/v1/voices', {
    schema: {
      tags,
      summary: 'Voices, filtered and paged',
      querystring: Type.Object({
        page: Opt(Type.Integer({ minimum: 1, default: 1 })),
        page_size: Opt(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
        gender: Opt(Type.String()),
        age: Opt(Type.String()),
        language: Opt(Type.String()),
      }),
      response: { 200: Envelope(Type.Object({ total: Type.Integer(), voices: Type.Array(Voice) })) },
    },
    handler: async (req) => ok(catalog.voices({ ...req.query, page: req.query.page ?? 1, page_size: req.query.page_size ?? 20 })),
  });

  app.get('/v1/musics', {
    schema: { tags, summary: 'Background music tracks', response: { 200: Envelope(Type.Object({ musics: Type.Array(Music) })) } },
    handler: async () => ok({ musics: [...catalog.musics()] }),
  });

  for (const path of ['/v1/visual_styles', '/v1/visual']) {
    app.get(path, {
      schema: {
        tags,
        summary: 'Visual styles; `name` is what visual_style takes',
        querystring: Type.Object({ aspect_ratio: AspectRatioFilter() }),
        response: { 200: Envelope(Type.Object({ visual_styles: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })) })) },
      },
      handler: async () => ok({ visual_styles: catalog.visualStyles() }),
    });
  }

  app.get('/v1/templates', {
    schema: {
      tags,
      summary: 'Public templates (each fits every aspect ratio), with their variables',
      querystring: Type.Object({ aspect_ratio: AspectRatioFilter() }),
      response: { 200: Envelope(Type.Object({ templates: Type.Array(TemplateOut) })) },
    },
    handler: async (req) => ok({ templates: catalog.templates(req.query.aspect_ratio) }),
  });
}
