import { Type } from 'typebox';
import { Envelope, ok } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { AspectRatioFilter, Opt } from '../http/schema-helpers.ts';
import type { CatalogService } from './catalog.service.ts';

const B = 'http://localhost:8080';

const Avatar = Type.Object({
  avatar_id: Type.Integer({ description: 'What create_video_from_url takes as avatar_id (with avatar_type 0)' }),
  name: Type.String({ description: "The presenter's name" }),
  cover_url: Type.String({ description: 'PNG portrait (512x512), no API key needed' }),
  aspect_ratio: Type.Integer({ description: 'The ratio asked for (0 when not filtered); every avatar fits every ratio' }),
  style: Type.String({ description: 'casual, business, elegant, creative or sporty' }),
  gender: Type.String({ description: 'female or male' }),
  age: Type.String({ description: 'young, adult or senior' }),
  scene: Type.String({ description: 'Extension: studio, office, home, store or outdoor' }),
  ethnicity: Type.String({ description: 'Extension: e.g. european, african, east_asian, south_asian, latino, middle_eastern' }),
});
const exampleAvatar = { avatar_id: 1, name: 'Maya', cover_url: `${B}/v1/avatars/1/cover.png`, aspect_ratio: 0, style: 'casual', gender: 'female', age: 'young', scene: 'studio', ethnicity: 'south_asian' };

const Voice = Type.Object({
  voice_id: Type.String({ description: 'What create_video_from_url takes as voice_id' }),
  name: Type.String({ description: 'Language, accent, gender and age in words' }),
  language: Type.String({ description: 'A language value of create_video_from_url' }),
  gender: Type.String({ description: 'female or male' }),
  age: Type.String({ description: 'young, adult or senior' }),
  audition_url: Type.String({ description: 'MP3 sample, no API key needed' }),
  engine: Type.String({ description: 'Extension: the speech engine (espeak, festival, external)' }),
});

const Music = Type.Object({
  id: Type.Integer({ description: 'What create_video_from_url takes as music_id' }),
  name: Type.String({ description: 'Track name and tempo' }),
  music_url: Type.String({ description: 'The track (AAC in M4A), no API key needed' }),
  duration: Type.Number({ description: 'Seconds; a video loops or trims the track to its length' }),
});

const Template = Type.Object({
  id: Type.Integer({ description: 'What create_video_from_url takes as template_id' }),
  name: Type.String({ description: 'Template name' }),
  cover_url: Type.String({ description: 'JPEG cover for the reported aspect ratio, no API key needed' }),
  preview_url: Type.String({ description: 'Short MP4 preview for the reported aspect ratio, no API key needed' }),
  aspect_ratio: Type.Integer({ description: 'The ratio asked for (0 when not filtered); every template fits every ratio' }),
});
const exampleTemplate = {
  id: 1,
  name: 'Spotlight',
  cover_url: `${B}/v1/templates/1/cover.jpg?aspect_ratio=0`,
  preview_url: `${B}/v1/templates/1/preview.mp4?aspect_ratio=0`,
  aspect_ratio: 0,
};

const tags = ['Catalogs'];

export function catalogRoutes(app: App, catalog: CatalogService): void {
  app.get('/v1/avatars', {
    schema: {
      tags,
      summary: 'Public avatars (every drawn presenter fits every aspect ratio)',
      querystring: Type.Object({
        aspect_ratio: AspectRatioFilter(),
        style: Opt(Type.String({ description: 'Only this style (case-insensitive): casual, business, elegant, creative, sporty' })),
        gender: Opt(Type.String({ description: 'Only female or male avatars', examples: ['female'] })),
        age: Opt(Type.String({ description: 'Only young, adult or senior avatars' })),
        scene: Opt(Type.String({ description: 'Only this scene: studio, office, home, store, outdoor' })),
        ethnicity: Opt(Type.String({ description: 'Only this ethnicity' })),
      }),
      response: { 200: Envelope(Type.Object({ avatars: Type.Array(Avatar, { description: 'Matching avatars by id' }) }), { avatars: [exampleAvatar] }) },
    },
    handler: async (req) => ok({ avatars: catalog.avatars(req.query) }),
  });

  app.get('/v1/voices', {
    schema: {
      tags,
      summary: 'Voices, filtered and paged',
      querystring: Type.Object({
        page: Opt(Type.Integer({ minimum: 1, default: 1, description: 'Page number, from 1' })),
        page_size: Opt(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Voices per page (at most 100)', examples: [2] })),
        gender: Opt(Type.String({ description: 'Only female or male voices' })),
        age: Opt(Type.String({ description: 'Only young, adult or senior voices' })),
        language: Opt(Type.String({ description: 'Only voices of this language (a language value of create_video_from_url)', examples: ['english'] })),
      }),
      response: {
        200: Envelope(
          Type.Object({ total: Type.Integer({ description: 'Matching voices on all pages' }), voices: Type.Array(Voice, { description: 'This page of them' }) }),
          {
            total: 12,
            voices: [
              { voice_id: 'en-us-f1', name: 'English (US) – female, adult', language: 'english', gender: 'female', age: 'adult', audition_url: `${B}/v1/voices/en-us-f1/audition`, engine: 'espeak' },
              { voice_id: 'en-us-m1', name: 'English (US) – male, adult', language: 'english', gender: 'male', age: 'adult', audition_url: `${B}/v1/voices/en-us-m1/audition`, engine: 'espeak' },
            ],
          },
        ),
      },
    },
    handler: async (req) => ok(catalog.voices({ ...req.query, page: req.query.page ?? 1, page_size: req.query.page_size ?? 20 })),
  });

  app.get('/v1/musics', {
    schema: { tags, summary: 'Background music tracks', response: {
        200: Envelope(Type.Object({ musics: Type.Array(Music, { description: 'Every track, by id' }) }), {
          musics: [{ id: 1, name: 'Upbeat Pop (120 BPM)', music_url: `${B}/v1/musics/1/audio`, duration: 72 }],
        }),
      },
    },
    handler: async () => ok({ musics: [...catalog.musics()] }),
  });

  for (const path of ['/v1/visual_styles', '/v1/visual']) {
    app.get(path, {
      schema: {
        tags,
        summary: 'Visual styles; `name` is what visual_style takes',
        querystring: Type.Object({ aspect_ratio: AspectRatioFilter() }),
        response: {
          200: Envelope(
            Type.Object({
              visual_styles: Type.Array(
                Type.Object({ id: Type.Integer({ description: 'Style id' }), name: Type.String({ description: 'What create_video_from_url takes as visual_style' }) }),
                { description: 'Every visual style' },
              ),
            }),
            { visual_styles: [{ id: 1, name: 'Clean Minimal' }, { id: 2, name: 'Bold Pop' }] },
          ),
        },
      },
      handler: async () => ok({ visual_styles: catalog.visualStyles() }),
    });
  }

  app.get('/v1/templates', {
    schema: {
      tags,
      summary: 'Public templates (each fits every aspect ratio)',
      querystring: Type.Object({ aspect_ratio: AspectRatioFilter() }),
      response: { 200: Envelope(Type.Object({ templates: Type.Array(Template, { description: 'Every public template' }) }), { templates: [exampleTemplate] }) },
    },
    handler: async (req) => ok({ templates: catalog.templates(req.query.aspect_ratio) }),
  });

  app.get('/v1/templates/custom', {
    schema: {
      tags,
      summary: "The account's own templates",
      querystring: Type.Object({ aspect_ratio: AspectRatioFilter() }),
      response: { 200: Envelope(Type.Object({ templates: Type.Array(Template, { description: 'Custom templates cannot be made yet: always empty' }) }), { templates: [] }) },
    },
    handler: async (req) => ok({ templates: catalog.customTemplates(req.principal.accountId) }),
  });
}
