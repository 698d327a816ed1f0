import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_AVATARS, PUBLIC_TEMPLATES } from './catalog.data.ts';
import { AppError, Codes } from '../lib/errors.ts';
import { renderAvatarCover } from '../pipeline/avatar/index.ts';
import { ensureTemplatePreview, previewDirName, templatePreviewHash } from '../pipeline/render/index.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { DAY_CACHE_CONTROL, sendStored } from '../storage/files.routes.ts';
import { StoredCache } from '../storage/stored-cache.ts';
import type { MusicLibrary } from './music.library.ts';

type AnyApp = FastifyInstance<any, any, any, any, any>;

const notFound = (what: string) => new AppError(Codes.notFound, `Record not found: ${what}`, 404);

export interface CatalogAssetDeps {
  store: BlobStore;
  music: MusicLibrary;
  /** Scratch space where template previews are rendered (kept between requests; not served). */
  renderDir: string;
}

/**
 * Catalog files behind music_url and cover_url: made on first request, then kept in the blob
 * store (catalog/…, music/…) and served from it. Public (image tags send no API key), so
 * registered outside the authenticated scope.
 */
export function catalogAssetRoutes(app: AnyApp, deps: CatalogAssetDeps): StoredCache {
  const { store, music } = deps;
  const cache = new StoredCache(store, 'catalog');
  const send = (req: Parameters<typeof sendStored>[0], reply: Parameters<typeof sendStored>[1], key: string, what: string) =>
    sendStored(req, reply, store, key, { notFound: () => notFound(what), cacheControl: DAY_CACHE_CONTROL });
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
      return send(req, reply, await music.ensure(id), `music_id ${id}`);
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
      const key = await cache.key(`avatars/${id}-cover.png`, async (target) => fs.promises.writeFile(target, await renderAvatarCover(id)));
      return send(req, reply, key, `avatar_id ${id}`);
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
        // The inputs' hash is in the key: a changed template or renderer makes a new file.
        const name = `templates/${previewDirName(id, ratio)}-${templatePreviewHash(id, ratio)}/${file}`;
        const key = await cache.key(name, async (target) => {
          const preview = await ensureTemplatePreview(path.join(deps.renderDir, 'templates'), id, ratio);
          await fs.promises.copyFile(file === 'cover.jpg' ? preview.coverPath : preview.previewPath, target);
        });
        return send(req, reply, key, `template_id ${id}`);
      },
    });
  }
  return cache;
}
