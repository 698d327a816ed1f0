import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { migrations } from './migrations/index.ts';

// PostgreSQL returns bigint (int8) as a string by default; every bigint here is a timestamp in ms.
pg.types.setTypeParser(20, (v) => Number(v));
// real (float4) and numeric come back as strings too; durations are reals.
pg.types.setTypeParser(700, (v) => Number(v));

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL schema given to openDb (tests), else undefined. */
  pgSchema?: string | undefined;
  close(): Promise<void>;
}

export interface DbOptions {
  databaseUrl?: string | undefined;
  /** SQLite file; used when databaseUrl is absent. */
  sqliteFile?: string;
  /** PostgreSQL schema to work in (tests use one per run). */
  pgSchema?: string;
  poolSize?: number;
}

export function openDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', pgSchema: options.pgSchema, close: () => kysely.destroy() };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies pending migrations under Kysely's migration lock; returns the names applied. */
export async function migrate(db: Db): Promise<string[]> {
  // In a private schema the migration tables are looked up there: Kysely otherwise finds them in
  // any schema of the database (another test run's) and skips creating its own.
  // Unordered: migration numbers are reserved per branch, so a lower number (e.g. 005) may land
  // after a higher one (006) has been applied somewhere; each still runs once.
  const migrator = new Migrator({ db: db.kysely, provider, allowUnorderedMigrations: true, ...(db.pgSchema ? { migrationTableSchema: db.pgSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
