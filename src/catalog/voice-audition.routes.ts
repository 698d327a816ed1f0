import type { FastifyInstance } from 'fastify';
import { AppError, Codes } from '../lib/errors.ts';
import type { SpeechEngines } from '../pipeline/speech/engines.ts';
import type { SpeechEngine } from '../pipeline/speech/espeak.client.ts';
import type { VoiceSpec } from '../pipeline/speech/voice.catalog.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { DAY_CACHE_CONTROL, sendStored } from '../storage/files.routes.ts';
import { AuditionCache } from './audition.service.ts';

export interface VoiceAuditionDeps {
  engine: SpeechEngine | SpeechEngines;
  /** Custom voices (any account's: their ids are unguessable), looked up in the database. */
  lookup?: (voiceId: string) => Promise<VoiceSpec | undefined>;
  /** Where made samples are kept (catalog/auditions/). */
  store: BlobStore;
}

/**
 * GET /v1/voices/:voice_id/audition — the sample behind every audition_url. Public (players and
 * <audio> elements send no API key), so it is registered outside the authenticated scope.
 */
export function voiceAuditionRoutes(app: FastifyInstance<any, any, any, any, any>, deps: VoiceAuditionDeps): AuditionCache {
  const cache = new AuditionCache(deps.engine, deps.store, deps.lookup);
  const notFound = (id: string) => new AppError(Codes.notFound, `Record not found: voice_id ${id}`, 404);
  app.get<{ Params: { voice_id: string } }>('/v1/voices/:voice_id/audition', {
    schema: {
      tags: ['Catalogs'],
      summary: 'Audio sample of a voice (MP3, made on first request, then cached); no API key needed',
      security: [],
      params: { type: 'object', properties: { voice_id: { type: 'string', description: 'A voice_id from GET /v1/voices', examples: ['en-us-f1'] } }, required: ['voice_id'] },
      produces: ['audio/mpeg'],
      response: { 200: { description: 'The MP3 sample', type: 'string', format: 'binary' } },
      'x-error-codes': { 10104: 'no such voice (HTTP 404)' },
    },
    handler: async (req, reply) => {
      const key = await cache.key(req.params.voice_id);
      if (!key) throw notFound(req.params.voice_id);
      return sendStored(req, reply, deps.store, key, { notFound: () => notFound(req.params.voice_id), cacheControl: DAY_CACHE_CONTROL });
    },
  });
  return cache;
}
