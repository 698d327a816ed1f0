import { timingSafeEqual, createHash } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { Opt, StringEnum } from '../http/schema-helpers.ts';
import { AppError, Codes } from '../lib/errors.ts';
import { OperatorError, type AccountService } from './account.service.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Operator mode over HTTP (the dashboard's operator screen): the CLI's operator commands
 * (account create/list, suspend/activate, quota, rotate-webhook-secret, key create/revoke,
 * credits add) through the same AccountService. Only registered when ADMIN_TOKEN is set; every request carries it in
 * `x-admin-token`. Left out of the public OpenAPI document (it is not part of the vendor's API);
 * documented in docs/dashboard.md.
 */
export function adminRoutes(app: App, accounts: AccountService, adminToken: string): void {
  const expected = digest(adminToken);
  app.register(async (plain) => {
    const admin = plain.withTypeProvider<TypeBoxTypeProvider>();
    admin.addHook('onRequest', async (req) => {
      const given = req.headers['x-admin-token'];
      // Compared as hashes: same length, constant time.
      if (typeof given !== 'string' || !timingSafeEqual(digest(given.trim()), expected)) {
        throw new AppError(Codes.invalidKey, 'Invalid admin token: send the ADMIN_TOKEN setting in the x-admin-token header');
      }
    });
    /** An operator mistake (unknown account, bad amount) is a parameter error naming it. */
    const run = async <T>(work: () => Promise<T>) => {
      try {
        return ok(await work());
      } catch (err) {
        if (err instanceof OperatorError) throw new AppError(Codes.parameter, `Parameter error: ${err.message}`);
        throw err;
      }
    };
    const username = Type.String({ minLength: 1, maxLength: 64, description: 'The account name' });
    const hide = true;

    admin.get('/admin/accounts', { schema: { hide } }, async () => run(async () => ({ accounts: await accounts.listAccounts() })));
    admin.post(
      '/admin/accounts',
      {
        schema: {
          hide,
          body: Type.Object({
            username,
            email: Opt(Type.String({ maxLength: 254, description: 'Contact address' })),
            credits: Opt(Type.Integer({ minimum: 0, maximum: 1_000_000_000, description: 'Opening credit' })),
          }),
        },
      },
      async (req) => run(() => accounts.createAccount(req.body)),
    );
    admin.post(
      '/admin/accounts/status',
      { schema: { hide, body: Type.Object({ username, status: StringEnum(['active', 'suspended'], { description: 'suspended: its keys get 18025' }) }) } },
      async (req) => run(() => accounts.setStatus(req.body.username, req.body.status)),
    );
    admin.post(
      '/admin/accounts/quota',
      {
        schema: {
          hide,
          body: Type.Object({
            username,
            // Absent (or null / "", which the server reads as absent) = follow STORAGE_QUOTA_MB.
            quota_mb: Opt(Type.Integer({ minimum: 0, maximum: 1_000_000_000, description: 'MB, 0 = no limit; absent = STORAGE_QUOTA_MB' })),
          }),
        },
      },
      async (req) => run(() => accounts.setStorageQuota(req.body.username, req.body.quota_mb ?? null)),
    );
    admin.post(
      '/admin/accounts/webhook-secret',
      { schema: { hide, body: Type.Object({ username }) } },
      async (req) => run(() => accounts.rotateWebhookSecret(req.body.username)),
    );
    admin.post('/admin/keys', { schema: { hide, body: Type.Object({ username }) } }, async (req) => run(() => accounts.createKey(req.body.username)));
    admin.post(
      '/admin/keys/revoke',
      { schema: { hide, body: Type.Object({ api_key: Type.String({ minLength: 1, maxLength: 200, description: 'The whole key' }) }) } },
      async (req) => run(() => accounts.revokeKey(req.body.api_key.trim())),
    );
    admin.post(
      '/admin/credits',
      { schema: { hide, body: Type.Object({ username, amount: Type.Integer({ minimum: -1_000_000_000, maximum: 1_000_000_000, description: 'Credits to add; negative takes' }) }) } },
      async (req) => run(() => accounts.addCredits(req.body.username, req.body.amount)),
    );
  });
}
