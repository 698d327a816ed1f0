import type { FastifyInstance } from 'fastify';
import { sendFile } from '../../http/send-file.ts';
import { AppError, Codes } from '../../lib/errors.ts';
import { AuditionCache } from './audition.ts';
import type { SpeechEngines } from './engines.ts';
import type { SpeechEngine } from './espeak.client.ts';
import type { VoiceSpec } from './voice.catalog.ts';

export interface VoiceAuditionDeps {
  engine: SpeechEngine | SpeechEngines;
  /** Custom voices (any account's: their ids are unguessable), looked up in the database. */
  lookup?: (voiceId: string) => Promise<VoiceSpec | undefined>;
  /** Where made samples are kept (e.g. DATA_DIR/cache/auditions). */
  cacheDir: string;
}

/**
 * GET /v1/voices/:voice_id/audition — the sample behind every audition_url. Public (players and
 * <audio> elements send no API key), so it is registered outside the authenticated scope.
 */
export function voiceAuditionRoutes(app: FastifyInstance<any, any, any, any, any>, deps: VoiceAuditionDeps): AuditionCache {
  const cache = new AuditionCache(deps.engine, deps.cacheDir, deps.lookup);
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
      const file = await cache.file(req.params.voice_id);
      if (!file) throw new AppError(Codes.notFound, `Record not found: voice_id ${req.params.voice_id}`, 404);
      return sendFile(reply, file, 'audio/mpeg');
    },
  });
  return cache;
}
