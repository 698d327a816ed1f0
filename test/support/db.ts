import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDb, migrate, type Db } from '../../src/db/database.ts';
import { hexId } from '../../src/lib/ids.ts';

export interface TestDb {
  db: Db;
  /** Closes the connection and removes the database (SQLite file or PostgreSQL schema). */
  dispose(): Promise<void>;
}

/** Options of the test databases: `unmigrated` leaves them empty (migration tests run the migrations themselves). */
export interface TestDbOptions {
  unmigrated?: boolean;
}

/** A migrated SQLite database in a fresh temporary file. */
export async function sqliteTestDb(opts: TestDbOptions = {}): Promise<TestDb> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-test-'));
  const db = openDb({ sqliteFile: path.join(dir, 'test.db') });
  if (!opts.unmigrated) await migrate(db);
  return {
    db,
    dispose: async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A migrated PostgreSQL database in a private schema, or undefined when DATABASE_URL is not set. */
export async function postgresTestDb(opts: TestDbOptions = {}): Promise<TestDb | undefined> {
  const url = process.env.DATABASE_URL;
  if (!url) return undefined;
  const schema = `t_${hexId()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = openDb({ databaseUrl: url, pgSchema: schema, poolSize: 4 });
  if (!opts.unmigrated) await migrate(db);
  return {
    db,
    dispose: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

/** The backends every repository test runs against: SQLite always, PostgreSQL when configured. */
export const backends: { name: string; open: () => Promise<TestDb | undefined> }[] = [
  { name: 'sqlite', open: sqliteTestDb },
  { name: 'postgres', open: postgresTestDb },
];

/**
 * A migration test on every backend: `check` gets an empty database (SQLite always, PostgreSQL when
 * DATABASE_URL is set; skipped otherwise), which is removed afterwards.
 */
export function onEveryBackendUnmigrated(it: (name: string, fn: (t: { skip(msg: string): void }) => Promise<void>) => unknown, check: (db: Db) => Promise<void>): void {
  for (const b of [
    { name: 'on SQLite', open: () => sqliteTestDb({ unmigrated: true }) },
    { name: 'on PostgreSQL', open: () => postgresTestDb({ unmigrated: true }) },
  ]) {
    it(b.name, async (t) => {
      const testDb = await b.open();
      if (!testDb) return t.skip('DATABASE_URL is not set');
      try {
        await check(testDb.db);
      } finally {
        await testDb.dispose();
      }
    });
  }
}
