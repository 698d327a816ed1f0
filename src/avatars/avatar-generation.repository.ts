import type { Kysely } from 'kysely';
import type { AvatarGenerationRow, Database } from '../db/schema.ts';
import type { DrawnPresenter } from '../pipeline/avatar/index.ts';

export type GenerationStatus = 'in_progress' | 'success' | 'error';

/** The generate request as accepted (vendor field names). */
export interface GenerationRequest {
  age: string;
  gender: string;
  avatar_style: string;
  aspect_ratio: number;
  model: string;
  ethnicity: string;
  appearance: string;
  background: string;
  /** The reference picture as kept (a stored ref): our file's storage key, or the URL as given; '' for none. */
  image_url: string;
}

export interface Candidate {
  /** Blob key of the candidate's PNG. */
  key: string;
  presenter: DrawnPresenter;
}

export interface AvatarGeneration {
  /** The photo_id. */
  id: string;
  accountId: string;
  request: GenerationRequest;
  status: GenerationStatus;
  msg: string;
  candidates: Candidate[];
  createdAt: number;
  updatedAt: number;
}

const fromRow = (r: AvatarGenerationRow): AvatarGeneration => ({
  id: r.id,
  accountId: r.account_id,
  request: JSON.parse(r.request) as GenerationRequest,
  status: r.status === 'success' ? 'success' : r.status === 'error' ? 'error' : 'in_progress',
  msg: r.msg,
  candidates: JSON.parse(r.candidates) as Candidate[],
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

export class AvatarGenerationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(g: AvatarGeneration): Promise<void> {
    await this.db
      .insertInto('avatar_generations')
      .values({
        id: g.id,
        account_id: g.accountId,
        request: JSON.stringify(g.request),
        status: g.status,
        msg: g.msg,
        candidates: JSON.stringify(g.candidates),
        created_at: g.createdAt,
        updated_at: g.updatedAt,
      })
      .execute();
  }

  /** One account's generation; without accountId, any account's (the job). */
  async get(id: string, accountId?: string): Promise<AvatarGeneration | undefined> {
    let q = this.db.selectFrom('avatar_generations').selectAll().where('id', '=', id);
    if (accountId !== undefined) q = q.where('account_id', '=', accountId);
    const row = await q.executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  /** Records the outcome of a generation still in progress; false when it is not. */
  async finish(id: string, outcome: { status: 'success' | 'error'; msg: string; candidates: Candidate[]; storageBytes?: number }, nowMs: number): Promise<boolean> {
    const r = await this.db
      .updateTable('avatar_generations')
      .set({ status: outcome.status, msg: outcome.msg, candidates: JSON.stringify(outcome.candidates), storage_bytes: outcome.storageBytes ?? 0, updated_at: nowMs })
      .where('id', '=', id)
      .where('status', '=', 'in_progress')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Finished generations older than `beforeMs` whose candidate files are still stored (the janitor). */
  async withOldCandidates(beforeMs: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('avatar_generations')
      .select('id')
      .where('status', '!=', 'in_progress')
      .where('candidates', '!=', '[]')
      .where('updated_at', '<', beforeMs)
      .orderBy('updated_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Forgets a generation's candidates (their files are being removed): the list emptied, its bytes
   * 0, the message saying why. Avatars already made from a candidate keep their own files.
   */
  async dropCandidates(id: string, note: string, nowMs: number): Promise<boolean> {
    const r = await this.db
      .updateTable('avatar_generations')
      .set({ candidates: '[]', storage_bytes: 0, msg: note, updated_at: nowMs })
      .where('id', '=', id)
      .where('status', '!=', 'in_progress')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
