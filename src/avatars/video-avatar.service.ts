/**
 * POST /v1/avatar/create {origin_url, name} (CONTRACT §13): a custom avatar of kind `video` from
 * a person's own clip — an uploaded video (asset id or asset URL) or a URL under the URL policy.
 * The avatar (status 0) and its job are recorded in one transaction; VideoAvatarJob tracks the
 * face, picks the idle loop and stores it (status 1), or refuses with a reason (status 2); either
 * way with its create_avatar_* event. Listed, renamed and deleted with the other custom avatars.
 */
import type { MediaRefResolver } from '../assets/media-ref.ts';
import type { WorkUnitOfWork } from '../jobs/work-unit.ts';
import type { Signals } from '../jobs/wakeup.ts';
import type { Clock } from '../lib/clock.ts';
import { errors } from '../lib/errors.ts';
import { hexId } from '../lib/ids.ts';
import type { AccountStorage } from '../storage/account-storage.ts';
import type { CustomAvatarService } from './custom-avatar.service.ts';

export const VIDEO_AVATAR_JOB_KIND = 'video_avatar';

export interface CreateVideoAvatarInput {
  origin_url: string;
  name: string;
}

export interface VideoAvatarServiceDeps {
  avatars: Pick<CustomAvatarService, 'draft'>;
  mediaRefs: Pick<MediaRefResolver, 'resolve'>;
  work: WorkUnitOfWork;
  signals: Pick<Signals, 'jobEnqueued'>;
  clock: Clock;
  storage?: Pick<AccountStorage, 'assertRoom'> | null;
  jobMaxAttempts: number;
}

export class VideoAvatarService {
  constructor(private readonly d: VideoAvatarServiceDeps) {}

  async create(accountId: string, input: CreateVideoAvatarInput): Promise<{ avatar_id: number; name: string; status: number }> {
    const url = input.origin_url.trim();
    if (!url) throw errors.parameter('origin_url', 'must not be empty');
    const ref = await this.d.mediaRefs.resolve(accountId, url, 'origin_url', ['video']);
    await this.d.storage?.assertRoom(accountId);
    const jobId = hexId();
    const a = await this.d.avatars.draft(accountId, {
      name: input.name, kind: 'video', aspectRatio: 0, style: 'Video', gender: '', age: '', motionId: jobId,
      videoOrigin: { url: ref.url, assetKey: ref.asset?.storageKey ?? null },
    });
    const now = this.d.clock.nowMs();
    await this.d.work(async (r) => {
      await r.customAvatars.insert(a);
      await r.jobs.insert({ id: jobId, kind: VIDEO_AVATAR_JOB_KIND, accountId, maxAttempts: this.d.jobMaxAttempts, runAt: now, nowMs: now });
    });
    this.d.signals.jobEnqueued(jobId, 0, 0);
    return { avatar_id: a.id, name: a.name, status: 0 };
  }
}
