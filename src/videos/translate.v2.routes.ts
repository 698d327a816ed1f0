import { Type, type Static } from 'typebox';
import { Envelope, addWarnings, ok } from '../http/envelope.ts';
import type { App } from '../http/http-types.ts';
import { EXAMPLE_IDS, EXAMPLE_TIME, exampleVideoFile } from '../http/examples.ts';
import { Opt } from '../http/schema-helpers.ts';
import { v2Status, WebhookUrlField } from '../http/v2.ts';
import { LANGUAGES } from '../catalog/languages.ts';
import { installedVoiceSpecs, defaultVoice } from '../pipeline/speech/voice.catalog.ts';
import { unixSeconds } from '../lib/clock.ts';
import { errors } from '../lib/errors.ts';
import { refUrl } from '../storage/stored-refs.ts';
import type { TranslateInput, TranslateService } from './translate.service.ts';
import { DeductedCredit, V2VideoError, V2VideoStatus, v2ErrorOf } from './video-view.v2.ts';
import type { Video } from './video.repository.ts';
import type { VideoService } from './video.service.ts';

/**
 * v2 video translation (JOGGAI-SURFACE.md, CONTRACT §13): the vendor CLI's body
 * `{video_url, output_language, title, translate_audio_only, add_subtitles}` plus the vendor's
 * other fields and our extensions, one TranslateService call; the status of a `translate` video.
 */
const Segment = Type.Object({
  start: Type.Number({ minimum: 0, description: 'Seconds from the start of the video' }),
  end: Type.Number({ minimum: 0, description: 'Seconds from the start of the video' }),
  text: Type.String({ minLength: 1, maxLength: 2000, description: 'What is said in that time' }),
});

const TranslateBody = Type.Object({
  video_url: Opt(Type.String({ maxLength: 2048, description: "The video: a video_url of a video made here (made again in output_language), an asset_url or asset_id from POST /v2/upload/asset, or an https URL (re-voiced: its speech transcribed, translated and spoken by the target voice)" })),
  video_id: Opt(Type.String({ maxLength: 64, description: 'Extension: the id of a video of this account (any kind), instead of video_url' })),
  output_language: Type.String({ minLength: 1, maxLength: 40, description: 'One of the 54 languages of GET /v2/video_translate/target_languages (english, german… any case), or its ISO code (de, de-DE)' }),
  title: Opt(Type.String({ maxLength: 200, description: 'Title of the new video; default the source\'s title with the language' })),
  output_voice: Opt(Type.String({ maxLength: 128, description: "The target voice: a voice_id of GET /v2/video_translate/target_languages for output_language, or a custom voice; absent → the language's default voice for the presenter" })),
  add_subtitles: Opt(Type.Boolean({ description: "Captions of the new speech burnt in. A re-made video: absent keeps the source's caption setting. A re-voiced video: default false; its subtitle_url (WebVTT) is made either way" })),
  translate_audio_only: Opt(Type.Boolean({ description: 'Accepted for the vendor\'s clients; a re-voiced video gets lip-sync only when lip_sync is true' })),
  enable_dynamic_duration: Opt(Type.Boolean({ description: 'Accepted and ignored: a re-voiced segment that does not fit its time always pushes the next one later (docs/translation.md)' })),
  speaker_num: Opt(Type.Integer({ minimum: 0, maximum: 20, description: 'Accepted and ignored: one target voice speaks every segment' })),
  callback_url: Opt(Type.String({ maxLength: 2048, description: "The vendor's name for webhook_url (used when webhook_url is absent)" })),
  webhook_url: WebhookUrlField(),
  keep_original_audio: Opt(Type.Boolean({ description: 'Extension, re-voiced videos: keep the original sound (music, ambience) ducked under the new speech; default false (the original sound is replaced)' })),
  lip_sync: Opt(Type.Boolean({ description: 'Extension: make the mouth follow the new speech. A re-voiced video gets the lip-sync step (POST /v2/create_lip_sync_video\'s) on its dub; when its face cannot be followed (none, several, or lost in over 30 % of frames) the dub is kept without it and says so in warnings. A re-made video needs none: its presenter says the new script' })),
  source_language: Opt(Type.String({ maxLength: 40, description: 'Extension, re-voiced videos: the language spoken in the video (told to the speech-to-text server; needed to time a plain-text transcript); default: the server detects it (english for a plain-text transcript)' })),
  transcript: Opt(Type.Union([Type.String({ minLength: 1, maxLength: 50_000 }), Type.Array(Segment, { minItems: 1, maxItems: 2000 })], {
    description: 'Extension, re-voiced videos: what is said — timed segments [{start, end, text}] (seconds), or plain text (timed against the sound by the forced aligner). Absent: the speech-to-text server (STT_BASE_URL) transcribes it',
  })),
}, {
  // A video of this server, by id (the vendor CLI's body gives video_url instead: any of our file URLs, an asset or another site's URL).
  examples: [{ video_id: EXAMPLE_IDS.project, output_language: 'spanish', title: 'Spanish product video', translate_audio_only: false, add_subtitles: true }],
});

export function fromBody(b: Static<typeof TranslateBody>): { input: TranslateInput; notes: string[] } {
  const notes: string[] = [];
  if (b.speaker_num !== undefined && b.speaker_num > 1) notes.push(`speaker_num ${b.speaker_num}: one target voice speaks every segment`);
  let transcript: TranslateInput['transcript'] = typeof b.transcript === 'string' ? b.transcript.trim() || null : null;
  const segments = Array.isArray(b.transcript) ? b.transcript : null;
  if (segments) {
    const bad = segments.findIndex((s, i) => !(s.end > s.start) || (i > 0 && s.start < segments[i - 1]!.start));
    if (bad >= 0) throw errors.parameter(`transcript[${bad}]`, 'must end after it starts, and segments must be in order of start');
    transcript = segments.map((s) => ({ start: s.start, end: s.end, text: s.text.trim() }));
  }
  return {
    notes,
    input: {
      video_url: b.video_url?.trim() || null,
      video_id: b.video_id?.trim() || null,
      output_language: b.output_language,
      title: b.title?.trim() || null,
      output_voice: b.output_voice?.trim() || null,
      add_subtitles: b.add_subtitles ?? null,
      keep_original_audio: b.keep_original_audio ?? false,
      lip_sync: b.lip_sync ?? false,
      source_language: b.source_language?.trim() || null,
      transcript,
      webhook_url: b.webhook_url?.trim() || b.callback_url?.trim() || null,
    },
  };
}

const TranslateStatus = Type.Object({
  video_translate_id: Type.String({ description: 'The 32-hex id (the project_id of GET /v1/project)' }),
  title: Type.String({ description: 'The title given, else the source\'s title with the language' }),
  status: V2VideoStatus,
  url: Type.String({ description: 'The translated MP4; empty until completed' }),
  subtitle_url: Type.String({ description: 'WebVTT of the new speech when captions were made; empty otherwise' }),
  cover_url: Type.String({ description: 'Extension: JPEG; empty until completed' }),
  output_language: Type.String({ description: 'Extension: the language it was translated into' }),
  duration: Type.Number({ description: 'Extension: seconds, once completed' }),
  progress: Type.Integer({ description: 'Extension: 0-100' }),
  created_at: Type.Integer({ description: 'Unix seconds' }),
  deducted_credit: DeductedCredit(),
  error: V2VideoError(),
});

export function translateView(v: Video, fileUrl: (key: string) => string): Static<typeof TranslateStatus> {
  return {
    video_translate_id: v.id,
    title: v.title,
    status: v2Status(v.status),
    url: refUrl(v.videoKey, fileUrl),
    subtitle_url: refUrl(v.subtitlesKey, fileUrl),
    cover_url: refUrl(v.coverKey, fileUrl),
    output_language: (v.request as { output_language?: string }).output_language ?? '',
    duration: v.duration,
    progress: v.progress,
    created_at: unixSeconds(v.createdAt),
    deducted_credit: v.credits,
    ...v2ErrorOf(v),
  };
}

const TargetLanguages = Type.Object({
  total: Type.Integer({ description: 'How many languages (54)' }),
  languages: Type.Array(Type.Object({
    language: Type.String({ description: 'The output_language value' }),
    default_voice_id: Type.String({ description: 'The voice that speaks when output_voice is absent (a female adult presenter; a presenter\'s own gender and age pick their default)' }),
    voices: Type.Array(Type.Object({
      voice_id: Type.String({ description: 'An output_voice value' }),
      name: Type.String({ description: 'Language, gender and age in words' }),
      gender: Type.String({ description: 'female or male' }),
      age: Type.String({ description: 'young, adult or senior' }),
    }), { description: 'The installed voices that speak it' }),
  }), { description: 'The 54 languages, in the contract\'s order' }),
});

/** The 54 languages and the installed voices of each, in the contract's order. */
export function targetLanguages(): Static<typeof TargetLanguages> {
  const specs = installedVoiceSpecs();
  const languages = LANGUAGES.map((language) => ({
    language,
    default_voice_id: defaultVoice(language, 'female', 'adult'),
    voices: specs.filter((s) => s.language === language).map((s) => ({ voice_id: s.voiceId, name: s.name, gender: s.gender, age: s.age })),
  }));
  return { total: languages.length, languages };
}

const tags = ['Video translation'];

export function translateV2Routes(app: App, service: TranslateService, videos: VideoService): void {
  // The vendor's CLI posts with the trailing slash; both spellings answer.
  for (const [url, summary] of [
    ['/v2/video_translate/', 'Translate a video into another language (1 credit per started 2 minutes of output)'],
    ['/v2/video_translate', 'The same as POST /v2/video_translate/ (without the trailing slash)'],
  ] as const) {
    app.post(url, {
      schema: {
        tags,
        summary,
        description:
          'A video made here is made again in output_language (a product video written anew by the script writer; a talking-avatar or template script translated by the LLM: needs LLM_BASE_URL). Any other video is re-voiced: its speech transcribed (STT_BASE_URL, or your transcript), translated segment by segment by the LLM (LLM_BASE_URL), spoken by the target voice in each segment\'s time, the original sound replaced (or kept ducked: keep_original_audio), captions of the new speech. Status through GET /v2/video_translate/{id}; fires generated_translate_video_* (and generated_video_* for v1 endpoints). See docs/translation.md.',
        body: TranslateBody,
        response: { 200: Envelope(Type.Object({ video_translate_id: Type.String({ description: '32-hex id; poll GET /v2/video_translate/{id}' }) }), { video_translate_id: EXAMPLE_IDS.translateVideo }) },
        'x-error-codes': {
          10104: 'video_id (or a video_url of this server) names no video of this account, or output_voice is not a voice',
          18020: 'not enough credit (1 per started 2 minutes of output); nothing is recorded',
          40000: 'output_language is not one of the 54 languages; a server the translation needs is not configured (msg names LLM_BASE_URL or STT_BASE_URL); video_url is not a video, lasts over 10 minutes, or has no speech; output_voice speaks another language (msg names the field). Nothing is recorded',
        },
      },
      handler: async (req) => {
        const { input, notes } = fromBody(req.body);
        const out = await service.create(req.principal, input);
        addWarnings(req, [...notes, ...out.notes]);
        return ok({ video_translate_id: out.video_translate_id });
      },
    });
  }

  app.get('/v2/video_translate/target_languages', {
    schema: {
      tags,
      summary: 'The languages a video can be translated into, with their voices',
      response: {
        200: Envelope(TargetLanguages, { total: 54, languages: [{ language: 'german', default_voice_id: 'de-f1', voices: [{ voice_id: 'de-f1', name: 'German – female, adult', gender: 'female', age: 'adult' }] }] }),
      },
    },
    handler: async () => ok(targetLanguages()),
  });

  app.get('/v2/video_translate/:id', {
    schema: {
      tags,
      summary: 'Status and result of a video translation',
      params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, description: 'The video_translate_id of POST /v2/video_translate/', examples: [EXAMPLE_IDS.translateVideo] }) }),
      response: {
        200: Envelope(TranslateStatus, {
          video_translate_id: EXAMPLE_IDS.translateVideo,
          title: 'Spanish product video',
          status: 'completed',
          url: exampleVideoFile('video.mp4'),
          subtitle_url: exampleVideoFile('subtitles.vtt'),
          cover_url: exampleVideoFile('cover.jpg'),
          output_language: 'spanish',
          duration: 29.6,
          progress: 100,
          created_at: EXAMPLE_TIME,
          deducted_credit: 1,
        }),
      },
      'x-error-codes': { 10104: 'id is not a video translation of this account' },
    },
    handler: async (req) => ok(translateView(await videos.get(req.principal, req.params.id, ['translate'], 'video_translate_id'), videos.fileUrl)),
  });
}
