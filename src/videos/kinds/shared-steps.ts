import { loadHeldProduct, loadPhotoPresenter } from '../../avatars/photo-avatar.files.ts';
import { loadVideoPresenter } from '../../avatars/video-avatar.files.ts';
import { presenterOf, type PresenterRef, type PresenterTraits } from '../../pipeline/avatar/index.ts';
import type { PhotoPresenter } from '../../pipeline/avatar/photo/index.ts';
import type { PresenterSource } from '../../pipeline/render/avatar-adapter.ts';
import { asEngines, type SpeechEngines } from '../../pipeline/speech/engines.ts';
import type { PipelineDeps } from './kind.ts';
import { recordedTraits } from '../../pipeline/avatar/apparent.ts';
import { GenerationError, type ProgressReporter } from '../video-generator.ts';

/** Steps every kind shares: the presenter, the speech engines of the account, the fallback warning. */

/**
 * The speech engines a video of `accountId` speaks with: the installed ones, plus the account's
 * custom voice when `voiceId` names one (GET /v1/voices/custom). Every kind narrates through this.
 */
export async function speechEnginesFor(deps: PipelineDeps, accountId: string, voiceId: string | null): Promise<SpeechEngines> {
  const engines = asEngines(deps.engine);
  const custom = voiceId ? await deps.customVoice?.(accountId, voiceId) : undefined;
  return custom ? { ...engines, voices: (id: string) => (id === custom.voiceId ? custom : engines.voices?.(id)) } : engines;
}

/** The warning a video carries when its external voice failed and a built-in one spoke instead. */
export function speechFallbackWarning(voiceId: string, fallback: string | undefined | null): string[] {
  return fallback ? [`voice ${voiceId}: ${fallback}`] : [];
}

/**
 * What draws a video's presenter: a public avatar_id, or the account's ready custom avatar
 * (checked again here: it may have been deleted since the video was accepted) — a drawn one, or a
 * photo presenter loaded from its stored portrait and rig — with its own voice and the traits its
 * default voice is chosen by.
 */
export async function presenterFor(deps: PipelineDeps, accountId: string, avatarId: number, avatarType: 0 | 1): Promise<{ ref: PresenterSource; voiceId: string | null; traits: Pick<PresenterTraits, 'gender' | 'age'> }> {
  if (avatarType === 0) return { ref: avatarId, voiceId: null, traits: presenterOf(avatarId).traits };
  const custom = await deps.customAvatar?.(accountId, avatarId);
  if (!custom) throw new GenerationError(`The custom avatar ${avatarId} (avatar_type 1) is no longer a ready custom avatar of this account`, { code: 10104, retryable: false });
  // A product avatar's presenter holds its product in every frame (docs/avatars.md "Product avatars").
  const holding = async (base: PresenterRef | PhotoPresenter): Promise<PresenterSource> =>
    custom.held ? { kind: 'holding', base, held: { image: await loadHeldProduct(deps.store, custom.held.productKey), hold: custom.held.hold } } : base;
  if (custom.kind === 'video') {
    // A video presenter plays its own loop (docs/avatars.md "Video presenters"); its default voice follows face-api's guess when it was confident.
    return { ref: await loadVideoPresenter(deps.store, custom.videoKey), voiceId: custom.avatar.voiceId, traits: recordedTraits(custom.avatar) };
  }
  if (custom.kind === 'photo') {
    // A photo avatar's voice default: its recorded (asked for, or face-api's confident guess) gender and age, else a female adult voice.
    return { ref: await holding(await loadPhotoPresenter(deps.store, custom.photoKey)), voiceId: custom.avatar.voiceId, traits: recordedTraits(custom.avatar) };
  }
  return { ref: await holding(custom.presenter), voiceId: custom.avatar.voiceId, traits: custom.presenter.traits };
}

/**
 * The renderer's onProgress for a job: the frames' fraction mapped onto [fromPct, toPct] of the
 * video's progress, reported in steps of 5 (never waited for; a failed report is dropped). The
 * renderer reports 1 once every frame is in the encoder: from then on the job is in its 'encode'
 * stage (ffmpeg's tail, faststart, the audio check), timed apart from drawing (video-timings.ts).
 */
export function renderProgress(progress: ProgressReporter, fromPct: number, toPct: number): (fraction: number) => void {
  let reported = fromPct;
  return (fraction) => {
    if (fraction >= 1) {
      void Promise.resolve(progress('encode', toPct)).catch(() => {});
      return;
    }
    const pct = Math.floor(fromPct + fraction * (toPct - fromPct));
    if (pct >= reported + 5) {
      reported = pct;
      void Promise.resolve(progress('render', pct)).catch(() => {});
    }
  };
}
