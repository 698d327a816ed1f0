import os from 'node:os';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Principal } from '../accounts/auth.service.ts';
import type { MediaRefResolver } from '../assets/media-ref.ts';
import type { ReadyCustomAvatar } from '../avatars/custom-avatar.service.ts';
import { PUBLIC_AVATARS } from '../catalog/catalog.data.ts';
import { clientLanguage, type Language } from '../catalog/languages.ts';
import { errors } from '../lib/errors.ts';
import type { TimedSegment } from '../pipeline/translate/stt.client.ts';
import { defaultVoice, voiceSpec, type Age, type Gender } from '../pipeline/speech/voice.catalog.ts';
import { ownFileRef } from '../storage/own-files.ts';
import type { TalkingAvatarRequest } from './kinds/avatar.kind.ts';
import type { TemplateVideoRequest } from './kinds/template.kind.ts';
import type { RemakeKind, TranslateRequest } from './kinds/translate.kind.ts';
import { loadSourceVideo, SourceVideoError } from './source-video.ts';
import type { UserAudioDeps } from './user-audio.ts';
import { VideoStatus, type Video, type VideoRequest } from './video.repository.ts';
import type { VideoService } from './video.service.ts';

/** POST /v2/video_translate/ as the route read it (empty strings already absent). */
export interface TranslateInput {
  /** A video of ours (its video_url, or its id), an uploaded asset (asset_url or asset_id), or another site's URL. */
  video_url: string | null;
  /** Extension: the id of a video of this account (the same as giving its video_url). */
  video_id: string | null;
  output_language: string;
  title: string | null;
  /** The target voice (GET /v2/video_translate/target_languages lists each language's); absent: the language's default for the presenter. */
  output_voice: string | null;
  /** Captions of the new speech burnt in (always also as subtitle_url for an outside video). */
  add_subtitles: boolean | null;
  /** Outside videos: keep the original sound, ducked, under the new speech. */
  keep_original_audio: boolean;
  /** Make the mouth follow the new speech (re-voiced videos: the lip-sync step; re-made ones speak the new script anyway). */
  lip_sync: boolean;
  /** Outside videos: the language spoken in it. */
  source_language: string | null;
  /** Outside videos: what is said, as timed segments (seconds) or plain text; absent: the STT server transcribes it. */
  transcript: TimedSegment[] | string | null;
  webhook_url: string | null;
}

export interface TranslateServiceDeps {
  videos: VideoService;
  mediaRefs: MediaRefResolver;
  media: UserAudioDeps;
  /** Whether LLM_BASE_URL and STT_BASE_URL are set (what a request may need is checked before anything is recorded). */
  llmConfigured: boolean;
  sttConfigured: boolean;
  customAvatar: (accountId: string, avatarId: number) => Promise<ReadyCustomAvatar | undefined>;
}

const HEX_ID = /^[0-9a-f]{32}$/;

/**
 * Video translation (CONTRACT §13, docs/translation.md): decides how a video is translated —
 * re-made when it is a video of ours with a script or product, re-voiced (dubbed) otherwise —
 * checks everything that can be checked now (language, voice, the servers it needs, the outside
 * video itself: a video, at most 10 minutes, with sound), and accepts it as a `translate` video
 * charged for its output length. A refusal records nothing and takes no credit.
 */
export class TranslateService {
  constructor(private readonly d: TranslateServiceDeps) {}

  async create(who: Principal, input: TranslateInput): Promise<{ video_translate_id: string; notes: string[] }> {
    const notes: string[] = [];
    const language = clientLanguage(input.output_language);
    if (!language) throw errors.parameter('output_language', `"${input.output_language}" is not a language this server speaks; see GET /v2/video_translate/target_languages`);
    if (!input.video_url && !input.video_id) throw errors.parameter('video_url', 'is required: the video to translate (its URL, an asset_url or asset_id, or video_id of a video made here)');

    const own = await this.ownVideo(who, input);
    if (own && own.kind !== 'translate' && remakeKind(own)) return this.remake(who, own, language, input, notes);
    if (own?.kind === 'translate' && (own.request as TranslateRequest).mode === 'remake') {
      // A translation of a translation: the first one's source, made again in this language.
      const inner = own.request as Extract<TranslateRequest, { mode: 'remake' }>;
      return this.remake(who, { ...own, kind: inner.source_kind, request: inner.request, id: inner.source_id }, language, input, notes);
    }
    return this.dub(who, own, language, input, notes);
  }

  /** The account's video named by video_id, by a 32-hex video_url, or by the URL of its file; null for anything else. */
  private async ownVideo(who: Principal, input: TranslateInput): Promise<Video | null> {
    if (input.video_id) return this.d.videos.get(who, input.video_id, undefined, 'video_id');
    const raw = input.video_url!.trim();
    let id: string | null = HEX_ID.test(raw) ? raw : null;
    const own = ownFileRef(raw, this.d.media.publicBaseUrl);
    if (own.kind === 'stored' && own.key.startsWith('videos/')) id = own.key.split('/')[1] ?? null;
    if (!id) return null;
    try {
      return await this.d.videos.get(who, id, undefined, 'video_url');
    } catch (err) {
      // A 32-hex value that is no video of ours may be an asset id: the media resolver decides.
      if (HEX_ID.test(raw)) return null;
      throw err;
    }
  }

  private async remake(who: Principal, source: Video, language: Language, input: TranslateInput, notes: string[]): Promise<{ video_translate_id: string; notes: string[] }> {
    const kind = remakeKind(source)!;
    if (input.lip_sync) notes.push(`lip_sync: not needed, the video is made again and its presenter says the new ${kind === 'product' ? 'narration' : 'script'} itself`);
    const useless = [input.transcript !== null && 'transcript', input.keep_original_audio && 'keep_original_audio', input.source_language && 'source_language'].filter(Boolean);
    if (useless.length) notes.push(`${useless.join(', ')}: not used, the video is made again from its ${kind === 'product' ? 'product' : 'script'} in ${language}`);
    let request: VideoRequest | TalkingAvatarRequest | TemplateVideoRequest;
    let translateScript: boolean;
    let outputS = source.duration;
    if (kind === 'product') {
      const r = source.request as VideoRequest;
      translateScript = r.override_script !== null;
      if (translateScript && !this.d.llmConfigured) throw errors.parameter('video_url', 'is a product video with its own written script (override_script): translating a written script needs an LLM; the operator sets LLM_BASE_URL');
      const voice = await this.voice(who, input.output_voice, language, r.avatar_id, r.avatar_type, notes);
      request = { ...r, language, voice_id: voice, caption: input.add_subtitles ?? r.caption, video_name: input.title ?? r.video_name };
      outputS = Math.max(outputS, r.video_length);
    } else if (kind === 'avatar') {
      const r = source.request as TalkingAvatarRequest;
      translateScript = true;
      if (!this.d.llmConfigured) throw errors.parameter('video_url', 'is a talking-avatar video with a written script: translating a written script needs an LLM; the operator sets LLM_BASE_URL');
      const voice = await this.voice(who, input.output_voice, language, r.avatar_id, r.avatar_type, notes);
      // Said by the new voice: a video lip-moved to the user's audio is spoken from its script instead.
      request = { ...r, language, voice_id: voice, audio_url: null, caption: input.add_subtitles ?? r.caption, video_name: input.title ?? r.video_name };
    } else {
      const r = source.request as TemplateVideoRequest;
      translateScript = r.plan.script.trim() !== '';
      if (translateScript && !this.d.llmConfigured) throw errors.parameter('video_url', 'is a template video with a written script: translating a written script needs an LLM; the operator sets LLM_BASE_URL');
      const voice = await this.voice(who, input.output_voice, language, r.avatar_id, r.avatar_type ?? 0, notes);
      request = { ...r, language, voice_id: voice, caption: input.add_subtitles ?? r.caption, video_name: input.title ?? r.video_name };
    }
    if (!(outputS > 0)) outputS = 60;
    const tr: TranslateRequest = { mode: 'remake', output_language: language, source_id: source.id, source_kind: kind, request, translate_script: translateScript };
    const id = await this.d.videos.accept(who, {
      kind: 'translate',
      productId: source.productId,
      request: tr,
      title: input.title ?? `${source.title} (${language})`,
      outputS,
      webhookUrl: input.webhook_url,
      underLock: source.productId
        ? async (r) => {
            if (!(await r.products.get(who.accountId, source.productId!))) throw errors.notFound(`product_id ${source.productId}: the product of this video was deleted`);
          }
        : undefined,
    });
    return { video_translate_id: id, notes };
  }

  private async dub(who: Principal, own: Video | null, language: Language, input: TranslateInput, notes: string[]): Promise<{ video_translate_id: string; notes: string[] }> {
    // The servers it needs, before anything is fetched.
    if (input.transcript === null && !this.d.sttConfigured) throw errors.parameter('video_url', 'is a video made elsewhere (or without a script): its speech must be transcribed, which needs a speech-to-text server; the operator sets STT_BASE_URL, or give transcript');
    if (!this.d.llmConfigured) throw errors.parameter('video_url', 'is a video made elsewhere (or without a script): translating its speech needs an LLM; the operator sets LLM_BASE_URL');
    const sourceLanguage = input.source_language ? clientLanguage(input.source_language) : null;
    if (input.source_language && !sourceLanguage) throw errors.parameter('source_language', `"${input.source_language}" is not a language this server knows; see GET /v2/video_translate/target_languages`);
    let ref: string;
    if (own) {
      if (own.status !== VideoStatus.success || !own.videoKey) throw errors.parameter('video_url', `names video ${own.id}, which has no finished file to translate (status_code ${own.status})`);
      ref = own.videoKey;
    } else {
      ref = (await this.d.mediaRefs.resolve(who.accountId, input.video_url!, 'video_url', ['video'])).ref;
    }
    const durationS = await this.check(ref);
    const voice = await this.voice(who, input.output_voice, language, null, 0, notes);
    const tr: TranslateRequest = {
      mode: 'dub',
      output_language: language,
      video_ref: ref,
      source_id: own?.id ?? null,
      source_language: sourceLanguage ?? null,
      transcript: input.transcript,
      voice_id: voice,
      keep_original_audio: input.keep_original_audio,
      caption: input.add_subtitles ?? false,
      lip_sync: input.lip_sync,
    };
    const id = await this.d.videos.accept(who, { kind: 'translate', productId: null, request: tr, title: input.title ?? own?.title ?? `Translation (${language})`, outputS: durationS, webhookUrl: input.webhook_url });
    return { video_translate_id: id, notes };
  }

  /** The outside video fetched (or read) once now: not a video, too long or silent is a 40000 now, not a failed video later. */
  private async check(ref: string): Promise<number> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reelsmith-translate-'));
    try {
      const v = await loadSourceVideo(ref, dir, this.d.media);
      if (!v.speechWav || !v.audible) throw errors.parameter('video_url', v.speechWav ? 'has no speech to translate: its sound is silent' : 'has no speech to translate: it has no sound track');
      return v.durationS;
    } catch (err) {
      if (err instanceof SourceVideoError) throw errors.parameter('video_url', err.message);
      throw err;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  /** The target voice: output_voice (it must speak `language`), else the language's default for the presenter's gender and age. */
  private async voice(who: Principal, outputVoice: string | null, language: Language, avatarId: number | null, avatarType: 0 | 1, notes: string[]): Promise<string> {
    if (outputVoice) {
      const resolved = await this.d.videos.resolveVoiceId(who.accountId, outputVoice, language, notes);
      const spec = resolved ? voiceSpec(resolved) : undefined;
      if (spec && spec.language !== language) throw errors.parameter('output_voice', `${outputVoice} speaks ${spec.language}, not ${language}; see GET /v2/video_translate/target_languages`);
      if (resolved) return resolved;
    }
    const { gender, age } = await this.traits(who.accountId, avatarId, avatarType);
    return defaultVoice(language, gender, age);
  }

  private async traits(accountId: string, avatarId: number | null, avatarType: 0 | 1): Promise<{ gender: Gender; age: Age }> {
    if (avatarId === null) return { gender: 'female', age: 'adult' };
    if (avatarType === 0) {
      const a = PUBLIC_AVATARS.find((x) => x.avatar_id === avatarId);
      return { gender: a?.gender ?? 'female', age: a?.age ?? 'adult' };
    }
    const custom = await this.d.customAvatar(accountId, avatarId);
    if (custom?.kind === 'drawn') return { gender: custom.presenter.traits.gender, age: custom.presenter.traits.age as Age };
    return { gender: custom?.avatar.gender.toLowerCase() === 'male' ? 'male' : 'female', age: 'adult' };
  }
}

/** The kind a video of ours is made again by, or null when it has nothing to make it from (an avatar video from audio alone, a dub). */
function remakeKind(v: Video): RemakeKind | null {
  if (v.kind === 'product' || v.kind === 'preview') return 'product';
  if (v.kind === 'avatar') return (v.request as TalkingAvatarRequest).script ? 'avatar' : null;
  if (v.kind === 'template') return 'template';
  return null;
}
