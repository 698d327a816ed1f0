import { Type } from 'typebox';
import { Envelope, ok } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { EXAMPLE_IDS, EXAMPLE_TIME } from '../http/examples.ts';
import { Opt, StringEnum } from '../http/schema-helpers.ts';
import { languageFilter } from '../catalog/languages.ts';
import type { CustomVoiceService } from './custom-voice.service.ts';

const CustomVoice = Type.Object({
  voice_id: Type.String({ description: 'cv-<16 hex>; what create_video_from_url takes as voice_id (for this account only)' }),
  name: Type.String({ description: 'The name given when the voice was made' }),
  language: Type.String({ description: 'A language value of create_video_from_url: that of the base voice, or the one given with external_voice' }),
  gender: Type.String({ description: 'female or male' }),
  audition_url: Type.String({ description: 'MP3 sample of this voice as made (speed, pitch, timbre): a signed URL valid for about an hour (lists hand out fresh ones), no API key needed; the bare URL plays only with the owner\'s x-api-key' }),
  engine: Type.String({ description: 'espeak, festival or external; "unavailable" when its base voice is gone (e.g. the external engine was unconfigured)' }),
  base_voice_id: Type.Union([Type.String(), Type.Null()], { description: 'The voice of GET /v1/voices it is made from, or null for an external engine voice' }),
  external_voice: Type.Union([Type.String(), Type.Null()], { description: "The external engine's voice name, or null for a voice made from a listed voice" }),
  speed: Type.Number({ description: 'Rate multiplier (1 = as the base voice)' }),
  pitch: Type.Number({ description: 'Pitch shift in semitones (0 = as the base voice)' }),
  timbre: Type.Union([Type.String(), Type.Null()], { description: 'f1…m3: the espeak variant whose formants it borrows, or null' }),
  created_at: Type.Integer({ description: 'Unix seconds' }),
});

const exampleVoice = {
  voice_id: EXAMPLE_IDS.customVoice,
  name: 'Calm narrator',
  language: 'english',
  gender: 'female',
  audition_url: `http://localhost:8080/v1/voices/${EXAMPLE_IDS.customVoice}/audition?expires=${EXAMPLE_IDS.uploadExpires}&signature=${EXAMPLE_IDS.uploadSignature}`,
  engine: 'espeak',
  base_voice_id: 'en-us-f1',
  external_voice: null,
  speed: 0.9,
  pitch: -2,
  timbre: null,
  created_at: EXAMPLE_TIME,
};

const ListResponse = Envelope(
  Type.Object({
    total: Type.Integer({ description: 'Custom voices listed (all of them: this list has no pages)' }),
    voices: Type.Array(CustomVoice, { description: 'Newest first' }),
  }),
  { total: 1, voices: [exampleVoice] },
);
const ListResponseV2 = Envelope(
  Type.Object({
    total: Type.Integer({ description: 'Custom voices listed (all of them: this list has no pages)' }),
    voices: Type.Array(Type.Object({ ...CustomVoice.properties, audio_url: Type.String({ description: 'The same sample as audition_url, by its v2 name' }) }), { description: 'Newest first' }),
  }),
  { total: 1, voices: [{ ...exampleVoice, audio_url: exampleVoice.audition_url }] },
);
const tags = ['Catalogs'];

/** The account's own voices: listed by v1 and v2, made and deleted through extension routes. */
export function customVoiceRoutes(app: App, voices: CustomVoiceService): void {
  const LanguageQuery = Type.Object({ language: Opt(Type.String({ description: 'Only voices of this language (a language value of create_video_from_url)', examples: ['english'] })) });
  app.get('/v1/voices/custom', {
    schema: { tags, summary: "The account's custom voices, newest first", querystring: LanguageQuery, response: { 200: ListResponse } },
    handler: async (req) => ok(await voices.list(req.principal, req.query.language)),
  });
  // v2: the same list; each voice also has audio_url (the name GET /v2/voices gives the sample).
  app.get('/v2/voices/custom', {
    schema: {
      tags,
      summary: "v2 of GET /v1/voices/custom: the account's custom voices, newest first, with audio_url",
      querystring: Type.Object({ language: Opt(Type.String({ maxLength: 40, description: 'Only voices of this language: a language value ("english"), an ISO code ("en") or a locale ("en-US"), as GET /v2/voices takes it', examples: ['en-US'] })) }),
      response: { 200: ListResponseV2 },
    },
    handler: async (req) => {
      const list = await voices.list(req.principal, languageFilter(req.query.language));
      return ok({ total: list.total, voices: list.voices.map((v) => ({ ...v, audio_url: v.audition_url })) });
    },
  });

  app.post('/v1/voices/custom', {
    schema: {
      tags,
      summary: 'Extension: make a custom voice from a listed voice (own speed, pitch, timbre) or from an external engine voice; its audition_url plays it',
      body: Type.Object({
        name: Type.String({ minLength: 1, maxLength: 80, description: 'Your name for the voice (1-80 characters)' }),
        base_voice_id: Opt(Type.String({ maxLength: 128, description: 'A voice of GET /v1/voices' })),
        external_voice: Opt(Type.String({ maxLength: 128, description: "A voice name of the external engine (needs TTS_BASE_URL); give language and gender" })),
        language: Opt(Type.String({ maxLength: 40, description: "Required with external_voice (a language of GET /v1/voices); with base_voice_id absent or the base voice's language" })),
        gender: Opt(StringEnum(['female', 'male'] as const, { description: "Required with external_voice; with base_voice_id absent means the base voice's gender" })),
        speed: Opt(Type.Number({ minimum: 0.5, maximum: 2, description: 'Rate multiplier, default 1' })),
        pitch: Opt(Type.Number({ minimum: -12, maximum: 12, description: 'Semitones, default 0 (formants kept)' })),
        timbre: Opt(StringEnum(['f1', 'm1', 'f2', 'm2', 'f3', 'm3'] as const, { description: 'espeak voices only: the formants of another variant' })),
      }, { examples: [{ name: 'Calm narrator', base_voice_id: 'en-us-f1', speed: 0.9, pitch: -2 }] }),
      response: { 200: Envelope(CustomVoice, exampleVoice) },
      'x-error-codes': {
        10104: 'base_voice_id is not a voice of GET /v1/voices',
        40000: 'a field breaks its rule, neither or both of base_voice_id and external_voice, a language or timbre that does not fit the base voice, external_voice without an external engine, or the account already has 100 custom voices (msg says which)',
      },
    },
    handler: async (req) => ok(await voices.create(req.principal, req.body)),
  });

  app.delete('/v1/voices/custom/:voice_id', {
    schema: {
      tags,
      summary: 'Extension: delete a custom voice (videos already made keep their sound)',
      params: Type.Object({ voice_id: Type.String({ minLength: 1, maxLength: 64, description: 'The custom voice (from POST /v1/voices/custom)', examples: [EXAMPLE_IDS.customVoice] }) }),
      response: { 200: Envelope(Type.Object({}), {}) },
      'x-error-codes': { 10104: 'voice_id is not a custom voice of this account (or was deleted)' },
    },
    handler: async (req) => {
      await voices.delete(req.principal, req.params.voice_id);
      return ok({});
    },
  });
}
