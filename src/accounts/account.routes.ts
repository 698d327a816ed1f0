import { Type } from 'typebox';
import { Envelope, ok } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { EXAMPLE_IDS, EXAMPLE_TIME } from '../http/examples.ts';
import { Opt } from '../http/schema-helpers.ts';
import type { AccountService } from './account.service.ts';

const WhoAmI = Envelope(
  Type.Object({
    username: Type.String({ description: 'The account name the operator gave' }),
    email: Type.String({ description: 'The account e-mail, or empty' }),
    storage_used_bytes: Type.Integer({ description: "Extension: bytes of the account's stored files (crawled product media, videos, covers, captions)" }),
    storage_quota_bytes: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Extension: the storage quota in bytes (STORAGE_QUOTA_MB, or set per account by the operator); null when there is no limit. At or over it, crawls and new videos are refused with 40000',
    }),
    webhook_secret: Type.String({
      description:
        "The account's signing secret (whsec_ + base64 of 32 random bytes): deliveries to a request's own webhook_url (v2) are signed with it, exactly as endpoint deliveries are signed with the endpoint's secret (X-Webhook-Signature and webhook-signature). The operator rotates it (reelsmith account rotate-webhook-secret)",
    }),
  }),
  { username: 'demo', email: 'demo@example.com', storage_used_bytes: 48213, storage_quota_bytes: 5368709120, webhook_secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw1qBvQpJ7v1k=' },
);
const Ledger = Envelope(
  Type.Object({
    total: Type.Integer({ description: 'Ledger rows of the account in all' }),
    page: Type.Integer({ description: 'This page, from 1' }),
    page_size: Type.Integer({ description: 'Rows per page' }),
    entries: Type.Array(
      Type.Object({
        delta: Type.Integer({ description: 'Credits added (positive) or taken (negative)' }),
        reason: Type.String({ description: 'video (taken for a video), refund (given back when a video failed), grant (added by the operator), deduction (taken by the operator)' }),
        project_id: Type.Union([Type.String(), Type.Null()], { description: 'The video charged or refunded; null for the operator\'s changes' }),
        created_at: Type.Integer({ description: 'Unix seconds' }),
      }),
      { description: 'Newest first' },
    ),
  }),
  { total: 2, page: 1, page_size: 20, entries: [{ delta: -1, reason: 'video', project_id: EXAMPLE_IDS.project, created_at: EXAMPLE_TIME }, { delta: 100, reason: 'grant', project_id: null, created_at: EXAMPLE_TIME - 60 }] },
);
const Keys = Envelope(
  Type.Object({
    keys: Type.Array(
      Type.Object({
        key_prefix: Type.String({ description: 'The first 8 characters of the key (the key itself is stored only as a hash)' }),
        created_at: Type.Integer({ description: 'Unix seconds' }),
        revoked_at: Type.Union([Type.Integer(), Type.Null()], { description: 'Unix seconds, or null while the key works' }),
        current: Type.Boolean({ description: 'True for the key this request was made with' }),
      }),
      { description: 'Newest first' },
    ),
  }),
  { keys: [{ key_prefix: 'rs_4f9a1', created_at: EXAMPLE_TIME, revoked_at: null, current: true }] },
);
const tags = ['Account'];

export function accountRoutes(app: App, accounts: AccountService): void {
  for (const path of ['/v1/whoami', '/v2/user/whoami']) {
    app.get(path, {
      schema: { tags, summary: 'The account this API key belongs to', response: { 200: WhoAmI } },
      handler: async (req) => {
        const [usage, webhookSecret] = await Promise.all([accounts.storageUsage(req.principal.accountId), accounts.webhookSecret(req.principal.accountId)]);
        return ok({
          username: req.principal.username,
          email: req.principal.email ?? '',
          storage_used_bytes: usage.usedBytes,
          storage_quota_bytes: usage.quotaBytes,
          webhook_secret: webhookSecret,
        });
      },
    });
  }
  app.get('/v1/account/ledger', {
    schema: {
      tags,
      summary: "The account's credit ledger, newest first (extension)",
      querystring: Type.Object({
        page: Opt(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'Page number, from 1' })),
        page_size: Opt(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Rows per page, 1-100', examples: [20] })),
      }),
      response: { 200: Ledger },
    },
    handler: async (req) => ok(await accounts.ledger(req.principal.accountId, req.query.page ?? 1, req.query.page_size ?? 20)),
  });
  app.get('/v1/account/keys', {
    schema: {
      tags,
      summary: "The account's API keys by prefix, with the one in use marked (extension; keys are made and revoked by the operator)",
      response: { 200: Keys },
    },
    handler: async (req) => ok(await accounts.keys(req.principal.accountId, String(req.headers['x-api-key'] ?? '').trim())),
  });
  app.get('/v2/user/remaining_quota', {
    schema: {
      tags,
      summary: 'Remaining credits',
      response: { 200: Envelope(Type.Object({ remaining_quota: Type.Integer({ description: 'Credits left; a product video costs 1' }) }), { remaining_quota: 99 }) },
    },
    handler: async (req) => ok({ remaining_quota: await accounts.remainingCredits(req.principal.accountId) }),
  });
}
