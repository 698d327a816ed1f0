/**
 * The add_motion job (kind `photo_motion`, id = the motion_id), queued with the avatar in one
 * transaction, so it runs wherever jobs run (`serve`, `reelsmith worker`; not `serve
 * --no-worker`) and a restart resumes it (a lease that ran out is claimed again):
 * - a photo avatar: the photo read (an upload from storage, else fetched through the safe fetcher),
 *   its face found in the face worker, then photo, rig, cover and talking preview stored;
 * - a drawn avatar (chosen from a candidate, ready at once): its talking preview.
 * In one final transaction: the avatar's state (motion_request cleared, storage_bytes set), the
 * generated_motion_* / generated_photo_avatar_* events and the job's outcome. A refused photo is
 * final (no retry); a stopping process gives the job back.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import path from 'node:path';
import type { Job, JobRepository } from '../jobs/job.repository.ts';
import type { JobContext, JobHandler } from '../jobs/leased-run.ts';
import type { Signals } from '../jobs/wakeup.ts';
import type { WorkUnitOfWork } from '../jobs/work-unit.ts';
import type { Clock } from '../lib/clock.ts';
import type { SafeFetcher } from '../net/safe-fetch.ts';
import { createAvatarPainter, NEUTRAL_POSE } from '../pipeline/avatar/index.ts';
import { apparentRecord, recordedTraits } from '../pipeline/avatar/apparent.ts';
import { PREVIEW_SIZE } from '../pipeline/avatar/talking.preview.ts';
import { createPhotoPainter, type FacePool, type PhotoPresenter } from '../pipeline/avatar/photo/index.ts';
import { defaultVoice } from '../pipeline/speech/voice.catalog.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { motionFailedEvents, motionSucceededEvents, type NewEvent } from '../webhooks/event.ts';
import type { CustomAvatar, CustomAvatarRepository, CustomAvatarUpdate, MotionRequest } from './custom-avatar.repository.ts';
import { avatarFilesPrefix } from './custom-avatar.service.ts';
import { rigKeyFor, sniffImageType } from './photo-avatar.files.ts';
import type { MotionPreviewMaker } from './photo-motion.service.ts';

export const PHOTO_MOTION_JOB_KIND = 'photo_motion';

export interface PhotoMotionJobDeps {
  uow: WorkUnitOfWork;
  avatars: Pick<CustomAvatarRepository, 'byMotionId'>;
  jobs: JobRepository;
  store: BlobStore;
  fetcher: SafeFetcher;
  faces: Pick<FacePool, 'analyse'>;
  preview?: MotionPreviewMaker | undefined;
  clock: Clock;
  signals: Signals;
  log: { warn(obj: object, msg: string): void };
}

const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
const FETCH_DEADLINE_MS = 20_000;
const COVER = 512;
const EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** A refusal whose message is for the client (fail_msg and the failed events). */
class MotionRefused extends Error {}

export class PhotoMotionJob implements JobHandler {
  constructor(private readonly d: PhotoMotionJobDeps) {}

  async run(job: Job, ctx: JobContext): Promise<void> {
    const { jobs, clock } = this.d;
    const a = await this.d.avatars.byMotionId(job.id);
    if (!a || !a.motionRequest) {
      // deleted meanwhile, or already finished by an earlier attempt
      await (a ? jobs.complete(job.id, ctx.owner, clock.nowMs()) : jobs.fail(job.id, ctx.owner, 'the avatar is gone', clock.nowMs()));
      return;
    }
    const req = a.motionRequest;
    try {
      const outcome = a.kind === 'photo' ? await this.photo(a, req, ctx.signal) : await this.drawnPreview(a, req, ctx.signal);
      ctx.signal.throwIfAborted();
      await this.finish(job, ctx, a, outcome.update, outcome.events, null);
    } catch (err) {
      if (ctx.abortReason() === 'stopping') {
        if (await jobs.release(job.id, ctx.owner, clock.nowMs())) this.d.signals.jobEnqueued(job.id, job.attempts - 1, 0);
        return;
      }
      if (ctx.abortReason() === 'lease_lost') return;
      if (!(err instanceof MotionRefused)) this.d.log.warn({ err, avatarId: a.id, motionId: job.id }, 'photo avatar motion failed');
      const reason =
        err instanceof MotionRefused ? err.message
        : ctx.abortReason() === 'timeout' ? 'the photo avatar took too long to make; try again'
        : 'the photo avatar could not be made (server error); try again';
      if (a.kind !== 'photo') {
        // a drawn avatar is ready without its preview: announced with its cover
        const ok = this.drawnSuccess(a, req, null);
        await this.finish(job, ctx, a, ok.update, ok.events, null);
        return;
      }
      await this.finish(job, ctx, a, { status: 2, failMsg: reason }, motionFailedEvents({ accountId: a.accountId, avatarId: a.id, motionId: job.id, photoUrl: req.imageUrl, error: reason }, clock.nowMs()), reason);
    }
  }

  private async photo(a: CustomAvatar, req: MotionRequest, signal: AbortSignal): Promise<{ update: CustomAvatarUpdate; events: NewEvent[] }> {
    let res: { body: Buffer; contentType: string };
    try {
      res = req.asset
        ? await this.stored(req.asset)
        : await this.d.fetcher.fetch(req.imageUrl, { maxBytes: MAX_PHOTO_BYTES, deadlineMs: FETCH_DEADLINE_MS });
    } catch (e) {
      throw new MotionRefused(`the photo could not be fetched from image_url (${(e as Error).message})`);
    }
    signal.throwIfAborted();
    const verdict = await this.d.faces.analyse(res.body);
    if (!verdict.ok) throw new MotionRefused(verdict.reason);
    // A photo of the user's own (no gender asked for): face-api's confident guess sets the default voice.
    const apparent = a.gender === '' && verdict.apparent ? apparentRecord(verdict.apparent) : null;
    const traits = recordedTraits(apparent ?? a);
    signal.throwIfAborted();
    const prefix = avatarFilesPrefix();
    const photoKey = `${prefix}/photo.${EXT[res.contentType] ?? 'img'}`;
    const rig = Buffer.from(JSON.stringify(verdict.rig));
    await this.d.store.put(photoKey, res.body);
    await this.d.store.put(rigKeyFor(photoKey), rig);
    const photo = await loadImage(res.body);
    const presenter: PhotoPresenter = { kind: 'photo', photo, rig: verdict.rig };
    const coverKey = `${prefix}/cover.png`;
    const cover = renderPhotoCover(presenter);
    await this.d.store.put(coverKey, cover);
    let bytes = res.body.length + rig.length + cover.length;
    let previewKey: string | null = null;
    if (this.d.preview) {
      signal.throwIfAborted();
      previewKey = `${prefix}/preview.mp4`;
      const clip = await this.d.preview(createPhotoPainter(presenter.photo, presenter.rig, PREVIEW_SIZE), req.line, a.voiceId ?? defaultVoice('english', traits.gender, traits.age));
      await this.d.store.put(previewKey, clip);
      bytes += clip.length;
    }
    const url = (k: string) => this.d.store.publicUrl(k);
    return {
      update: { status: 1, failMsg: null, photoKey, coverKey, previewKey, storageBytes: bytes, ...apparent },
      events: motionSucceededEvents({ accountId: a.accountId, avatarId: a.id, motionId: a.motionId!, photoUrl: url(photoKey), coverUrl: url(coverKey), previewUrl: previewKey ? url(previewKey) : url(coverKey) }, this.d.clock.nowMs()),
    };
  }

  /** Our own file (an upload or another /files/ URL of this server), read from storage, never over HTTP. */
  private async stored(ref: { storageKey: string; contentType: string }): Promise<{ body: Buffer; contentType: string }> {
    const body = await this.d.store.get(ref.storageKey);
    return { body, contentType: ref.contentType || sniffImageType(body) };
  }

  /** A drawn avatar's talking preview, then its success events (with the preview, or its cover when it could not be made). */
  private async drawnPreview(a: CustomAvatar, req: MotionRequest, signal: AbortSignal): Promise<{ update: CustomAvatarUpdate; events: NewEvent[] }> {
    if (!this.d.preview || !a.coverKey || !a.look) return this.drawnSuccess(a, req, null);
    const key = `${path.posix.dirname(a.coverKey)}/preview.mp4`;
    const clip = await this.d.preview(createAvatarPainter(a.look, PREVIEW_SIZE), req.line, a.voiceId);
    signal.throwIfAborted();
    await this.d.store.put(key, clip);
    return this.drawnSuccess(a, req, { key, bytes: clip.length });
  }

  private drawnSuccess(a: CustomAvatar, req: MotionRequest, preview: { key: string; bytes: number } | null): { update: CustomAvatarUpdate; events: NewEvent[] } {
    const cover = a.coverKey ? this.d.store.publicUrl(a.coverKey) : '';
    const previewUrl = preview ? this.d.store.publicUrl(preview.key) : cover;
    return {
      update: preview ? { previewKey: preview.key, storageBytes: a.storageBytes + preview.bytes } : {},
      events: motionSucceededEvents({ accountId: a.accountId, avatarId: a.id, motionId: a.motionId!, photoUrl: req.imageUrl, previewUrl, coverUrl: cover }, this.d.clock.nowMs()),
    };
  }

  /** One transaction: the job's outcome, the avatar's state and its events; nothing when the lease was lost. */
  private async finish(job: Job, ctx: JobContext, a: CustomAvatar, update: CustomAvatarUpdate, events: NewEvent[], failure: string | null): Promise<void> {
    const now = this.d.clock.nowMs();
    const emitted = await this.d.uow(async (r) => {
      const done = failure === null ? await r.jobs.complete(job.id, ctx.owner, now) : await r.jobs.fail(job.id, ctx.owner, failure, now);
      if (!done) return 0;
      if (!(await r.customAvatars.update(a.id, undefined, { ...update, motionRequest: null }, now))) return 0;
      return r.outbox.emit(events);
    });
    if (emitted !== 0) this.d.signals.deliveriesCommitted();
  }
}

/** The avatar's cover: its photo framed square at rest (512 × 512 PNG, like the drawn ones). */
export function renderPhotoCover(p: PhotoPresenter): Buffer {
  const canvas = createCanvas(COVER, COVER);
  createPhotoPainter(p.photo, p.rig, { width: COVER, height: COVER }).draw(canvas.getContext('2d'), NEUTRAL_POSE, 0, 0);
  return canvas.toBuffer('image/png');
}
