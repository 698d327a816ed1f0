import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database, JobRow, JobStatus } from '../db/schema.ts';

/** jobs.last_error of a job cancelled by its owner (DELETE /v1/project on a video being made). */
export const JOB_CANCELLED = 'cancelled';

export interface Job {
  id: string;
  kind: string;
  accountId: string;
  status: JobStatus;
  /** Claims so far, this one included. */
  attempts: number;
  maxAttempts: number;
  runAt: number;
  leaseOwner: string | null;
  leaseExpiresAt: number | null;
  stage: string;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
}

function fromRow(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    accountId: row.account_id,
    status: row.status,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    runAt: Number(row.run_at),
    leaseOwner: row.lease_owner,
    leaseExpiresAt: row.lease_expires_at === null ? null : Number(row.lease_expires_at),
    stage: row.stage,
    lastError: row.last_error,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/**
 * All SQL about jobs. A job is claimable when it is queued and due, or running with an expired
 * lease (its worker died). Claiming is one conditional UPDATE ... RETURNING: on PostgreSQL the
 * candidate rows are locked with FOR UPDATE SKIP LOCKED so concurrent claimers take different
 * rows; on SQLite the single writer makes the statement atomic. Every later write names the lease
 * owner, so a worker that lost its lease can change nothing.
 */
export class JobRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  async insert(j: { id: string; kind: string; accountId: string; maxAttempts: number; runAt: number; nowMs: number }): Promise<void> {
    await this.db
      .insertInto('jobs')
      .values({
        id: j.id,
        kind: j.kind,
        account_id: j.accountId,
        status: 'queued',
        attempts: 0,
        max_attempts: j.maxAttempts,
        run_at: j.runAt,
        lease_owner: null,
        lease_expires_at: null,
        stage: '',
        last_error: null,
        created_at: j.nowMs,
        updated_at: j.nowMs,
      })
      .execute();
  }

  async get(id: string): Promise<Job | undefined> {
    const row = await this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  /** Claims up to `limit` claimable jobs of the given kinds, oldest due first. */
  async claimDue(kinds: readonly string[], owner: string, nowMs: number, leaseMs: number, limit: number): Promise<Job[]> {
    if (!kinds.length || limit < 1) return [];
    const lock = this.dialect === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
    const result = await sql<JobRow>`
      UPDATE jobs SET status = 'running', lease_owner = ${owner}, lease_expires_at = ${nowMs + leaseMs},
        attempts = attempts + 1, updated_at = ${nowMs}
      WHERE id IN (
        SELECT id FROM jobs
        WHERE kind IN (${sql.join(kinds)})
          AND ((status = 'queued' AND run_at <= ${nowMs}) OR (status = 'running' AND lease_expires_at <= ${nowMs}))
        ORDER BY run_at, id
        LIMIT ${limit}
        ${lock}
      )
      RETURNING *`.execute(this.db);
    return result.rows.map(fromRow);
  }

  /** Claims one job by id (scale-out: the BullMQ message names it) if it is claimable now. */
  async claimOne(id: string, owner: string, nowMs: number, leaseMs: number): Promise<Job | undefined> {
    const result = await sql<JobRow>`
      UPDATE jobs SET status = 'running', lease_owner = ${owner}, lease_expires_at = ${nowMs + leaseMs},
        attempts = attempts + 1, updated_at = ${nowMs}
      WHERE id = ${id}
        AND ((status = 'queued' AND run_at <= ${nowMs}) OR (status = 'running' AND lease_expires_at <= ${nowMs}))
      RETURNING *`.execute(this.db);
    const row = result.rows[0];
    return row ? fromRow(row) : undefined;
  }

  /** Extends the lease; false when this owner no longer holds it. */
  async heartbeat(id: string, owner: string, nowMs: number, leaseMs: number): Promise<boolean> {
    return this.ownedUpdate(id, owner, { lease_expires_at: nowMs + leaseMs, updated_at: nowMs });
  }

  async setStage(id: string, owner: string, stage: string, nowMs: number): Promise<boolean> {
    return this.ownedUpdate(id, owner, { stage, updated_at: nowMs });
  }

  async complete(id: string, owner: string, nowMs: number): Promise<boolean> {
    return this.ownedUpdate(id, owner, { status: 'succeeded', lease_owner: null, lease_expires_at: null, updated_at: nowMs });
  }

  async retryLater(id: string, owner: string, runAt: number, error: string, nowMs: number): Promise<boolean> {
    return this.ownedUpdate(id, owner, { status: 'queued', run_at: runAt, lease_owner: null, lease_expires_at: null, last_error: error, updated_at: nowMs });
  }

  async fail(id: string, owner: string, error: string, nowMs: number): Promise<boolean> {
    return this.ownedUpdate(id, owner, { status: 'failed', lease_owner: null, lease_expires_at: null, last_error: error, updated_at: nowMs });
  }

  /** Gives a job back without counting the attempt (graceful shutdown). */
  /**
   * Cancels a job that is queued or running, whoever holds it: status failed with last_error
   * CANCELLED. The holder sees it on its next check (leased-run.ts) and stops; nothing it writes
   * afterwards lands, since every write of the holder needs the job still running.
   */
  async cancel(id: string, nowMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ status: 'failed', lease_owner: null, lease_expires_at: null, last_error: JOB_CANCELLED, updated_at: nowMs })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async release(id: string, owner: string, nowMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set((eb) => ({ status: 'queued', run_at: nowMs, attempts: eb('attempts', '-', 1), lease_owner: null, lease_expires_at: null, updated_at: nowMs }))
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * The earliest time a job becomes claimable (a queued job's run_at, another owner's lease
   * expiry), or null when there is none. The owner's own leases are left out: it renews them.
   */
  async nextDueAt(exceptOwner: string, kinds: readonly string[]): Promise<number | null> {
    if (!kinds.length) return null;
    const row = await sql<{ due: number | string | null }>`
      SELECT MIN(CASE WHEN status = 'queued' THEN run_at ELSE lease_expires_at END) AS due FROM jobs
      WHERE kind IN (${sql.join(kinds)}) AND (status = 'queued' OR (status = 'running' AND lease_owner <> ${exceptOwner}))`.execute(this.db);
    const due = row.rows[0]?.due;
    return due === null || due === undefined ? null : Number(due);
  }

  /** Claimable jobs now, for the scale-out sweeper (id and claim count name the BullMQ message). */
  async listClaimable(nowMs: number, limit: number): Promise<{ id: string; attempts: number }[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['id', 'attempts'])
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', nowMs)]),
          eb.and([eb('status', '=', 'running'), eb('lease_expires_at', '<=', nowMs)]),
        ]),
      )
      .orderBy('run_at')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: r.id, attempts: Number(r.attempts) }));
  }

  async countByStatus(): Promise<Record<string, number>> {
    const rows = await this.db.selectFrom('jobs').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }

  private async ownedUpdate(id: string, owner: string, set: Partial<Omit<JobRow, 'id'>>): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set(set)
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
