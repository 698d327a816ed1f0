import type { Migration } from 'kysely';
import * as m001 from './001_initial.ts';

/** Numbered, append-only. Never edit a migration that has shipped; add the next number. */
export const migrations: Record<string, Migration> = {
  '001_initial': m001,
};
