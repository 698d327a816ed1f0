import type { Db } from '../db/database.ts';
import { reposFor, type Repos } from '../db/repos.ts';
import { OutboxRepository } from '../webhooks/outbox.repository.ts';
import { JobRepository } from './job.repository.ts';

/** The repositories plus the job table and the webhook outbox, bound to one transaction. */
export interface WorkRepos extends Repos {
  jobs: JobRepository;
  outbox: OutboxRepository;
}

/**
 * Runs `work` in one transaction. Accepting a video (credit, video row, job row) and finishing one
 * (final state, refund, events, delivery rows) each commit through this, all or nothing.
 */
export type WorkUnitOfWork = <T>(work: (repos: WorkRepos) => Promise<T>) => Promise<T>;

export function workReposFor(db: Db['kysely'], dialect: Db['dialect']): WorkRepos {
  return { ...reposFor(db), jobs: new JobRepository(db, dialect), outbox: new OutboxRepository(db, dialect) };
}

export function workUnitOfWork(db: Db): WorkUnitOfWork {
  return (work) => db.kysely.transaction().execute((trx) => work(workReposFor(trx, db.dialect)));
}
