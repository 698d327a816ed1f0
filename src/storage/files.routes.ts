import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../lib/errors.ts';
import { BlobNotFoundError, isSafeStorageKey, type BlobInfo, type BlobStore } from './blob-store.ts';
import { parseRange } from './byte-range.ts';

type AnyApp = FastifyInstance<any, any, any, any, any>;

/** Stored files never change under one key's URL for long (new renders get new tokens): a week. */
const CACHE_CONTROL = 'public, max-age=604800, immutable';

/** Files behind catalog and template URLs that stay the same when the file is remade: a day. */
export const DAY_CACHE_CONTROL = 'public, max-age=86400';

/**
 * PUBLIC_BASE_URL/files/<key>: every stored file, streamed from the blob store (local disk or S3)
 * by the API, the same way for both (docs/storage.md "Serving files"): Range (206, 416), HEAD,
 * ETag / Last-Modified with conditional requests, the content type of the key's extension.
 * Public: names carry random ids, and players and image tags send no API key.
 */
export function fileRoutes(app: AnyApp, store: BlobStore): void {
  app.get('/files/*', { schema: { hide: true } }, async (req: FastifyRequest<{ Params: { '*': string } }>, reply) => {
    const key = req.params['*'];
    if (!isSafeStorageKey(key)) throw errors.fileNotFound(`/files/${key}`);
    return sendStored(req, reply, store, key, { notFound: () => errors.fileNotFound(`/files/${key}`) });
  });
}

export interface SendStoredOptions {
  /** The error for a key the store does not have. */
  notFound: () => Error;
  /** Default: a week, immutable (keys of changed content change). */
  cacheControl?: string;
}

/**
 * Answers a request with a stored file: 200 or 206 with Content-Range, 416 for a range past
 * the end, 304 for a matching If-None-Match / If-Modified-Since, headers only for HEAD. The
 * catalog's made-once files (tracks, covers, auditions) are sent through here too.
 */
export async function sendStored(req: FastifyRequest, reply: FastifyReply, store: BlobStore, key: string, opts: SendStoredOptions): Promise<FastifyReply> {
  const info = await store.stat(key);
  if (!info) throw opts.notFound();
  headers(reply, info, opts.cacheControl ?? CACHE_CONTROL);
  if (notModified(req, info)) return reply.code(304).send();
  const ifRange = req.headers['if-range'];
  const answer = ifRange && ifRange !== info.etag ? ({ kind: 'whole' } as const) : parseRange(req.headers.range, info.size);
  if (answer.kind === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${info.size}`).send();
  const range = answer.kind === 'range' ? answer.range : undefined;
  const length = range ? range.end - range.start + 1 : info.size;
  reply.header('content-length', length);
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
  // HEAD (Fastify's automatic HEAD route of a GET) keeps the Content-Length set here only when
  // the payload is a stream; an empty one is sent, so the store is not read.
  if (req.method === 'HEAD') return reply.send(Readable.from([]));
  if (length === 0) return reply.send();
  try {
    return reply.send(await store.stream(key, range));
  } catch (err) {
    // Removed between the stat and the read.
    if (err instanceof BlobNotFoundError) throw opts.notFound();
    throw err;
  }
}

function headers(reply: FastifyReply, info: BlobInfo, cacheControl: string): void {
  reply
    .type(info.contentType)
    .header('accept-ranges', 'bytes')
    .header('etag', info.etag)
    .header('last-modified', new Date(info.modifiedMs).toUTCString())
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff');
}

function notModified(req: FastifyRequest, info: BlobInfo): boolean {
  const inm = req.headers['if-none-match'];
  if (inm) return inm.split(',').some((t) => t.trim() === info.etag || t.trim() === '*');
  const ims = req.headers['if-modified-since'];
  if (!ims) return false;
  const since = Date.parse(ims);
  return Number.isFinite(since) && Math.floor(info.modifiedMs / 1000) * 1000 <= since;
}
