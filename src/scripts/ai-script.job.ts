import type { Job, JobRepository } from '../jobs/job.repository.ts';
import type { JobContext, JobHandler } from '../jobs/leased-run.ts';
import type { Signals } from '../jobs/wakeup.ts';
import type { WorkUnitOfWork } from '../jobs/work-unit.ts';
import type { Clock } from '../lib/clock.ts';
import type { Language, ScriptStyle } from '../catalog/languages.ts';
import { scriptFailedEvent, scriptGeneratedEvent } from '../webhooks/event.ts';
import type { AiScriptTask, AiScriptTaskRepository, TaskScript } from './ai-script-task.repository.ts';
import type { AiScriptService } from './ai-script.service.ts';

export const AI_SCRIPT_JOB_KIND = 'ai_script';

export interface AiScriptJobDeps {
  uow: WorkUnitOfWork;
  tasks: AiScriptTaskRepository;
  jobs: JobRepository;
  scripts: AiScriptService;
  clock: Clock;
  signals: Signals;
  log: { warn(obj: object, msg: string): void };
}

type Outcome = { status: 'completed'; scripts: TaskScript[] } | { status: 'failed'; errMsg: string };

/**
 * Writes the scripts of one v2 AI script task with the one writer (AiScriptService, as
 * POST /v1/ai_scripts); then, in one transaction, the job done, the task's outcome and its
 * generated_script_* event (carrying the task's webhook_url). The writer falls back to its
 * built-in scripts when the LLM fails, so a failure (the product deleted meanwhile, a timeout)
 * is final: no retry.
 */
export class AiScriptJob implements JobHandler {
  constructor(private readonly d: AiScriptJobDeps) {}

  async run(job: Job, ctx: JobContext): Promise<void> {
    const { tasks, jobs, clock } = this.d;
    const task = await tasks.get(job.id);
    if (!task) {
      await jobs.fail(job.id, ctx.owner, 'the AI script task row is missing', clock.nowMs());
      return;
    }
    if (task.status === 'completed' || task.status === 'failed') {
      await jobs.complete(job.id, ctx.owner, clock.nowMs());
      return;
    }
    await tasks.start(task.id, clock.nowMs());
    try {
      const scripts = await this.write(task);
      ctx.signal.throwIfAborted();
      await this.finish(job, ctx, task, { status: 'completed', scripts });
    } catch (err) {
      if (ctx.abortReason() === 'stopping') {
        if (await jobs.release(job.id, ctx.owner, clock.nowMs())) this.d.signals.jobEnqueued(job.id, job.attempts - 1, 0);
        return;
      }
      if (ctx.abortReason() === 'lease_lost') return;
      this.d.log.warn({ jobId: job.id, err }, 'AI script task failed');
      const errMsg =
        ctx.abortReason() === 'timeout'
          ? 'Script writing timed out'
          : `Script writing failed: ${err instanceof Error ? err.message : String(err)}`;
      await this.finish(job, ctx, task, { status: 'failed', errMsg });
    }
  }

  private async write(task: AiScriptTask): Promise<TaskScript[]> {
    const r = task.request;
    const written = await this.d.scripts.generate(
      { accountId: task.accountId, username: '', email: null },
      {
        productId: r.productId ?? undefined,
        name: r.name ?? undefined,
        description: r.description ?? undefined,
        targetAudience: r.targetAudience ?? undefined,
        lengthS: r.lengthS,
        language: r.language as Language,
        styles: r.styles.map((s) => s.writer as ScriptStyle),
      },
    );
    // The writer answers each writer style once, in order; each asked style gets its writer style's script.
    return r.styles.map((s) => {
      const w = written.find((x) => x.style === s.writer)!;
      return { script_style: s.asked, script_paragraphs: w.paragraphs, source: w.source };
    });
  }

  private async finish(job: Job, ctx: JobContext, task: AiScriptTask, outcome: Outcome): Promise<void> {
    const now = this.d.clock.nowMs();
    const emitted = await this.d.uow(async (r) => {
      const done = outcome.status === 'completed' ? await r.jobs.complete(job.id, ctx.owner, now) : await r.jobs.fail(job.id, ctx.owner, outcome.errMsg, now);
      if (!done) return false;
      if (!(await r.aiScriptTasks.finish(task.id, outcome, now))) return false;
      const base = { taskId: task.id, accountId: task.accountId, webhookUrl: task.webhookUrl };
      await r.outbox.emit([outcome.status === 'completed' ? scriptGeneratedEvent({ ...base, scripts: outcome.scripts }, now) : scriptFailedEvent({ ...base, error: outcome.errMsg }, now)]);
      return true;
    });
    if (emitted) this.d.signals.deliveriesCommitted();
  }
}
