/**
 * Makes one video avatar (POST /v1/avatar/create; docs/avatars.md "Video presenters"): the clip
 * read (upload) or fetched (safe fetcher) into a work directory, probed (10 s - 5 min, a video),
 * the face tracked in every frame in the face worker, judged (video.track.ts), the idle loop cut
 * and stored played forward then back (loop.mp4, track.json), a cover and a talking preview made.
 * A green-screen or transparent clip gives a cut-out: the loop keyed (or its alpha kept) and
 * stored as loop.webm (VP9 with alpha).
 * In one final transaction: the avatar's state, the job's and the create_avatar_* event. A
 * refusal is final (no retry).
 */
import { createCanvas } from '@napi-rs/canvas';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Job, JobRepository } from '../jobs/job.repository.ts';
import type { JobContext, JobHandler } from '../jobs/leased-run.ts';
import type { Signals } from '../jobs/wakeup.ts';
import type { WorkUnitOfWork } from '../jobs/work-unit.ts';
import type { Clock } from '../lib/clock.ts';
import { probe } from '../media/ffprobe.ts';
import type { SafeFetcher } from '../net/safe-fetch.ts';
import { NEUTRAL_POSE } from '../pipeline/avatar/index.ts';
import type { FacePool } from '../pipeline/avatar/photo/index.ts';
import { apparentRecord, recordedTraits } from '../pipeline/avatar/apparent.ts';
import { PREVIEW_SIZE } from '../pipeline/avatar/talking.preview.ts';
import { createVideoPainter, onBackdrop, type VideoPresenter } from '../pipeline/avatar/video/video.painter.ts';
import { cutoutFilter, cutoutOf } from '../pipeline/avatar/video/screen.ts';
import { judgeClip, MAX_CLIP_S, MIN_CLIP_S, pickIdleLoop, type Pt } from '../pipeline/avatar/video/video.track.ts';
import { defaultVoice } from '../pipeline/speech/voice.catalog.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { avatarCreatedEvent, avatarCreateFailedEvent } from '../webhooks/event.ts';
import { avatarFilesPrefix } from './custom-avatar.service.ts';
import type { CustomAvatar, CustomAvatarRepository, CustomAvatarUpdate } from './custom-avatar.repository.ts';
import type { MotionPreviewMaker } from './photo-motion.service.ts';
import { DEFAULT_WELCOME } from './photo-motion.service.ts';
import { loopFramesOf, trackKeyFor, type VideoLoopTrack } from './video-avatar.files.ts';
import { alphaDecoderArgs, clipStream, detectScreen } from './video-avatar.screen.ts';

const run = promisify(execFile);

export interface VideoAvatarJobDeps {
  uow: WorkUnitOfWork;
  avatars: Pick<CustomAvatarRepository, 'byMotionId'>;
  jobs: JobRepository;
  store: BlobStore;
  fetcher: SafeFetcher;
  faces: Pick<FacePool, 'trackVideo'>;
  clock: Clock;
  signals: Signals;
  preview?: MotionPreviewMaker;
  log: { warn(obj: object, msg: string): void };
}

const MAX_CLIP_BYTES = 500 * 1024 * 1024;
const FETCH_DEADLINE_MS = 120_000;
/** Longest side the face is tracked at (the landmark net sees 112 px faces). */
const TRACK_MAX_SIDE = 960;
/**
 * The landmark net on every 3rd frame when a presenter is made (the registration carries the face
 * between; the net only adds the eyes', mouth's and jaw's residual): 60 s of 1080x1920 in under 60 s
 * of CPU. Lip-sync keeps every 2nd frame (its mouth follows the clip's own mouth more closely).
 */
const TRACK_NET_EVERY = 3;
/** Longest side of the stored loop. */
const LOOP_MAX_SIDE = 1920;
const COVER = 512;

/** A refusal or failure whose message is for the user (fail_msg and the failed event). */
class ClipError extends Error {}

export class VideoAvatarJob implements JobHandler {
  constructor(private readonly d: VideoAvatarJobDeps) {}

  async run(job: Job, ctx: JobContext): Promise<void> {
    const { jobs, clock } = this.d;
    const a = await this.d.avatars.byMotionId(job.id, job.accountId);
    if (!a || a.status !== 0 || !a.videoOrigin) {
      await jobs.complete(job.id, ctx.owner, clock.nowMs());
      return;
    }
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reelsmith-vavatar-'));
    try {
      const update = await this.make(a, dir, ctx.signal);
      ctx.signal.throwIfAborted();
      await this.finish(job, ctx, a, update, null);
    } catch (err) {
      if (ctx.abortReason() === 'stopping') {
        if (await jobs.release(job.id, ctx.owner, clock.nowMs())) this.d.signals.jobEnqueued(job.id, job.attempts - 1, 0);
        return;
      }
      if (ctx.abortReason() === 'lease_lost') return;
      if (!(err instanceof ClipError)) this.d.log.warn({ jobId: job.id, err }, 'video avatar failed');
      const msg = ctx.abortReason() === 'timeout' ? 'making the avatar took too long; use a shorter clip'
        : err instanceof ClipError ? err.message : 'the video avatar could not be made (server error); try again';
      await this.finish(job, ctx, a, { status: 2, failMsg: msg }, msg);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  private async make(a: CustomAvatar, dir: string, signal: AbortSignal): Promise<CustomAvatarUpdate> {
    const src = path.join(dir, 'source');
    await fs.writeFile(src, await this.read(a.videoOrigin!));
    const info = await probe(src);
    const fps = info?.video ? await frameRate(src) : 0;
    if (!info?.video || info.durationS <= 0 || !fps) throw new ClipError('origin_url is not a video this server can read (MP4, MOV or WebM of one person facing the camera)');
    const { width, height } = info.video;
    if (info.durationS < MIN_CLIP_S || info.durationS > MAX_CLIP_S + 0.5) {
      throw new ClipError(`the clip is ${info.durationS.toFixed(1)} s long; it must be ${MIN_CLIP_S} s to ${MAX_CLIP_S / 60} min`);
    }
    const tracked = await this.d.faces.trackVideo({ path: src, width, height, fps, decodeMaxSide: TRACK_MAX_SIDE, maxFrames: Math.ceil((MAX_CLIP_S + 1) * fps), landmarkEvery: TRACK_NET_EVERY }, signal);
    if (tracked.error) throw new ClipError('origin_url is not a video this server can read (MP4, MOV or WebM of one person facing the camera)');
    const verdict = judgeClip({ durationS: info.durationS, fps, width, height }, tracked);
    if (!verdict.ok) throw new ClipError(verdict.reason);
    const loop = pickIdleLoop(verdict.landmarks, fps);

    // Green screen or alpha: the presenter is a cut-out, keyed (or its alpha kept) here, once.
    const screen = await detectScreen(src, info.durationS, width, height);
    const cutout = cutoutOf(screen);
    const cut = cutoutFilter(screen);
    const decode = screen.kind === 'alpha' ? alphaDecoderArgs((await clipStream(src)).codec) : [];

    // The loop: its frames forward, then back without repeating either end (S..E, E-1..S+1).
    const k = Math.min(1, LOOP_MAX_SIDE / Math.max(width, height));
    const W = Math.round((width * k) / 2) * 2;
    const H = Math.round((height * k) / 2) * 2;
    const loopFile = path.join(dir, cutout ? 'loop.webm' : 'loop.mp4');
    const filter = `[0:v]trim=start_frame=${loop.start}:end_frame=${loop.end + 1},setpts=PTS-STARTPTS,${cut ? `${cut},` : ''}scale=${W}:${H},split[f][b];[b]reverse,trim=start_frame=1:end_frame=${loop.end - loop.start},setpts=PTS-STARTPTS[r];[f][r]concat=n=2:v=1:a=0,setpts=N/${fps}/TB[v]`;
    const encode = cutout
      ? ['-c:v', 'libvpx-vp9', '-pix_fmt', 'yuva420p', '-b:v', '0', '-crf', '24', '-deadline', 'realtime', '-cpu-used', '8', '-row-mt', '1', '-auto-alt-ref', '0', '-f', 'webm']
      : ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'];
    await run('ffmpeg', ['-v', 'error', '-y', ...decode, '-i', src, '-filter_complex', filter, '-map', '[v]', '-r', String(fps), ...encode, loopFile], { maxBuffer: 1 << 20 });
    const fwd = verdict.landmarks.slice(loop.start, loop.end + 1);
    const seq = [...fwd, ...fwd.slice(1, -1).reverse()].map((p) => p.map(([x, y]): [number, number] => [round1(x * (W / width)), round1(y * (H / height))]));
    const track: VideoLoopTrack = { width: W, height: H, fps, landmarks: seq, ...(cutout ? { cutout } : {}) };
    signal.throwIfAborted();

    const prefix = avatarFilesPrefix();
    const videoKey = `${prefix}/${path.basename(loopFile)}`;
    const loopBytes = await fs.readFile(loopFile);
    const trackBytes = Buffer.from(JSON.stringify(track));
    const framesDir = path.join(dir, 'frames');
    await fs.mkdir(framesDir);
    const frames = await loopFramesOf(loopFile, framesDir, cutout);
    const n = Math.min(frames.length, seq.length);
    const presenter: VideoPresenter = { kind: 'video', width: W, height: H, fps, frames: frames.slice(0, n), landmarks: seq.slice(0, n) as Pt[][], ...(cutout ? { cutout } : {}) };
    const cover = createCanvas(COVER, COVER);
    onBackdrop(createVideoPainter(presenter, { width: COVER, height: COVER }), presenter).draw(cover.getContext('2d'), { ...NEUTRAL_POSE, timeMs: 0 }, 0, 0);
    const coverBytes = await cover.encode('png');
    const apparent = verdict.gender ? apparentRecord({ gender: verdict.gender, age: verdict.age ?? 30 }) : null;
    const traits = recordedTraits(apparent ?? a);
    const preview = this.d.preview ? await this.d.preview(onBackdrop(createVideoPainter(presenter, PREVIEW_SIZE), presenter), DEFAULT_WELCOME, a.voiceId ?? defaultVoice('english', traits.gender, traits.age)) : null;
    await this.d.store.put(videoKey, loopBytes);
    await this.d.store.put(trackKeyFor(videoKey), trackBytes);
    await this.d.store.put(`${prefix}/cover.png`, coverBytes);
    if (preview) await this.d.store.put(`${prefix}/preview.mp4`, preview);
    const update: CustomAvatarUpdate = {
      status: 1, failMsg: null, videoKey, coverKey: `${prefix}/cover.png`, previewKey: preview ? `${prefix}/preview.mp4` : null,
      storageBytes: loopBytes.length + trackBytes.length + coverBytes.length + (preview?.length ?? 0),
    };
    if (apparent) Object.assign(update, apparent);
    return update;
  }

  /** The clip given by upload (read in place) or URL (safe fetcher). */
  private async read(origin: { url: string; assetKey: string | null }): Promise<Buffer> {
    if (origin.assetKey) return this.d.store.get(origin.assetKey);
    try {
      return (await this.d.fetcher.fetch(origin.url, { maxBytes: MAX_CLIP_BYTES, deadlineMs: FETCH_DEADLINE_MS })).body;
    } catch (err) {
      throw new ClipError(`origin_url could not be fetched: ${(err as Error).message}`);
    }
  }

  private async finish(job: Job, ctx: JobContext, a: CustomAvatar, update: CustomAvatarUpdate, error: string | null): Promise<void> {
    const now = this.d.clock.nowMs();
    const url = (key: string | null | undefined) => (key ? this.d.store.publicUrl(key) : '');
    const emitted = await this.d.uow(async (r) => {
      const done = error === null ? await r.jobs.complete(job.id, ctx.owner, now) : await r.jobs.fail(job.id, ctx.owner, error, now);
      if (!done) return false;
      if (!(await r.customAvatars.update(a.id, a.accountId, update, now))) return false;
      const ev = error === null
        ? avatarCreatedEvent({ accountId: a.accountId, avatarId: a.id, previewUrl: url(update.previewKey) || url(update.coverKey), coverUrl: url(update.coverKey) }, now)
        : avatarCreateFailedEvent({ accountId: a.accountId, avatarId: a.id, error }, now);
      return (await r.outbox.emit([ev])) !== 0 || true;
    });
    if (emitted) this.d.signals.deliveriesCommitted();
  }
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** The video stream's frame rate (r_frame_rate), or 0. */
async function frameRate(file: string): Promise<number> {
  try {
    const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=r_frame_rate,avg_frame_rate', '-of', 'json', file], { timeout: 20_000 });
    const s = (JSON.parse(stdout) as { streams?: { r_frame_rate?: string; avg_frame_rate?: string }[] }).streams?.[0];
    for (const v of [s?.avg_frame_rate, s?.r_frame_rate]) {
      const [n, d] = (v ?? '0/0').split('/').map(Number);
      if (n && d && n / d > 1 && n / d <= 120) return Math.round((n / d) * 1000) / 1000;
    }
    return 0;
  } catch {
    return 0;
  }
}
