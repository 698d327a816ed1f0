import os from 'node:os';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Principal } from '../accounts/auth.service.ts';
import type { MediaRefResolver } from '../assets/media-ref.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { PUBLIC_AVATARS } from '../catalog/catalog.data.ts';
import type { Language } from '../catalog/languages.ts';
import { errors } from '../lib/errors.ts';
import { estimateScriptS } from '../pipeline/script/rates.ts';
import { parseVendorVoice } from '../catalog/voice-aliases.ts';
import { allVoiceSpecs, defaultVoice, voiceSpec } from '../pipeline/speech/voice.catalog.ts';
import { talkingScript, type TalkingAvatarRequest } from './kinds/avatar.kind.ts';
import { loadUserAudio, MAX_AUDIO_S, UserAudioError, type UserAudioDeps } from './user-audio.ts';
import type { VideoService } from './video.service.ts';
import type { ReadyCustomAvatar } from '../avatars/custom-avatar.service.ts';
import { isCutoutLoop } from '../avatars/video-avatar.files.ts';
import { recordedTraits } from '../pipeline/avatar/apparent.ts';

/** The talking-avatar request as the route read it: script and audio_url absent when empty. */
export interface TalkingAvatarInput {
  avatar_id: number;
  avatar_type: 0 | 1;
  voice_id: string | null;
  screen_style: 1 | 2 | 3;
  script: string | null;
  audio_url: string | null;
  aspect_ratio: 0 | 1 | 2;
  caption: boolean;
  video_name: string;
  /** Extension: the language of a script given with audio_url (absent → voice_id's, else english). */
  language?: string | null;
  /** v2: the request's own webhook_url, passed to VideoService.accept as sent. */
  webhook_url?: string | null;
}

/**
 * Talking-avatar videos (create_video_from_talking_avatar): checks the request — the presenter,
 * the voice, exactly one of script and audio_url, the audio itself (fetched or read, decoded,
 * at most 10 minutes) — and hands it to VideoService.accept with the output length: the
 * script's estimated speaking time, or the audio's length.
 */
export class TalkingAvatarService {
  constructor(
    private readonly videos: VideoService,
    private readonly catalog: CatalogService,
    private readonly mediaRefs: MediaRefResolver,
    private readonly audio: UserAudioDeps,
    /** The account's ready custom avatar (avatar_type 1): CustomAvatarService.ready. */
    private readonly customAvatar: (accountId: string, avatarId: number) => Promise<ReadyCustomAvatar | undefined> = async () => undefined,
  ) {}

  async create(who: Principal, input: TalkingAvatarInput): Promise<{ project_id: string; notes: string[] }> {
    const notes: string[] = [];
    const hasScript = input.script !== null && input.script.trim() !== '';
    const hasAudio = input.audio_url !== null && input.audio_url.trim() !== '';
    if (!hasScript && !hasAudio) throw errors.parameter('script', 'or audio_url is required: the text the presenter says, or the audio it lip-moves to');
    const avatar = await this.presenter(who.accountId, input);

    let voiceId: string | null = null;
    let language = 'english';
    if (hasScript && !hasAudio) {
      voiceId = await this.voice(who.accountId, input.voice_id, avatar, notes);
      // The voice decides the language; a custom voice's is not in the catalog: the `language` field, else english.
      language = voiceSpec(voiceId)?.language ?? input.language ?? 'english';
    } else {
      if (input.voice_id !== null) notes.push('voice_id is not used with audio_url: the presenter lip-moves to the audio');
      // A script with the audio is what the audio says: aligned to it for the captions, in this language.
      if (hasScript) language = input.language ?? (input.voice_id ? (voiceSpec(this.catalog.resolveVoice(input.voice_id, 'english') ?? '')?.language ?? 'english') : 'english');
    }
    if (!hasScript && input.caption) notes.push('caption is only made from a script; a video from audio_url alone has no captions (give its script too)');

    let outputS: number;
    let audioUrl: string | null = null;
    if (hasScript && talkingScript(input.script!, language as Language).sentences.length === 0) throw errors.parameter('script', 'has nothing to say (only spaces or punctuation)');
    if (!hasAudio) {
      const script = talkingScript(input.script!, language as Language);
      outputS = estimateScriptS(script.sentences.map((s) => s.text), language as Language);
      if (outputS > MAX_AUDIO_S) throw errors.parameter('script', `would take about ${Math.round(outputS)} s to say; at most ${MAX_AUDIO_S} s (10 minutes)`);
    } else {
      // Kept as a stored ref: an uploaded asset's storage key (its URL is built when read), or another site's URL.
      const resolved = await this.mediaRefs.resolve(who.accountId, input.audio_url!, 'audio_url', ['audio']);
      audioUrl = resolved.ref;
      outputS = await this.audioLength(resolved.ref, resolved.url);
    }

    const request: TalkingAvatarRequest = {
      avatar_id: input.avatar_id,
      avatar_type: input.avatar_type,
      voice_id: voiceId,
      language,
      screen_style: input.screen_style,
      script: hasScript ? input.script! : null,
      audio_url: audioUrl,
      aspect_ratio: input.aspect_ratio,
      caption: hasScript && input.caption,
      video_name: input.video_name,
    };
    const project_id = await this.videos.accept(who, { kind: 'avatar', productId: null, request, title: input.video_name, outputS, webhookUrl: input.webhook_url ?? null });
    return { project_id, notes };
  }

  /** The presenter's gender and age (its default voice) and own voice: a public avatar, or the account's ready custom one. */
  private async presenter(accountId: string, input: TalkingAvatarInput): Promise<{ gender: 'female' | 'male'; age: 'young' | 'adult' | 'senior'; voiceId: string | null }> {
    if (input.avatar_type === 1) {
      const custom = await this.customAvatar(accountId, input.avatar_id);
      if (!custom) throw errors.notFound(`avatar_id ${input.avatar_id} (avatar_type 1, custom): this account has no ready custom avatar with that id; see GET /v1/avatars/custom`);
      if (custom.kind === 'photo' && input.screen_style !== 1) throw errors.parameter('screen_style', `must be 1 (the scene) with a photo avatar: a photo presenter carries its own backdrop, so it cannot be keyed on green (2) or made transparent (3)`);
      if (custom.kind === 'video' && !isCutoutLoop(custom.videoKey) && input.screen_style !== 1) throw errors.parameter('screen_style', `must be 1 (the scene) with this video avatar: it keeps its clip's own background, so it cannot be keyed on green (2) or made transparent (3); a video avatar made from a green-screen or transparent clip (cutout true) can`);
      const traits = custom.kind === 'drawn' ? custom.presenter.traits : recordedTraits(custom.avatar);
      return { gender: traits.gender as 'female' | 'male', age: traits.age as 'young' | 'adult' | 'senior', voiceId: custom.avatar.voiceId };
    }
    const avatar = PUBLIC_AVATARS.find((a) => a.avatar_id === input.avatar_id);
    if (!avatar) throw errors.notFound(`avatar_id ${input.avatar_id} (avatar_type 0, public); public avatars are ${this.catalog.choices('avatar')}; see GET /v1/avatars`);
    return { gender: avatar.gender, age: avatar.age, voiceId: null };
  }

  private async voice(accountId: string, voiceId: string | null, avatar: { gender: 'female' | 'male'; age: 'young' | 'adult' | 'senior'; voiceId: string | null }, notes: string[]): Promise<string> {
    voiceId ??= avatar.voiceId || null;
    if (voiceId === null) return defaultVoice('english', avatar.gender, avatar.age);
    // There is no language field: another vendor's voice name speaks its locale's language (de-DE-KatjaNeural → a german voice).
    const language = vendorLanguage(voiceId) ?? 'english';
    const resolved = await this.videos.resolveVoiceId(accountId, voiceId, language, notes);
    return resolved ?? defaultVoice(language, avatar.gender);
  }

  /** The audio is fetched (or read) once here to check it and measure it: bad audio is a 40000 now, not a failed video later. */
  private async audioLength(ref: string, url: string): Promise<number> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reelsmith-audio-'));
    try {
      return (await loadUserAudio(ref, dir, this.audio)).durationS;
    } catch (err) {
      if (err instanceof UserAudioError) throw errors.parameter('audio_url', err.message.startsWith(url) ? err.message.slice(url.length).trim() : err.message);
      throw err;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
}

/** The language of another vendor's voice name, by its locale's language code; null when not a vendor name or no voice of ours speaks it. */
function vendorLanguage(voiceId: string): string | null {
  const vendor = parseVendorVoice(voiceId);
  if (!vendor) return null;
  const code = vendor.locale.toLowerCase().split('-')[0]!;
  return allVoiceSpecs().find((v) => v.voiceId.toLowerCase().startsWith(`${code}-`))?.language ?? null;
}
