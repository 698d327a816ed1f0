/**
 * POST /v1/photo_avatar/add_motion and GET /v1/photo_avatar?motion_id= (CONTRACT §10):
 * - the image URL of one of the account's generated candidates → a drawn custom avatar with that
 *   candidate's painter parameters, ready at once (its talking preview follows);
 * - any other image URL → a photo avatar: recorded as processing (status 0) and answered at once;
 *   then the photo is fetched (safe fetcher), its face found and checked in the face worker thread
 *   (never on the event loop), and the photo, its rig, a cover and a short talking preview are
 *   stored: status 1. A photo with no face, several faces, a face under 256 px, or not an image
 *   is refused: status 2 with fail_msg. Events generated_motion_* and generated_photo_avatar_*.
 * The work after the answer is a queued job (photo-motion.job.ts), queued with the avatar in one
 * transaction: it runs wherever jobs run, and a restart resumes it (docs/avatars.md).
 */
import type { MediaRefResolver } from '../assets/media-ref.ts';
import type { Clock } from '../lib/clock.ts';
import { errors } from '../lib/errors.ts';
import { hexId } from '../lib/ids.ts';
import type { AvatarPainter } from '../pipeline/avatar/index.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { Signals } from '../jobs/wakeup.ts';
import type { WorkUnitOfWork } from '../jobs/work-unit.ts';
import type { AvatarGenerationService } from './avatar-generation.service.ts';
import type { CustomAvatarService } from './custom-avatar.service.ts';
import type { CustomAvatar, CustomAvatarRepository, MotionRequest } from './custom-avatar.repository.ts';
import { PHOTO_MOTION_JOB_KIND } from './photo-motion.job.ts';

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
  avatarRows: Pick<CustomAvatarRepository, 'byMotionId'>;
  generations: Pick<AvatarGenerationService, 'candidate'>;
  store: BlobStore;
  /** Asset ids and asset URLs (uploads), or plain URLs under the URL policy. */
  mediaRefs: Pick<MediaRefResolver, 'resolve'>;
  /** The avatar row and its job in one transaction. */
  work: WorkUnitOfWork;
  jobMaxAttempts: number;
  signals: Pick<Signals, 'jobEnqueued'>;
  clock: Clock;
  /** The voice id to keep for a voice_id (a custom voice of the account, or a catalog voice), or undefined when there is none. */
  resolveVoice?: (accountId: string, voiceId: string) => Promise<string | undefined>;
}

export const DEFAULT_WELCOME = 'Hi, I am your new presenter. Nice to meet you!';

export class PhotoMotionService {
  /** Motions this process queued (tests wait for them with idle()). */
  private readonly queued = new Set<string>();

  constructor(private readonly d: PhotoMotionDeps) {}

  async addMotion(accountId: string, input: AddMotionInput): Promise<{ avatar_id: number; motion_id: string; name: string }> {
    const url = input.image_url.trim();
    if (!url) throw errors.parameter('image_url', 'must not be empty');
    const motionId = hexId();
    const line = input.welcome_msg?.trim() || DEFAULT_WELCOME;
    let voiceId = input.voice_id?.trim() || undefined;
    if (voiceId !== undefined && this.d.resolveVoice) {
      const known = await this.d.resolveVoice(accountId, voiceId);
      if (known === undefined) throw errors.notFound(`voice_id ${voiceId}; see GET /v1/voices and GET /v1/voices/custom, or leave it out`);
      voiceId = known;
    }
    const found = await this.d.generations.candidate(accountId, url);
    let a: CustomAvatar;
    if (found) {
      const { generation, candidate } = found;
      // Ready at once; its talking preview follows (motion_preview_url is empty until then).
      a = await this.d.avatars.create(accountId, {
        name: input.name, kind: 'drawn', look: candidate.presenter, voiceId,
        aspectRatio: Number(generation.request.aspect_ratio) === 1 ? 1 : 0,
        style: generation.request.avatar_style, gender: generation.request.gender, age: generation.request.age,
        photoId: generation.id, motionId, motionRequest: { imageUrl: url, asset: null, line },
      }, (row) => this.queue(row));
    } else {
      // An uploaded image (asset id or asset URL) or another file of ours is read from storage; any other URL is fetched.
      const ref = await this.d.mediaRefs.resolve(accountId, url, 'image_url', ['image']);
      const request: MotionRequest = { imageUrl: ref.url, asset: ref.storageKey ? { storageKey: ref.storageKey, contentType: ref.asset?.contentType ?? '' } : null, line };
      a = await this.d.avatars.create(accountId, {
        name: input.name, kind: 'photo', voiceId, aspectRatio: 0, style: 'Photo', gender: '', age: '',
        photoId: input.photo_id?.trim() || undefined, motionId, motionRequest: request,
      }, (row) => this.queue(row));
    }
    this.queued.add(motionId);
    this.d.signals.jobEnqueued(motionId, 0, 0);
    return { avatar_id: a.id, motion_id: motionId, name: a.name };
  }

  async motion(accountId: string, motionId: string): Promise<MotionView> {
    const a = await this.d.avatars.byMotion(accountId, motionId);
    return motionViewOf(a, motionId, a.photoKey ?? a.coverKey, (key) => this.d.store.publicUrl(key));
  }

  /** Waits (at most `timeoutMs`) until the motions this process queued are finished (tests). */
  async idle(timeoutMs = 120_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (const id of [...this.queued]) {
      while (Date.now() < until) {
        const a = await this.d.avatarRows.byMotionId(id);
        if (!a || !a.motionRequest) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      this.queued.delete(id);
    }
  }

  private async queue(a: CustomAvatar): Promise<void> {
    const now = this.d.clock.nowMs();
    await this.d.work(async (r) => {
      await r.customAvatars.insert(a);
      await r.jobs.insert({ id: a.motionId!, kind: PHOTO_MOTION_JOB_KIND, accountId: a.accountId, maxAttempts: this.d.jobMaxAttempts, runAt: now, nowMs: now });
    });
  }
}
