import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_AVATARS, PUBLIC_TEMPLATES } from './catalog.data.ts';
import { AppError, Codes } from '../lib/errors.ts';
import { sendFile } from '../http/send-file.ts';
import { renderAvatarCover } from '../pipeline/avatar/index.ts';
import { AssetCache } from '../storage/asset-cache.ts';
import type { MusicLibrary } from '../pipeline/music/music.library.ts';
import { ensureTemplatePreview } from '../pipeline/render/index.ts';
import path from 'node:path';

type AnyApp = FastifyInstance<any, any, any, any, any>;

const notFound = (what: string) => new AppError(Codes.notFound, `Record not found: ${what}`, 404);


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
      params: { type: 'object', properties: { music_id: { type: 'string', description: 'A track id from GET /v1/musics', examples: ['1'] } }, required: ['music_id'] },
      produces: ['audio/mp4'],
      response: { 200: { description: 'The track (AAC in M4A)', type: 'string', format: 'binary' } },
      'x-error-codes': { 10104: 'no such track (HTTP 404)' },
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
      params: { type: 'object', properties: { avatar_id: { type: 'string', description: 'A public avatar id from GET /v1/avatars', examples: ['1'] } }, required: ['avatar_id'] },
      produces: ['image/png'],
      response: { 200: { description: 'The cover picture', type: 'string', format: 'binary' } },
      'x-error-codes': { 10104: 'no such public avatar (HTTP 404)' },
    },
    handler: async (req, reply) => {
      const id = Number(req.params.avatar_id);
      if (!PUBLIC_AVATARS.some((a) => a.avatar_id === id)) throw notFound(`avatar_id ${req.params.avatar_id}`);
      const file = await cache.file(`avatars/${id}-cover.png`, async (target) => fs.promises.writeFile(target, await renderAvatarCover(id)));
      return sendFile(reply, file, 'image/png');
    },
  });
  for (const [file, type, what] of [
    ['cover.jpg', 'image/jpeg', 'cover picture (JPEG)'],
    ['preview.mp4', 'video/mp4', 'short preview video (MP4)'],
  ] as const) {
    app.get<{ Params: { template_id: string }; Querystring: { aspect_ratio?: string } }>(`/v1/templates/:template_id/${file}`, {
      schema: {
        tags: ['Catalogs'],
        summary: `A template's ${what} for an aspect ratio, made on first request; no API key needed`,
        security: [],
        params: { type: 'object', properties: { template_id: { type: 'string', description: 'A public template id from GET /v1/templates', examples: ['1'] } }, required: ['template_id'] },
        querystring: {
          type: 'object',
          properties: { aspect_ratio: { type: 'string', enum: ['0', '1', '2'], description: '0 portrait 9:16 (default), 1 landscape 16:9, 2 square 1:1' } },
        },
        produces: [type],
        response: { 200: { description: `The ${what}`, type: 'string', format: 'binary' } },
        'x-error-codes': { 10104: 'no such public template (HTTP 404)' },
      },
      handler: async (req, reply) => {
        const id = Number(req.params.template_id);
        if (!PUBLIC_TEMPLATES.some((t) => t.id === id)) throw notFound(`template_id ${req.params.template_id}`);
        const ratio = Number(req.query.aspect_ratio ?? 0) as 0 | 1 | 2;
        const preview = await ensureTemplatePreview(path.join(cacheDir, 'templates'), id, ratio);
        return sendFile(reply, file === 'cover.jpg' ? preview.coverPath : preview.previewPath, type);
      },
    });
  }
  return cache;
}
