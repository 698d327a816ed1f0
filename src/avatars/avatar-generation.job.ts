import sharp from 'sharp';
import type { Job, JobRepository } from '../jobs/job.repository.ts';
import type { JobContext, JobHandler } from '../jobs/leased-run.ts';
import type { Signals } from '../jobs/wakeup.ts';
import type { WorkUnitOfWork } from '../jobs/work-unit.ts';
import type { Clock } from '../lib/clock.ts';
import { FetchError, type SafeFetcher } from '../net/safe-fetch.ts';
import { describePresenters, type PresenterDescription } from '../pipeline/avatar/describe.ts';
import { renderAvatarCover } from '../pipeline/avatar/index.ts';
import { mainColours } from '../pipeline/avatar/palette.ts';
import { BlobNotFoundError, type BlobStore } from '../storage/blob-store.ts';
import { isKeyRef } from '../storage/stored-refs.ts';
import { imageFailedEvent, imageGeneratedEvent } from '../webhooks/event.ts';
import type { AvatarGeneration, AvatarGenerationRepository, Candidate } from './avatar-generation.repository.ts';

export const AVATAR_GENERATION_JOB_KIND = 'avatar_generation';

export interface AvatarGenerationJobDeps {
  uow: WorkUnitOfWork;
  generations: AvatarGenerationRepository;
  jobs: JobRepository;
  store: BlobStore;
  fetcher: SafeFetcher;
  clock: Clock;
  signals: Signals;
  log: { warn(obj: object, msg: string): void };
}

const REFERENCE_MAX_BYTES = 15 * 1024 * 1024;
const REFERENCE_DEADLINE_MS = 15_000;

/** Where a generation's candidate PNGs are stored (served under /files/). */
export const candidateKey = (photoId: string, index: number) => `avatars/g-${photoId}/candidate-${index + 1}.png`;

/**
 * Paints the candidates of one generate request: the description (and the main colours of
 * image_url, when given and readable) → four drawn presenters → their 512 px portraits in
 * storage; then, in one transaction, the job done, the generation's outcome and its
 * generated_image_* event. Painting is deterministic, so a failure is final (no retry).
 */
export class AvatarGenerationJob implements JobHandler {
  constructor(private readonly d: AvatarGenerationJobDeps) {}

  async run(job: Job, ctx: JobContext): Promise<void> {
    const { generations, jobs, clock } = this.d;
    const g = await generations.get(job.id);
    if (!g) {
      await jobs.fail(job.id, ctx.owner, 'the generation row is missing', clock.nowMs());
      return;
    }
    if (g.status !== 'in_progress') {
      await jobs.complete(job.id, ctx.owner, clock.nowMs());
      return;
    }
    try {
      const { candidates, msg, bytes } = await this.paint(g, ctx.signal);
      ctx.signal.throwIfAborted();
      await this.finish(job, ctx, g, { status: 'success', msg, candidates, storageBytes: bytes });
    } catch (err) {
      if (ctx.abortReason() === 'stopping') {
        if (await jobs.release(job.id, ctx.owner, clock.nowMs())) this.d.signals.jobEnqueued(job.id, job.attempts - 1, 0);
        return;
      }
      if (ctx.abortReason() === 'lease_lost') return;
      this.d.log.warn({ jobId: job.id, err }, 'avatar generation failed');
      const message = ctx.abortReason() === 'timeout' ? 'Candidate generation timed out' : `Candidate generation failed: ${err instanceof Error ? err.message : String(err)}`;
      await this.finish(job, ctx, g, { status: 'error', msg: message, candidates: [], storageBytes: 0 });
    }
  }

  private async paint(g: AvatarGeneration, signal: AbortSignal): Promise<{ candidates: Candidate[]; msg: string; bytes: number }> {
    const notes: string[] = [];
    let palette: string[] | undefined;
    if (g.request.image_url) {
      try {
        palette = await this.referenceColours(g.request.image_url);
      } catch (err) {
        const why = err instanceof FetchError ? err.message : err instanceof BlobNotFoundError ? 'no such file on this server' : 'not a readable image';
        notes.push(`image_url not used: ${why}`);
      }
    }
    const r = g.request;
    const description: PresenterDescription = {
      age: r.age as PresenterDescription['age'],
      gender: r.gender as PresenterDescription['gender'],
      avatarStyle: r.avatar_style as PresenterDescription['avatarStyle'],
      model: r.model as PresenterDescription['model'],
      ethnicity: r.ethnicity,
      appearance: r.appearance,
      background: r.background,
      palette,
    };
    const { candidates, unknownWords } = describePresenters(description);
    if (unknownWords.length) notes.unshift(`not drawn (words the painter does not know): ${unknownWords.join(', ')}`);
    const out: Candidate[] = [];
    let bytes = 0;
    for (const [i, presenter] of candidates.entries()) {
      signal.throwIfAborted();
      const key = candidateKey(g.id, i);
      const png = await renderAvatarCover(presenter);
      await this.d.store.put(key, png);
      bytes += png.length;
      out.push({ key, presenter });
    }
    return { candidates: out, msg: notes.join('; '), bytes };
  }

  /** The reference picture's main colours (outfit and backdrop). */
  private async referenceColours(ref: string): Promise<string[]> {
    // An upload or another file of ours is read from storage; another site's picture is fetched.
    const body = isKeyRef(ref)
      ? await this.d.store.get(ref)
      : (await this.d.fetcher.fetch(ref, { maxBytes: REFERENCE_MAX_BYTES, deadlineMs: REFERENCE_DEADLINE_MS, accept: (t) => t.startsWith('image/') || t === 'application/octet-stream' })).body;
    const { data, info } = await sharp(body, { failOn: 'error', limitInputPixels: 100_000_000 }).resize(48, 48, { fit: 'inside' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const colours = mainColours(data, info.channels);
    if (!colours.length) throw new Error('no colours');
    return colours;
  }

  private async finish(job: Job, ctx: JobContext, g: AvatarGeneration, outcome: { status: 'success' | 'error'; msg: string; candidates: Candidate[]; storageBytes: number }): Promise<void> {
    const now = this.d.clock.nowMs();
    const emitted = await this.d.uow(async (r) => {
      const done = outcome.status === 'success' ? await r.jobs.complete(job.id, ctx.owner, now) : await r.jobs.fail(job.id, ctx.owner, outcome.msg, now);
      if (!done) return false;
      if (!(await r.avatarGenerations.finish(g.id, outcome, now))) return false;
      await r.outbox.emit([
        outcome.status === 'success'
          ? imageGeneratedEvent({ photoId: g.id, accountId: g.accountId, photoUrls: outcome.candidates.map((c) => this.d.store.publicUrl(c.key)) }, now)
          : imageFailedEvent({ photoId: g.id, accountId: g.accountId, error: outcome.msg }, now),
      ]);
      return true;
    });
    if (emitted) this.d.signals.deliveriesCommitted();
  }
}
