import { Type } from 'typebox';
import { Envelope, ok } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { Opt, StringEnum } from '../http/schema-helpers.ts';
import type { CustomVoiceService } from './custom-voice.service.ts';

const CustomVoice = Type.Object({
  voice_id: Type.String(),
  name: Type.String(),
  language: Type.String(),
  gender: Type.String(),
  audition_url: Type.String(),
  engine: Type.String({ description: 'espeak, festival or external; "unavailable" when its base voice is gone (e.g. the external engine was unconfigured)' }),
  base_voice_id: Type.Union([Type.String(), Type.Null()]),
  external_voice: Type.Union([Type.String(), Type.Null()]),
  speed: Type.Number(),
  pitch: Type.Number({ description: 'semitones' }),
  timbre: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.Integer({ description: 'Unix seconds' }),
});

const ListResponse = Envelope(Type.Object({ total: Type.Integer(), voices: Type.Array(CustomVoice) }));
const tags = ['Catalogs'];

/** The account's own voices: listed by v1 and v2, made and deleted through extension routes. */
export function customVoiceRoutes(app: App, voices: CustomVoiceService): void {
  for (const root of ['/v1', '/v2']) {
    app.get(`${root}/voices/custom`, {
      schema: { tags, summary: "The account's custom voices, newest first", querystring: Type.Object({ language: Opt(Type.String()) }), response: { 200: ListResponse } },
      handler: async (req) => ok(await voices.list(req.principal, req.query.language)),
    });
  }

  app.post('/v1/voices/custom', {
    schema: {
      tags,
      summary: 'Extension: make a custom voice from a listed voice (own speed, pitch, timbre) or from an external engine voice; its audition_url plays it',
      body: Type.Object({
        name: Type.String({ minLength: 1, maxLength: 80 }),
        base_voice_id: Opt(Type.String({ maxLength: 128, description: 'A voice of GET /v1/voices' })),
        external_voice: Opt(Type.String({ maxLength: 128, description: "A voice name of the external engine (needs TTS_BASE_URL); give language and gender" })),
        language: Opt(Type.String({ maxLength: 40 })),
        gender: Opt(StringEnum(['female', 'male'] as const)),
        speed: Opt(Type.Number({ minimum: 0.5, maximum: 2, description: 'Rate multiplier, default 1' })),
        pitch: Opt(Type.Number({ minimum: -12, maximum: 12, description: 'Semitones, default 0 (formants kept)' })),
        timbre: Opt(StringEnum(['f1', 'm1', 'f2', 'm2', 'f3', 'm3'] as const, { description: 'espeak voices only: the formants of another variant' })),
      }),
      response: { 200: Envelope(CustomVoice) },
    },
    handler: async (req) => ok(await voices.create(req.principal, req.body)),
  });

  app.delete('/v1/voices/custom/:voice_id', {
    schema: { tags, summary: 'Extension: delete a custom voice (videos already made keep their sound)', params: Type.Object({ voice_id: Type.String({ minLength: 1, maxLength: 64 }) }), response: { 200: Envelope(Type.Object({})) } },
    handler: async (req) => {
      await voices.delete(req.principal, req.params.voice_id);
      return ok({});
    },
  });
}
