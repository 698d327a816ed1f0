import os from 'node:os';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Principal } from '../accounts/auth.service.ts';
import type { MediaRefResolver } from '../assets/media-ref.ts';
import { clientLanguage, type Language } from '../catalog/languages.ts';
import { errors } from '../lib/errors.ts';
import type { PlaybackType } from '../pipeline/lipsync/playback.ts';
import { estimateScriptS } from '../pipeline/script/rates.ts';
import { defaultVoice, voiceSpec } from '../pipeline/speech/voice.catalog.ts';
import { talkingScript } from './kinds/avatar.kind.ts';
import type { LipSyncRequest } from './kinds/lip-sync.kind.ts';
import { loadUserAudio, MAX_AUDIO_S, UserAudioError, type UserAudioDeps } from './user-audio.ts';
import type { VideoService } from './video.service.ts';

export interface LipSyncInput {
  video_url: string | null;
  audio_url: string | null;
  /** Extension: what audio_url says (the mouth follows its phonemes), or, without audio_url, what voice_id says. */
  script: string | null;
  voice_id: string | null;
  /** Extension: the script's language when the voice does not tell it (absent: the voice's, else english). */
  language: string | null;
  playback_type: PlaybackType;
  title: string | null;
  webhook_url: string | null;
}

export interface LipSyncServiceDeps {
  videos: VideoService;
  mediaRefs: MediaRefResolver;
  media: UserAudioDeps;
}

/**
 * Lip-sync videos (POST /v2/create_lip_sync_video): checks the request — the clip's reference
 * (an asset of the account, a file of ours, or a URL the policy allows; the job fetches it), the
 * new audio (fetched once now: at most 10 minutes) or a script and its voice — and accepts a `lip_sync` video charged for the output's length, which is the
 * audio's (or the script's estimated speaking time). A refusal records nothing and takes no credit.
 */
export class LipSyncService {
  constructor(private readonly d: LipSyncServiceDeps) {}

  async create(who: Principal, input: LipSyncInput): Promise<{ task_id: string; notes: string[] }> {
    const notes: string[] = [];
    if (!input.video_url) throw errors.parameter('video_url', 'is required: the video of one person facing the camera (a URL, or an asset_url or asset_id from POST /v2/upload/asset)');
    if (!input.audio_url && !input.script) throw errors.parameter('audio_url', 'is required: the new audio (a URL, or an asset_url or asset_id), or give script (and voice_id) to have it spoken');
    const language = input.language ? clientLanguage(input.language) : null;
    if (input.language && !language) throw errors.parameter('language', `"${input.language}" is not a language this server knows`);

    let voiceId: string | null = null;
    let lang: Language = language ?? 'english';
    if (!input.audio_url) {
      if (input.voice_id) {
        const resolved = await this.d.videos.resolveVoiceId(who.accountId, input.voice_id, lang, notes);
        voiceId = resolved ?? defaultVoice(lang, 'female', 'adult');
        lang = language ?? ((voiceSpec(voiceId)?.language as Language | undefined) ?? lang);
      } else {
        voiceId = defaultVoice(lang, 'female', 'adult');
        notes.push(`voice_id absent: ${voiceId} speaks the script`);
      }
    } else if (input.voice_id) {
      notes.push('voice_id is not used with audio_url: the mouth follows the audio');
    }
    if (input.script && talkingScript(input.script, lang).sentences.length === 0) throw errors.parameter('script', 'has nothing to say (only spaces or punctuation)');

    // The clip is fetched by the job (not a video, too long, no face: the video fails with the reason, its credit given back).
    const video = await this.d.mediaRefs.resolve(who.accountId, input.video_url, 'video_url', ['video']);
    let audioRef: string | null = null;
    let outputS: number;
    if (input.audio_url) {
      const audio = await this.d.mediaRefs.resolve(who.accountId, input.audio_url, 'audio_url', ['audio']);
      audioRef = audio.ref;
      outputS = await this.audioLength(audio.ref, audio.url);
    } else {
      outputS = estimateScriptS(talkingScript(input.script!, lang).sentences.map((s) => s.text), lang);
      if (outputS > MAX_AUDIO_S) throw errors.parameter('script', `would take about ${Math.round(outputS)} s to say; at most ${MAX_AUDIO_S} s (10 minutes)`);
    }
    const request: LipSyncRequest = { video_ref: video.ref, audio_ref: audioRef, script: input.script, voice_id: voiceId, language: lang, playback_type: input.playback_type };
    const id = await this.d.videos.accept(who, { kind: 'lip_sync', productId: null, request, title: input.title ?? 'Lip-sync video', outputS, webhookUrl: input.webhook_url });
    return { task_id: id, notes };
  }

  private async audioLength(ref: string, url: string): Promise<number> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reelsmith-audio-'));
    try {
      return (await loadUserAudio(ref, dir, this.d.media)).durationS;
    } catch (err) {
      if (err instanceof UserAudioError) throw errors.parameter('audio_url', err.message.startsWith(url) ? err.message.slice(url.length).trim() : err.message);
      throw err;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
}
