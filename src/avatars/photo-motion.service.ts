/**
 * POST /v1/photo_avatar/add_motion and GET /v1/photo_avatar?motion_id= (CONTRACT §10):
 * - the image URL of one of the account's generated candidates → a drawn custom avatar with that
 *   candidate's painter parameters, ready at once;
 * - any other image URL → a photo avatar: recorded as processing (status 0) and answered at once;
 *   then the photo is fetched (safe fetcher), its face found and checked in the face worker thread
 *   (never on the event loop), and the photo, its rig, a cover and a short talking preview are
 *   stored: status 1. A photo with no face, several faces, a face under 256 px, or not an image
 *   is refused: status 2 with fail_msg. Events generated_motion_* and generated_photo_avatar_*.
 * The processing runs in this process: a motion still processing when the process stopped is
 * reported failed ("make it again") when asked about ten minutes on (see docs/avatars.md).
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import path from 'node:path';
import type { MediaRefResolver, ResolvedMedia } from '../assets/media-ref.ts';
import type { Clock } from '../lib/clock.ts';
import { errors } from '../lib/errors.ts';
import { hexId } from '../lib/ids.ts';
import type { SafeFetcher } from '../net/safe-fetch.ts';
import { createAvatarPainter, NEUTRAL_POSE, type AvatarPainter, type DrawnPresenter } from '../pipeline/avatar/index.ts';
import { PREVIEW_SIZE } from '../pipeline/avatar/talking.preview.ts';
import { createPhotoPainter, type FacePool, type PhotoPresenter } from '../pipeline/avatar/photo/index.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { Signals } from '../jobs/wakeup.ts';
import { motionFailedEvents, motionSucceededEvents, type NewEvent } from '../webhooks/event.ts';
import type { AvatarGenerationService } from './avatar-generation.service.ts';
import { avatarFilesPrefix, type CustomAvatarService } from './custom-avatar.service.ts';
import type { CustomAvatar, CustomAvatarUpdate } from './custom-avatar.repository.ts';
import { rigKeyFor, sniffImageType } from './photo-avatar.files.ts';

export interface AddMotionInput {
  image_url: string;
  name: string;
  voice_id?: string | undefined;
  model?: string | undefined;
  description?: string | undefined;
  photo_id?: string | undefined;
  welcome_msg?: string | undefined;
}

export interface MotionView {
  avatar_id: number;
  image_url: string;
  motion_id: string;
  motion_preview_url: string;
  name: string;
  status: 'pending' | 'error' | 'completed';
  voice_id: string;
  /** v2 spelling of fail_msg; empty unless status is error. */
  error_msg: string;
}

/** An add_motion's status as both motion routes answer it (photo avatars; product avatars with their picture as image). */
export function motionViewOf(a: CustomAvatar, motionId: string, imageKey: string | null, publicUrl: (key: string) => string): MotionView {
  return {
    avatar_id: a.id,
    image_url: imageKey ? publicUrl(imageKey) : '',
    motion_id: motionId,
    motion_preview_url: a.previewKey ? publicUrl(a.previewKey) : '',
    name: a.name,
    status: a.status === 1 ? 'completed' : a.status === 2 ? 'error' : 'pending',
    voice_id: a.voiceId ?? '',
    error_msg: a.failMsg ?? '',
  };
}

/** Renders the short talking clip of a new avatar with this painter (PREVIEW_SIZE); returns the MP4's bytes. */
export type MotionPreviewMaker = (painter: AvatarPainter, line: string, voiceId: string | null) => Promise<Buffer>;

export interface PhotoMotionDeps {
  avatars: CustomAvatarService;
  generations: Pick<AvatarGenerationService, 'candidate'>;
  store: BlobStore;
  fetcher: SafeFetcher;
  /** Asset ids and asset URLs (uploads), or plain URLs under the URL policy. */
  mediaRefs: Pick<MediaRefResolver, 'resolve'>;
  faces: FacePool;
  /** Records an avatar's final state and its events in one transaction (CONTRACT §7: no state change without its events). */
  finish: (avatarId: number, update: CustomAvatarUpdate, events: NewEvent[]) => Promise<number>;
  signals: Pick<Signals, 'deliveriesCommitted'>;
  clock: Clock;
  preview?: MotionPreviewMaker;
  /** The voice id to keep for a voice_id (a custom voice of the account, or a catalog voice), or undefined when there is none. */
  resolveVoice?: (accountId: string, voiceId: string) => Promise<string | undefined>;
  log: { warn(obj: object, msg: string): void };
}

export const DEFAULT_WELCOME = 'Hi, I am your new presenter. Nice to meet you!';
const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
const FETCH_DEADLINE_MS = 20_000;
const COVER = 512;
/**
 * A motion takes seconds (fetch ≤ 20 s, the face worker ≤ 60 s, the preview a few seconds); one
 * still processing after this long was being made by a process that stopped.
 */
const STALE_MS = 10 * 60_000;
const EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export class PhotoMotionService {
  /** Motions being processed (tests and shutdown wait for them). */
  private readonly inflight = new Set<Promise<void>>();
  /** Avatar ids this process is making. */
  private readonly processing = new Set<number>();

  constructor(private readonly d: PhotoMotionDeps) {}

  async addMotion(accountId: string, input: AddMotionInput): Promise<{ avatar_id: number; motion_id: string; name: string }> {
    const url = input.image_url.trim();
    if (!url) throw errors.parameter('image_url', 'must not be empty');
    const motionId = hexId();
    let voiceId = input.voice_id?.trim() || undefined;
    if (voiceId !== undefined && this.d.resolveVoice) {
      const known = await this.d.resolveVoice(accountId, voiceId);
      if (known === undefined) throw errors.notFound(`voice_id ${voiceId}; see GET /v1/voices and GET /v1/voices/custom, or leave it out`);
      voiceId = known;
    }
    const found = await this.d.generations.candidate(accountId, url);
    if (found) {
      const { generation, candidate } = found;
      const a = await this.d.avatars.create(accountId, {
        name: input.name, kind: 'drawn', look: candidate.presenter, voiceId,
        aspectRatio: Number(generation.request.aspect_ratio) === 1 ? 1 : 0,
        style: generation.request.avatar_style, gender: generation.request.gender, age: generation.request.age,
        photoId: generation.id, motionId,
      });
      // Ready at once; its talking preview follows (motion_preview_url is empty until then).
      const run = this.drawnPreview(a, candidate.presenter, input.welcome_msg?.trim() || DEFAULT_WELCOME, url).finally(() => this.inflight.delete(run));
      this.inflight.add(run);
      return { avatar_id: a.id, motion_id: motionId, name: a.name };
    }
    // An uploaded image (asset id or asset URL) or another file of ours is read in place; any other URL is fetched.
    const ref = await this.d.mediaRefs.resolve(accountId, url, 'image_url', ['image']);
    const a = await this.d.avatars.create(accountId, {
      name: input.name, kind: 'photo', voiceId, aspectRatio: 0, style: 'Photo', gender: '', age: '',
      photoId: input.photo_id?.trim() || undefined, motionId,
    });
    this.processing.add(a.id);
    const run = this.process(a, ref, input.welcome_msg?.trim() || DEFAULT_WELCOME).finally(() => {
      this.inflight.delete(run);
      this.processing.delete(a.id);
    });
    this.inflight.add(run);
    return { avatar_id: a.id, motion_id: motionId, name: a.name };
  }

  async motion(accountId: string, motionId: string): Promise<MotionView> {
    let a = await this.d.avatars.byMotion(accountId, motionId);
    if (a.status === 0 && this.d.clock.nowMs() - a.updatedAt > STALE_MS && !this.processing.has(a.id)) {
      // Still processing long after any motion finishes: the process making it stopped.
      await this.fail(a, '', 'the server stopped while making this avatar; make it again');
      a = await this.d.avatars.byMotion(accountId, motionId);
    }
    return motionViewOf(a, motionId, a.photoKey ?? a.coverKey, (key) => this.d.store.publicUrl(key));
  }

  /** Waits for every motion being processed (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
  }

  private async process(a: CustomAvatar, ref: ResolvedMedia, line: string): Promise<void> {
    const motionId = a.motionId!;
    const url = ref.url;
    try {
      let res: { body: Buffer; contentType: string };
      try {
        // Our own files (an upload, another /files/ URL of this server) are read from storage.
        if (ref.storageKey) {
          const body = await this.d.store.get(ref.storageKey);
          res = { body, contentType: ref.asset?.contentType ?? sniffImageType(body) };
        } else {
          res = await this.d.fetcher.fetch(url, { maxBytes: MAX_PHOTO_BYTES, deadlineMs: FETCH_DEADLINE_MS });
        }
      } catch (e) {
        return await this.fail(a, url, `the photo could not be fetched from image_url (${(e as Error).message})`);
      }
      const verdict = await this.d.faces.analyse(res.body);
      if (!verdict.ok) return await this.fail(a, url, verdict.reason);
      const prefix = avatarFilesPrefix();
      const photoKey = `${prefix}/photo.${EXT[res.contentType] ?? 'img'}`;
      await this.d.store.put(photoKey, res.body);
      await this.d.store.put(rigKeyFor(photoKey), Buffer.from(JSON.stringify(verdict.rig)));
      const photo = await loadImage(res.body);
      const presenter: PhotoPresenter = { kind: 'photo', photo, rig: verdict.rig };
      const coverKey = `${prefix}/cover.png`;
      await this.d.store.put(coverKey, renderPhotoCover(presenter));
      let previewKey: string | null = null;
      if (this.d.preview) {
        previewKey = `${prefix}/preview.mp4`;
        await this.d.store.put(previewKey, await this.d.preview(createPhotoPainter(presenter.photo, presenter.rig, PREVIEW_SIZE), line, a.voiceId));
      }
      const photoUrl = this.d.store.publicUrl(photoKey);
      const coverUrl = this.d.store.publicUrl(coverKey);
      await this.finish(a.id, { status: 1, failMsg: null, photoKey, coverKey, previewKey }, motionSucceededEvents({
        accountId: a.accountId, avatarId: a.id, motionId, photoUrl, coverUrl, previewUrl: previewKey ? this.d.store.publicUrl(previewKey) : coverUrl,
      }, this.d.clock.nowMs()));
    } catch (e) {
      this.d.log.warn({ err: e, avatarId: a.id, motionId }, 'photo avatar motion failed');
      await this.fail(a, url, 'the photo avatar could not be made (server error); try again').catch(() => undefined);
    }
  }

  /** A drawn avatar's preview, then its success events (with the preview, or the cover when it could not be made). */
  private async drawnPreview(a: CustomAvatar, presenter: DrawnPresenter, line: string, candidateUrl: string): Promise<void> {
    const cover = a.coverKey ? this.d.store.publicUrl(a.coverKey) : '';
    let previewUrl = cover;
    let previewKey: string | null = null;
    try {
      if (this.d.preview && a.coverKey) {
        const key = `${path.posix.dirname(a.coverKey)}/preview.mp4`;
        await this.d.store.put(key, await this.d.preview(createAvatarPainter(presenter, PREVIEW_SIZE), line, a.voiceId));
        previewKey = key;
        previewUrl = this.d.store.publicUrl(key);
      }
    } catch (e) {
      this.d.log.warn({ err: e, avatarId: a.id }, 'drawn avatar preview failed');
    }
    await this.finish(a.id, previewKey ? { previewKey } : {}, motionSucceededEvents({ accountId: a.accountId, avatarId: a.id, motionId: a.motionId!, photoUrl: candidateUrl, previewUrl, coverUrl: cover }, this.d.clock.nowMs()));
  }

  private async fail(a: CustomAvatar, url: string, reason: string): Promise<void> {
    await this.finish(a.id, { status: 2, failMsg: reason }, motionFailedEvents({ accountId: a.accountId, avatarId: a.id, motionId: a.motionId!, photoUrl: url, error: reason }, this.d.clock.nowMs()));
  }

  private async finish(avatarId: number, update: CustomAvatarUpdate, events: NewEvent[]): Promise<void> {
    if ((await this.d.finish(avatarId, update, events)) !== 0) this.d.signals.deliveriesCommitted();
  }
}

/** The avatar's cover: its photo framed square at rest (512 × 512 PNG, like the drawn ones). */
export function renderPhotoCover(p: PhotoPresenter): Buffer {
  const canvas = createCanvas(COVER, COVER);
  createPhotoPainter(p.photo, p.rig, { width: COVER, height: COVER }).draw(canvas.getContext('2d'), NEUTRAL_POSE, 0, 0);
  return canvas.toBuffer('image/png');
}
