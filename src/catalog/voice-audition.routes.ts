import type { FastifyInstance } from 'fastify';
import { AppError, Codes } from '../lib/errors.ts';
import type { SpeechEngines } from '../pipeline/speech/engines.ts';
import type { SpeechEngine } from '../pipeline/speech/espeak.client.ts';
import type { VoiceSpec } from '../pipeline/speech/voice.catalog.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { DAY_CACHE_CONTROL, sendStored } from '../storage/files.routes.ts';
import { AuditionCache } from './audition.service.ts';

/** An account's own voices: who may hear them, and how they speak. */
export interface CustomVoiceAccess {
  /** The account behind an x-api-key (10105 / 18025 as every route). */
  authenticate(apiKey: string | undefined): Promise<{ accountId: string }>;
  /** The voice as spoken: the account's own (accountId), or any account's (undefined: a signed URL named it). */
  spec(accountId: string | undefined, voiceId: string): Promise<VoiceSpec | undefined>;
  /** A signed audition URL's query: made by this server for this voice, not expired. */
  auditionAllowed(voiceId: string, expires: string, signature: string): Promise<boolean>;
}

export interface VoiceAuditionDeps {
  engine: SpeechEngine | SpeechEngines;
  /** Custom voices (ids cv-…): without it, only the engines' voices have auditions. */
  customVoices?: CustomVoiceAccess;
  /** Where made samples are kept (catalog/auditions/). */
  store: BlobStore;
}

/** Custom voice ids (src/voices/custom-voice.service.ts). */
const CUSTOM_VOICE = /^cv-/;
/** A custom voice's sample: only its owner's browser may keep it. */
const PRIVATE_CACHE_CONTROL = 'private, max-age=3600';

/**
 * GET /v1/voices/:voice_id/audition — the sample behind every audition_url. Registered outside
 * the authenticated scope: the catalog's voices are public (players and <audio> elements send no
 * API key). An account's custom voice plays for its owner's x-api-key, or with the short-lived
 * signature its audition_url carries (GET /v1/voices/custom hands out fresh ones); without
 * either it is 10105 (HTTP 401), and another account's key reads like an unknown voice (404).
 */
export function voiceAuditionRoutes(app: FastifyInstance<any, any, any, any, any>, deps: VoiceAuditionDeps): AuditionCache {
  const cache = new AuditionCache(deps.engine, deps.store);
  const notFound = (id: string) => new AppError(Codes.notFound, `Record not found: voice_id ${id}`, 404);
  const custom = deps.customVoices;
  app.get<{ Params: { voice_id: string }; Querystring: { expires?: unknown; signature?: unknown } }>('/v1/voices/:voice_id/audition', {
    schema: {
      tags: ['Catalogs'],
      summary: 'Audio sample of a voice (MP3, made on first request, then cached); no API key needed for the catalog\'s voices',
      description:
        'A voice of GET /v1/voices plays without an API key. A custom voice (GET /v1/voices/custom) plays for its owner: with the account\'s x-api-key, ' +
        'or through the audition_url the custom voice list hands out, whose expires and signature are valid for an hour.',
      security: [],
      params: { type: 'object', properties: { voice_id: { type: 'string', description: 'A voice_id from GET /v1/voices or GET /v1/voices/custom', examples: ['en-us-f1'] } }, required: ['voice_id'] },
      querystring: {
        type: 'object',
        properties: {
          expires: { description: 'Custom voices: when the audition_url expires, Unix seconds (part of the audition_url; signed)' },
          signature: { description: "Custom voices: the server's signature of the voice and expiry (part of the audition_url)" },
        },
      },
      produces: ['audio/mpeg'],
      response: { 200: { description: 'The MP3 sample', type: 'string', format: 'binary' } },
      'x-error-codes': {
        10104: 'no such voice, or a custom voice of another account (HTTP 404)',
        10105: 'a custom voice asked for with neither a valid, unexpired signed audition_url nor its owner\'s API key (HTTP 401)',
      },
    },
    handler: async (req, reply) => {
      const id = req.params.voice_id;
      if (!CUSTOM_VOICE.test(id)) {
        const key = await cache.key(id);
        if (!key) throw notFound(id);
        return sendStored(req, reply, deps.store, key, { notFound: () => notFound(id), cacheControl: DAY_CACHE_CONTROL });
      }
      if (!custom) throw notFound(id);
      const apiKey = req.headers['x-api-key'];
      const { expires, signature } = req.query;
      let spec: VoiceSpec | undefined;
      if (typeof apiKey === 'string' && apiKey) {
        const who = await custom.authenticate(apiKey).catch((err: unknown) => {
          throw err instanceof AppError ? new AppError(err.code, err.message, 401) : err;
        });
        spec = await custom.spec(who.accountId, id);
      } else if (typeof expires === 'string' && typeof signature === 'string' && (await custom.auditionAllowed(id, expires, signature))) {
        spec = await custom.spec(undefined, id);
      } else {
        throw new AppError(
          Codes.invalidKey,
          `Authentication failed: the audition of custom voice ${id} needs its account's x-api-key, or its audition_url from GET /v1/voices/custom (signed, valid for an hour; this one is missing, changed or expired)`,
          401,
        );
      }
      if (!spec) throw notFound(id);
      const key = await cache.keyOf(spec);
      return sendStored(req, reply, deps.store, key, { notFound: () => notFound(id), cacheControl: PRIVATE_CACHE_CONTROL });
    },
  });
  return cache;
}
