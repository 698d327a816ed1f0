import type { Job, JobRepository } from '../jobs/job.repository.ts';
import type { JobContext, JobHandler } from '../jobs/leased-run.ts';
import type { Signals } from '../jobs/wakeup.ts';
import type { Clock } from '../lib/clock.ts';
import type { TemplateService } from './template.service.ts';

export const TEMPLATE_FILES_JOB_KIND = 'template_files';

/** The job that draws a custom template's files; its id names the template. */
export const templateFilesJobId = (templateId: number): string => `template-${templateId}`;
const templateIdOfJob = (jobId: string): number => Number(jobId.slice('template-'.length));

export interface TemplateFilesJobDeps {
  templates: Pick<TemplateService, 'drawFiles'>;
  jobs: JobRepository;
  clock: Clock;
  signals: Signals;
  log: { warn(obj: object, msg: string): void };
}

/**
 * Draws a new custom template's cover.jpg and preview.mp4 (queued with the template when it is
 * created), so the lists' cover_url and preview_url answer from storage instead of rendering
 * while a client waits. Rendering is deterministic: a failure is final here, and the file
 * routes draw the files on request as a fallback (docs/templates.md "Covers and previews").
 */
export class TemplateFilesJob implements JobHandler {
  constructor(private readonly d: TemplateFilesJobDeps) {}

  async run(job: Job, ctx: JobContext): Promise<void> {
    const { jobs, clock } = this.d;
    try {
      // Deleted meanwhile, or already drawn: nothing to do.
      await this.d.templates.drawFiles(templateIdOfJob(job.id));
      ctx.signal.throwIfAborted();
      await jobs.complete(job.id, ctx.owner, clock.nowMs());
    } catch (err) {
      if (ctx.abortReason() === 'stopping') {
        if (await jobs.release(job.id, ctx.owner, clock.nowMs())) this.d.signals.jobEnqueued(job.id, job.attempts - 1, 0);
        return;
      }
      if (ctx.abortReason() === 'lease_lost') return;
      this.d.log.warn({ jobId: job.id, err }, 'custom template files failed');
      const msg = ctx.abortReason() === 'timeout' ? 'Drawing the template files timed out' : `Drawing the template files failed: ${err instanceof Error ? err.message : String(err)}`;
      await jobs.fail(job.id, ctx.owner, msg, clock.nowMs());
    }
  }
}
