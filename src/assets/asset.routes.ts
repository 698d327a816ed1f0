import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Envelope, ok } from '../http/envelope.ts';
import { makeErrorHandler } from '../http/error-handler.ts';
import { Opt } from '../http/schema-helpers.ts';
import { EXAMPLE_IDS, exampleUpload } from '../http/examples.ts';
import type { App } from '../http/http-types.ts';
import type { AssetService, UploadTicket } from './asset.service.ts';

const tags = ['Assets'];

const UploadBody = Type.Object({
  filename: Type.String({ minLength: 1, maxLength: 255, description: "The file's name (kept as the asset's name; its content type is found from the bytes)" }),
}, { examples: [{ filename: 'lamp.png' }] });

const UploadBodyV2 = Type.Object({
  filename: Type.String({ minLength: 1, maxLength: 255, description: "The file's name (kept as the asset's name)" }),
  content_type: Type.String({ minLength: 1, maxLength: 255, description: 'The media type of the file (image/*, video/*, audio/*, or application/octet-stream for any). The PUT must send this Content-Type, and its bytes must be of that kind (image, video or audio; the exact format is found from the bytes)' }),
  file_size: Opt(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'The size of the file in bytes: the PUT must send exactly this many; over ASSET_MAX_MB or the room left in the storage quota is refused here. Optional (the JoggAI MCP server may leave it out): absent, the PUT is held to ASSET_MAX_MB and the quota only' })),
}, { examples: [{ filename: 'lamp.png', content_type: 'image/png', file_size: 48213 }] });

const TicketOut = Type.Object({
  sign_url: Type.String({ description: 'PUT the raw bytes here (any Content-Type; x-api-key optional). Single use, valid for ASSET_UPLOAD_URL_TTL_S (default 15 minutes)' }),
  asset_id: Type.String({ description: 'Use it (or asset_url) wherever a media url, image_url or audio_url is taken, once uploaded' }),
  asset_url: Type.String({ description: "Extension: the file's URL once uploaded" }),
  expires_at: Type.Integer({ description: 'Extension: when sign_url expires, Unix seconds' }),
});

export function ticketView(t: UploadTicket) {
  return { sign_url: t.signUrl, asset_id: t.assetId, asset_url: t.assetUrl, expires_at: Math.floor(t.expiresAt / 1000) };
}

/** POST /v1/upload/asset (authenticated). v2's route is an adapter over the same requestUpload. */
export function assetRoutes(api: App, assets: AssetService): void {
  api.post('/v1/upload/asset', {
    schema: {
      tags,
      summary: 'Ask for a signed, single-use upload URL; then PUT the file to sign_url',
      description:
        'The uploaded file is checked by its bytes (image, video or audio), the size limit (ASSET_MAX_MB) and the storage quota. ' +
        'The asset_id (or asset_url) is then accepted wherever a media url, image_url, audio_url or a variable url/asset_id is. ' +
        'Assets count towards the storage quota; one no live product lists is removed ASSET_RETENTION_DAYS (default 30) after its last use.',
      body: UploadBody,
      response: {
        200: Envelope(TicketOut, { sign_url: exampleUpload.signUrl, asset_id: EXAMPLE_IDS.asset, asset_url: exampleUpload.assetUrl, expires_at: exampleUpload.expiresAt }),
      },
      'x-error-codes': { 40000: 'filename breaks its rule, or the account is at its storage quota (msg says the usage and the limit)' },
    },
    handler: async (req) => ok(ticketView(await assets.requestUpload(req.principal, { filename: req.body.filename }))),
  });

  api.post('/v2/upload/asset', {
    schema: {
      tags,
      summary: 'v2 of POST /v1/upload/asset: the file\'s content_type and file_size are declared first and the PUT is held to them; asset_url is the media URL',
      description:
        'PUT the file to sign_url with Content-Type: <content_type> (the CLI does). The upload is refused (HTTP 4xx, 40000) when its Content-Type or length is not the one declared, ' +
        'or its bytes are not of the declared kind. asset_url (or asset_id) is then accepted wherever a media url, image_url, audio_url or a variable url is.',
      body: UploadBodyV2,
      response: {
        200: Envelope(TicketOut, { sign_url: exampleUpload.signUrl, asset_id: EXAMPLE_IDS.asset, asset_url: exampleUpload.assetUrl, expires_at: exampleUpload.expiresAt }),
      },
      'x-error-codes': { 40000: 'a field breaks its rule, content_type is no image, video or audio type, file_size is over ASSET_MAX_MB, or the account has no room for it in its storage quota (msg says which)' },
    },
    handler: async (req) => {
      const b = req.body;
      return ok(ticketView(await assets.requestUpload(req.principal, { filename: b.filename, contentType: b.content_type, fileSize: b.file_size })));
    },
  });
}

const UploadedOut = Type.Object({
  asset_id: Type.String({ description: 'The asset: use it (or asset_url) wherever a media url, image_url or audio_url is taken' }),
  asset_url: Type.String({ description: "The file's URL" }),
  type: Type.String({ description: 'image, video or audio, found from the bytes' }),
  content_type: Type.String({ description: 'The MIME type found from the bytes (the Content-Type sent is not used)' }),
  size: Type.Integer({ description: 'Bytes stored' }),
});

/**
 * PUT /v1/upload/asset/:asset_id?expires=&signature= — the signed upload URL. Public (the
 * signature is the credential; an x-api-key header is ignored), so it is registered outside the
 * authenticated scope, in its own scope whose body parser leaves the raw bytes unread for the
 * handler to stream. Errors carry a 4xx HTTP status (upload clients look at the status), with
 * the envelope as body.
 */
export async function assetUploadRoutes(app: FastifyInstance<any, any, any, any, any>, assets: AssetService, bodyLimitBytes: number): Promise<void> {
  await app.register(async (scope: FastifyInstance<any, any, any, any, any>) => {
    // Every refusal carries a 4xx, the framework's own included (a repeated or malformed query
    // parameter fails validation before the handler runs).
    scope.setErrorHandler(makeErrorHandler(bodyLimitBytes, { httpStatuses: true }));
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req: unknown, _payload: unknown, done: (err: Error | null, body?: unknown) => void) => done(null));
    scope.put<{ Params: { asset_id: string }; Querystring: { expires?: string; signature?: string } }>('/v1/upload/asset/:asset_id', {
      schema: {
        tags,
        summary: 'Upload the bytes of an asset to its signed URL (from POST /v1/upload/asset); no API key needed',
        security: [],
        description:
          'The URL is sign_url of POST /v1/upload/asset, used as given: the body is the raw file bytes (any Content-Type). ' +
          'Single use: a stored file uses it up; a refused upload stores nothing and leaves it usable until it expires. ' +
          'Errors carry a 4xx HTTP status (upload clients look at the status) with the envelope as body.',
        params: {
          type: 'object',
          properties: { asset_id: { type: 'string', description: 'The asset_id of the upload ticket', examples: [EXAMPLE_IDS.asset] } },
          required: ['asset_id'],
        },
        querystring: {
          type: 'object',
          properties: {
            expires: { type: 'string', description: 'When the URL expires, Unix seconds (part of sign_url; signed)', examples: [EXAMPLE_IDS.uploadExpires] },
            signature: { type: 'string', description: "The server's signature of the asset and expiry (part of sign_url)", examples: [EXAMPLE_IDS.uploadSignature] },
          },
        },
        // Documentation: the handler streams the raw bytes (the body Fastify sees is always null).
        // Annotations only (OpenAPI 3.1's way to say "a file"), so even a request sent as
        // Content-Type */* is not refused by validation.
        body: { content: { '*/*': { schema: { contentMediaType: 'application/octet-stream', description: 'The raw bytes of the file (image, video or audio), at most ASSET_MAX_MB' } } } },
        response: {
          200: Envelope(UploadedOut, { asset_id: EXAMPLE_IDS.asset, asset_url: exampleUpload.assetUrl, type: 'image', content_type: 'image/png', size: 48213 }),
        },
        'x-error-codes': {
          10105: 'the signature does not match: the URL was changed or not made by this server (HTTP 403)',
          40000:
            'expires or signature repeated or malformed in the query (HTTP 400), the URL expired (HTTP 403), was already used or is in use (HTTP 409), the body is empty (HTTP 400), the file is over ASSET_MAX_MB (HTTP 413) ' +
            'or over the storage quota (HTTP 403), or its bytes are no image, video or audio (HTTP 415); ' +
            'for a v2 upload also: a Content-Type or a length other than the content_type and file_size declared (HTTP 400), bytes of another kind than content_type (HTTP 415)',
        },
      },
      handler: async (req, reply) => {
        const length = Number(req.headers['content-length']);
        const uploaded = await assets
          .receiveUpload({
            assetId: req.params.asset_id,
            expires: String(req.query.expires ?? ''),
            signature: String(req.query.signature ?? ''),
            contentLength: Number.isFinite(length) && req.headers['content-length'] !== undefined ? length : null,
            contentType: req.headers['content-type'] ?? null,
            body: req.raw,
          })
          .catch((err: unknown) => {
            // Refused before the body was read to its end: the connection cannot carry another request.
            if (!req.raw.readableEnded) reply.header('connection', 'close');
            throw err;
          });
        return ok({ asset_id: uploaded.assetId, asset_url: uploaded.assetUrl, type: uploaded.kind, content_type: uploaded.contentType, size: uploaded.bytes });
      },
    });
  });
}
