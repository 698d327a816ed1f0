import { Type } from 'typebox';
import { Envelope, ok } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { Opt } from '../http/schema-helpers.ts';
import { aspectRatioToV2, pageOf, ratioOfFilter, V2AspectRatioFilter, V2PageQuery, V2Pagination, v2Pagination, v2Paging, V2PagingOut, type V2AspectRatio } from '../http/v2.ts';
import type { CatalogService, VoiceRecord } from './catalog.service.ts';
import { languageFilter } from './languages.ts';

/**
 * The v2 catalogs (JOGGAI-SURFACE.md, v2): adapters over CatalogService, the lists of the v1
 * routes in v2 shapes — voices with audio_url/accent/use_case and has_more, public avatars with
 * `id` and aspect ratio names, music as {music[], pagination}, visual styles. Custom voices and
 * avatars have their own v2 routes in their features (src/voices, src/avatars).
 */

const B = 'http://localhost:8080';
const tags = ['Catalogs'];

/** The locale part of a built-in voice id ("en-us-f1" → "en-US", "es-419-m2" → "es-419", "fr-f1" → "fr"); empty for others. */
export function voiceAccent(voiceId: string): string {
  const m = /^([a-z]{2,3})(?:-([a-z]{2}|\d{3}))?-[a-z]{1,3}\d?$/.exec(voiceId);
  if (!m) return '';
  return m[2] ? `${m[1]}-${/^\d+$/.test(m[2]) ? m[2] : m[2].toUpperCase()}` : m[1]!;
}

const v2Voice = (v: VoiceRecord) => ({
  voice_id: v.voice_id,
  name: v.name,
  audio_url: v.audition_url,
  language: v.language,
  gender: v.gender,
  age: v.age,
  accent: voiceAccent(v.voice_id),
  use_case: 'narration',
  engine: v.engine,
});

const VoiceV2 = Type.Object({
  voice_id: Type.String({ description: 'What the create-video routes take as voice id' }),
  name: Type.String({ description: 'Language, accent, gender and age in words' }),
  audio_url: Type.String({ description: 'MP3 sample of the voice, no API key needed (v1 calls it audition_url)' }),
  language: Type.String({ description: 'A language value of the create-video routes' }),
  gender: Type.String({ description: 'female or male' }),
  age: Type.String({ description: 'young, adult or senior' }),
  accent: Type.String({ description: 'The locale the voice speaks (en-US, en-GB, pt-BR, es-419, fr …); empty for voices of an external engine' }),
  use_case: Type.String({ description: 'Always narration: every voice here reads product and presenter scripts' }),
  engine: Type.String({ description: 'Extension: the speech engine (espeak, festival, external)' }),
});

const AvatarV2 = Type.Object({
  id: Type.Integer({ description: 'What the create-video routes take as avatar id (avatar_type 0)' }),
  avatar_id: Type.Integer({ description: 'The same id, as v1 names it' }),
  name: Type.String({ description: "The presenter's name" }),
  cover_url: Type.String({ description: 'PNG portrait (512x512), no API key needed' }),
  aspect_ratio: Type.String({ description: 'The ratio asked for (portrait when not filtered): portrait, landscape or square; every avatar fits every ratio' }),
  style: Type.String({ description: 'casual, business, elegant, creative or sporty' }),
  gender: Type.String({ description: 'female or male' }),
  age: Type.String({ description: 'young, adult or senior' }),
  scene: Type.String({ description: 'studio, office, home, store or outdoor' }),
  ethnicity: Type.String({ description: 'e.g. european, african, east_asian, south_asian, latino, middle_eastern' }),
});

const MusicV2 = Type.Object({
  id: Type.Integer({ description: 'What the create-video routes take as music id' }),
  name: Type.String({ description: 'Track name and tempo' }),
  music_url: Type.String({ description: 'The track (AAC in M4A), no API key needed' }),
  duration: Type.Number({ description: 'Seconds; a video loops or trims the track to its length' }),
});


export function catalogV2Routes(app: App, catalog: CatalogService): void {
  app.get('/v2/voices', {
    schema: {
      tags,
      summary: 'v2 of GET /v1/voices: the public voices, filtered and paged, with audio_url, accent, use_case and has_more (the account\'s own voices: GET /v2/voices/custom)',
      querystring: Type.Object({
        ...V2PageQuery,
        language: Opt(Type.String({ maxLength: 40, description: 'Only voices of this language: a language value ("english"), an ISO code ("en") or a locale ("en-US"; the accent is not narrowed)', examples: ['en-US'] })),
        gender: Opt(Type.String({ maxLength: 20, description: 'Only female or male voices (any case)' })),
        age: Opt(Type.String({ maxLength: 20, description: 'Only young, adult or senior voices (also young_adult, middle_aged, old)' })),
        use_case: Opt(Type.String({ maxLength: 60, description: 'Accepted for compatibility; every voice serves every use case, so it narrows nothing' })),
      }),
      response: {
        200: Envelope(Type.Object({ voices: Type.Array(VoiceV2, { description: 'This page of the matching voices' }), ...V2PagingOut }), {
          voices: [
            { voice_id: 'en-us-f1', name: 'English (US) – female, adult', audio_url: `${B}/v1/voices/en-us-f1/audition`, language: 'english', gender: 'female', age: 'adult', accent: 'en-US', use_case: 'narration', engine: 'espeak' },
          ],
          total: 12,
          page: 1,
          page_size: 10,
          has_more: true,
        }),
      },
    },
    handler: async (req) => {
      const q = req.query;
      const page = q.page ?? 1;
      const pageSize = q.page_size ?? 20;
      const found = catalog.voices({ page, page_size: pageSize, gender: q.gender, age: q.age, language: languageFilter(q.language) });
      return ok({ voices: found.voices.map(v2Voice), ...v2Paging(found.total, page, pageSize) });
    },
  });

  app.get('/v2/avatars/public', {
    schema: {
      tags,
      summary: 'v2 of GET /v1/avatars: the public avatars with id and aspect ratio names, filtered and paged',
      querystring: Type.Object({
        ...V2PageQuery,
        aspect_ratio: V2AspectRatioFilter('Every public avatar and style fits every ratio'),
        style: Opt(Type.String({ maxLength: 40, description: 'Only this style: casual, business, elegant, creative, sporty (professional and social are taken too)' })),
        gender: Opt(Type.String({ maxLength: 20, description: 'Only female or male avatars', examples: ['female'] })),
        age: Opt(Type.String({ maxLength: 20, description: 'Only young, adult or senior avatars (young_adult is taken too)' })),
        scene: Opt(Type.String({ maxLength: 40, description: 'Only this scene: studio, office, home, store, outdoor' })),
        ethnicity: Opt(Type.String({ maxLength: 40, description: 'Only this ethnicity' })),
      }),
      response: {
        200: Envelope(Type.Object({ avatars: Type.Array(AvatarV2, { description: 'This page of the matching avatars, by id' }), ...V2PagingOut }), {
          avatars: [{ id: 1, avatar_id: 1, name: 'Maya', cover_url: `${B}/v1/avatars/1/cover.png`, aspect_ratio: 'portrait', style: 'casual', gender: 'female', age: 'young', scene: 'studio', ethnicity: 'south_asian' }],
          total: 6,
          page: 1,
          page_size: 20,
          has_more: false,
        }),
      },
    },
    handler: async (req) => {
      const { page = 1, page_size: pageSize = 20, aspect_ratio, ...filter } = req.query;
      const ratio = ratioOfFilter(aspect_ratio);
      const all = catalog.avatars({ ...filter, aspect_ratio: ratio });
      const name: V2AspectRatio = aspectRatioToV2(ratio ?? 0);
      const avatars = pageOf(all, page, pageSize).map(({ avatar_id, aspect_ratio: _v1, ...rest }) => ({ id: avatar_id, avatar_id, ...rest, aspect_ratio: name }));
      return ok({ avatars, ...v2Paging(all.length, page, pageSize) });
    },
  });

  app.get('/v2/musics', {
    schema: {
      tags,
      summary: 'v2 of GET /v1/musics: the background tracks, paged, as {music[], pagination}',
      querystring: Type.Object({ ...V2PageQuery }),
      response: {
        200: Envelope(Type.Object({ music: Type.Array(MusicV2, { description: 'This page of the tracks, by id' }), pagination: V2Pagination }), {
          music: [{ id: 1, name: 'Upbeat Pop (120 BPM)', music_url: `${B}/v1/musics/1/audio`, duration: 72 }],
          pagination: { page: 1, page_size: 10, total: 8, total_pages: 1 },
        }),
      },
    },
    handler: async (req) => {
      const page = req.query.page ?? 1;
      const pageSize = req.query.page_size ?? 20;
      const all = catalog.musics();
      return ok({ music: pageOf(all, page, pageSize), pagination: v2Pagination(page, pageSize, all.length) });
    },
  });

  app.get('/v2/visual_styles', {
    schema: {
      tags,
      summary: 'v2 of GET /v1/visual_styles; `name` is what visual_style takes',
      querystring: Type.Object({ aspect_ratio: V2AspectRatioFilter('Every public avatar and style fits every ratio') }),
      response: {
        200: Envelope(
          Type.Object({
            visual_styles: Type.Array(
              Type.Object({ id: Type.Integer({ description: 'Style id' }), name: Type.String({ description: 'What the create-video routes take as visual_style' }) }),
              { description: 'Every visual style (each fits every aspect ratio)' },
            ),
          }),
          { visual_styles: [{ id: 1, name: 'Clean Minimal' }, { id: 2, name: 'Bold Pop' }] },
        ),
      },
    },
    handler: async () => ok({ visual_styles: catalog.visualStyles() }),
  });
}
