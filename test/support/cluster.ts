import assert from 'node:assert/strict';
import pg from 'pg';
import { hexId } from '../../src/lib/ids.ts';

/**
 * Shared parts of the multi-process tests (crash.scaleout, crash.multinode-s3): a PostgreSQL
 * database of their own, a client of the API, and the account's credits against its ledger.
 */

export interface TestDatabase {
  /** DATABASE_URL of the new database. */
  url: string;
  /** A connection to it, for the test's own queries. */
  db: pg.Client;
  /** Closes the connection and drops the database (FORCE: children may still hold connections). */
  drop(): Promise<void>;
}

/** Creates a database of its own on the server of `serverUrl` (DATABASE_URL). */
export async function createTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `reelsmith_t_${hexId().slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  return {
    url: url.toString(),
    db,
    async drop() {
      await db.end().catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Calls the API with an account's key; asserts the business code is 0 and returns `data`. */
export function apiClient(baseUrl: string, key: string) {
  return async (method: string, p: string, body?: unknown): Promise<any> => {
    const res = await fetch(baseUrl + p, {
      method,
      headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as any;
    assert.equal(json.code, 0, JSON.stringify(json));
    return json.data;
  };
}

/** The account's credits and the sum of its ledger (they must be equal). */
export async function creditsAndLedger(db: pg.Client, username: string): Promise<{ credits: number; ledger: number }> {
  const q = `SELECT a.credits, (SELECT SUM(delta)::int FROM credit_ledger l WHERE l.account_id = a.id) AS ledger FROM accounts a WHERE username = $1`;
  return (await db.query(q, [username])).rows[0];
}
