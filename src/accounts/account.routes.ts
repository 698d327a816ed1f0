import { Type } from 'typebox';
import { Envelope, ok } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import type { AccountService } from './account.service.ts';

const WhoAmI = Envelope(
  Type.Object({
    username: Type.String({ description: 'The account name the operator gave' }),
    email: Type.String({ description: 'The account e-mail, or empty' }),
    storage_used_bytes: Type.Integer({ description: "Extension: bytes of the account's stored files (crawled product media, videos, covers, captions)" }),
    storage_quota_bytes: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Extension: the storage quota in bytes (STORAGE_QUOTA_MB, or set per account by the operator); null when there is no limit. At or over it, crawls and new videos are refused with 40000',
    }),
  }),
  { username: 'demo', email: 'demo@example.com', storage_used_bytes: 48213, storage_quota_bytes: 5368709120 },
);
const tags = ['Account'];

export function accountRoutes(app: App, accounts: AccountService): void {
  for (const path of ['/v1/whoami', '/v2/user/whoami']) {
    app.get(path, {
      schema: { tags, summary: 'The account this API key belongs to', response: { 200: WhoAmI } },
      handler: async (req) => {
        const usage = await accounts.storageUsage(req.principal.accountId);
        return ok({ username: req.principal.username, email: req.principal.email ?? '', storage_used_bytes: usage.usedBytes, storage_quota_bytes: usage.quotaBytes });
      },
    });
  }
  app.get('/v2/user/remaining_quota', {
    schema: {
      tags,
      summary: 'Remaining credits',
      response: { 200: Envelope(Type.Object({ remaining_quota: Type.Integer({ description: 'Credits left; a product video costs 1' }) }), { remaining_quota: 99 }) },
    },
    handler: async (req) => ok({ remaining_quota: await accounts.remainingCredits(req.principal.accountId) }),
  });
}
