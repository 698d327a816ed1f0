import type { Kysely } from 'kysely';
import type { AiScriptTaskRow, Database } from '../db/schema.ts';

export type AiScriptTaskStatus = 'pending' | 'processing' | 'completed' | 'failed';

/** The request as accepted: the writer's inputs, with each style as asked and as the writer writes it. */
export interface AiScriptTaskRequest {
  language: string;
  lengthS: 15 | 30 | 60;
  /** In the order asked: `asked` is answered back as script_style, `writer` is what writes it. */
  styles: { asked: string; writer: string }[];
  productId: string | null;
  name: string | null;
  description: string | null;
  targetAudience: string | null;
}

export interface TaskScript {
  script_style: string;
  script_paragraphs: string[];
  source: 'builtin' | 'llm';
}

export interface AiScriptTask {
  /** The task_id. */
  id: string;
  accountId: string;
  request: AiScriptTaskRequest;
  status: AiScriptTaskStatus;
  scripts: TaskScript[];
  errMsg: string;
  webhookUrl: string | null;
  createdAt: number;
  updatedAt: number;
}

const fromRow = (r: AiScriptTaskRow): AiScriptTask => ({
  id: r.id,
  accountId: r.account_id,
  request: JSON.parse(r.request) as AiScriptTaskRequest,
  status: r.status,
  scripts: r.result ? (JSON.parse(r.result) as TaskScript[]) : [],
  errMsg: r.err_msg,
  webhookUrl: r.webhook_url,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

/** The SQL of v2 AI script tasks (migration 011). */
export class AiScriptTaskRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(t: AiScriptTask): Promise<void> {
    await this.db
      .insertInto('ai_script_tasks')
      .values({
        id: t.id,
        account_id: t.accountId,
        request: JSON.stringify(t.request),
        status: t.status,
        result: null,
        err_msg: '',
        webhook_url: t.webhookUrl,
        created_at: t.createdAt,
        updated_at: t.updatedAt,
      })
      .execute();
  }

  /** One account's task; without accountId, any account's (the job). */
  async get(id: string, accountId?: string): Promise<AiScriptTask | undefined> {
    let q = this.db.selectFrom('ai_script_tasks').selectAll().where('id', '=', id);
    if (accountId !== undefined) q = q.where('account_id', '=', accountId);
    const row = await q.executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  /** pending → processing, when a job attempt starts writing. */
  async start(id: string, nowMs: number): Promise<void> {
    await this.db.updateTable('ai_script_tasks').set({ status: 'processing', updated_at: nowMs }).where('id', '=', id).where('status', '=', 'pending').execute();
  }

  /** Records the outcome of a task not yet finished; false when it is finished. */
  async finish(id: string, outcome: { status: 'completed'; scripts: TaskScript[] } | { status: 'failed'; errMsg: string }, nowMs: number): Promise<boolean> {
    const r = await this.db
      .updateTable('ai_script_tasks')
      .set(
        outcome.status === 'completed'
          ? { status: 'completed', result: JSON.stringify(outcome.scripts), updated_at: nowMs }
          : { status: 'failed', err_msg: outcome.errMsg, updated_at: nowMs },
      )
      .where('id', '=', id)
      .where('status', 'in', ['pending', 'processing'])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
