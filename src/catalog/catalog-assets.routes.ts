import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_AVATARS } from './catalog.data.ts';
import { AppError, Codes } from '../lib/errors.ts';
import { renderAvatarCover } from '../pipeline/avatar/index.ts';
import { AssetCache } from './asset-cache.ts';
import type { MusicLibrary } from '../pipeline/music/music.library.ts';

type AnyApp = FastifyInstance<any, any, any, any, any>;

const notFound = (what: string) => new AppError(Codes.notFound, `Record not found: ${what}`, 404);

async function sendFile(reply: any, file: string, type: string) {
  const stat = await fs.promises.stat(file);
  return reply.type(type).header('content-length', stat.size).header('cache-control', 'public, max-age=86400').send(fs.createReadStream(file));
}

/**
 * Catalog pictures behind cover_url: drawn on first request, then cached in DATA_DIR/cache.
 * Public (image tags send no API key), so registered outside the authenticated scope.
 */
export function catalogAssetRoutes(app: AnyApp, cacheDir: string, music: MusicLibrary): AssetCache {
  const cache = new AssetCache(cacheDir);
  app.get<{ Params: { music_id: string } }>('/v1/musics/:music_id/audio', {
    schema: {
      tags: ['Catalogs'],
      summary: 'A music track (AAC in M4A), generated on its first request; no API key needed',
      security: [],
      params: { type: 'object', properties: { music_id: { type: 'string' } }, required: ['music_id'] },
      response: { 200: { description: 'audio/mp4', type: 'string', format: 'binary' } },
    },
    handler: async (req, reply) => {
      const id = Number(req.params.music_id);
      if (!Number.isInteger(id) || !music.preset(id)) throw notFound(`music_id ${req.params.music_id}`);
      return sendFile(reply, await music.ensure(id), 'audio/mp4');
    },
  });
  app.get<{ Params: { avatar_id: string } }>('/v1/avatars/:avatar_id/cover.png', {
    schema: {
      tags: ['Catalogs'],
      summary: "An avatar's cover picture (PNG 512x512); no API key needed",
      security: [],
      params: { type: 'object', properties: { avatar_id: { type: 'string' } }, required: ['avatar_id'] },
      response: { 200: { description: 'image/png', type: 'string', format: 'binary' } },
    },
    handler: async (req, reply) => {
      const id = Number(req.params.avatar_id);
      if (!PUBLIC_AVATARS.some((a) => a.avatar_id === id)) throw notFound(`avatar_id ${req.params.avatar_id}`);
      const file = await cache.file(`avatars/${id}-cover.png`, async (target) => fs.promises.writeFile(target, await renderAvatarCover(id)));
      return sendFile(reply, file, 'image/png');
    },
  });
  return cache;
}
