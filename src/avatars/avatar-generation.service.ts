import type { MediaRefResolver } from '../assets/media-ref.ts';
import type { Signals } from '../jobs/wakeup.ts';
import type { WorkUnitOfWork } from '../jobs/work-unit.ts';
import type { Clock } from '../lib/clock.ts';
import { errors } from '../lib/errors.ts';
import { hexId } from '../lib/ids.ts';
import type { AccountStorage } from '../storage/account-storage.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { AVATAR_GENERATION_JOB_KIND } from './avatar-generation.job.ts';
import type { AvatarGeneration, AvatarGenerationRepository, Candidate, GenerationRequest } from './avatar-generation.repository.ts';

export interface GenerateInput {
  age: string;
  gender: string;
  avatar_style: string;
  aspect_ratio?: number | undefined;
  model?: string | undefined;
  ethnicity?: string | undefined;
  appearance?: string | undefined;
  background?: string | undefined;
  image_url?: string | undefined;
}

export interface GenerationView {
  photo_id: string;
  status: 'in_progress' | 'error' | 'success';
  image_url_list: string[];
  image_key_list: string[];
  msg: string;
}

/**
 * Candidate portraits from a description (POST /v1/photo_avatar/photo/generate): the request is
 * recorded with its job in one transaction; the job (AvatarGenerationJob) paints them. A
 * candidate is later found again by its image URL or key (add_motion turns it into an avatar).
 */
export class AvatarGenerationService {
  constructor(
    private readonly repo: AvatarGenerationRepository,
    private readonly uow: WorkUnitOfWork,
    private readonly store: BlobStore,
    /** image_url: an asset id or asset URL of the account, another of our files, or a URL under the URL policy. */
    private readonly mediaRefs: Pick<MediaRefResolver, 'resolve'>,
    private readonly clock: Clock,
    private readonly signals: Signals,
    private readonly jobMaxAttempts: number,
    /** Quota check before painting (the candidates are stored files); null in tests without one. */
    private readonly storage: AccountStorage | null = null,
  ) {}

  async generate(accountId: string, input: GenerateInput): Promise<{ photo_id: string }> {
    const given = input.image_url?.trim() ?? '';
    // What is kept: our file's storage key (read in place by the job) or the URL as given (fetched).
    const imageUrl = given ? (await this.mediaRefs.resolve(accountId, given, 'image_url', ['image'])).ref : '';
    const request: GenerationRequest = {
      age: input.age,
      gender: input.gender,
      avatar_style: input.avatar_style,
      aspect_ratio: input.aspect_ratio ?? 0,
      model: input.model || 'classic',
      ethnicity: input.ethnicity?.trim() ?? '',
      appearance: input.appearance?.trim() ?? '',
      background: input.background?.trim() ?? '',
      image_url: imageUrl,
    };
    await this.storage?.assertRoom(accountId);
    const now = this.clock.nowMs();
    const g: AvatarGeneration = { id: hexId(), accountId, request, status: 'in_progress', msg: '', candidates: [], createdAt: now, updatedAt: now };
    await this.uow(async (r) => {
      await r.avatarGenerations.insert(g);
      await r.jobs.insert({ id: g.id, kind: AVATAR_GENERATION_JOB_KIND, accountId, maxAttempts: this.jobMaxAttempts, runAt: now, nowMs: now });
    });
    this.signals.jobEnqueued(g.id, 0, 0);
    return { photo_id: g.id };
  }

  async get(accountId: string, photoId: string): Promise<GenerationView> {
    const g = await this.repo.get(photoId, accountId);
    if (!g) throw errors.notFound(`photo_id ${photoId}`);
    return {
      photo_id: g.id,
      status: g.status,
      image_url_list: g.candidates.map((c) => this.store.publicUrl(c.key)),
      image_key_list: g.candidates.map((c) => c.key),
      msg: g.msg,
    };
  }

  /**
   * The account's candidate behind an image URL or key of GET /v1/photo_avatar/generation
   * (add_motion's image_url), with its generation; undefined when it is none.
   */
  async candidate(accountId: string, urlOrKey: string): Promise<{ generation: AvatarGeneration; index: number; candidate: Candidate } | undefined> {
    const m = /(?:^|\/)avatars\/g-([0-9a-f]{32})\/candidate-(\d+)\.png(?:[?#].*)?$/.exec(urlOrKey.trim());
    if (!m) return undefined;
    const key = `avatars/g-${m[1]}/candidate-${m[2]}.png`;
    if (urlOrKey.includes('://') && !urlOrKey.trim().startsWith(this.store.publicUrl(key))) return undefined;
    const generation = await this.repo.get(m[1]!, accountId);
    const index = generation?.candidates.findIndex((c) => c.key === key) ?? -1;
    if (!generation || index < 0) return undefined;
    return { generation, index, candidate: generation.candidates[index]! };
  }
}
