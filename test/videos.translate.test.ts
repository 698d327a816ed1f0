import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { detectLanguage } from '../src/products/language-detect.ts';
import { buildMouthTrack, mouthOpenFrames, NEUTRAL_POSE, type AvatarPose } from '../src/pipeline/avatar/index.ts';
import { dubVideo } from '../src/pipeline/translate/dub.ts';
import { FacePool } from '../src/pipeline/avatar/photo/index.ts';
import { EspeakProcess } from '../src/pipeline/speech/espeak.client.ts';
import { speak } from '../src/pipeline/speech/speech.service.ts';
import { readWav } from '../src/pipeline/speech/wav.ts';
import { makeFaceClip, SWAY } from './support/face-clips.ts';
import { portraitPhoto } from './support/face-photos.ts';
import { greyFrames, mouthDark, pearson } from './support/mouth-measure.ts';
import { startLlmServer, type LlmServer } from './support/llm-server.ts';
import { download, startFileServer, waitDone } from './support/published-files.ts';
import { startServer, success, businessError, type TestServer } from './support/server.ts';
import { startSttServer, type SttServer } from './support/stt-server.ts';
import { Energy } from './support/voiced.ts';
import { startReceiver, type Receiver } from './support/webhook-receiver.ts';

/**
 * POST /v2/video_translate/ through the real pipeline (espeak-ng, the renderer, ffmpeg) at half
 * size: a product video made again in German with no LLM; a talking-avatar video whose script the
 * loopback LLM translates; an outside video (our own talking-avatar render, served from another
 * loopback "site") transcribed by the loopback STT server, translated segment by segment,
 * re-voiced, captioned; and the refusals, which record nothing and take no credit.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-translate-'));
const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], { maxBuffer: 1 << 30 });

const ENGLISH = ['Good morning.', 'This lamp lights your whole desk.'];
const GERMAN: Record<string, string> = {
  'Good morning.': 'Guten Morgen.',
  'This lamp lights your whole desk.': 'Diese Lampe beleuchtet den ganzen Schreibtisch und alles, was darauf liegt.',
};
/** The loopback LLM: translates the last paragraph of the request sentence by sentence from GERMAN. */
function translator(messages: { role: string; content: string }[]): string {
  const user = messages[messages.length - 1]!.content;
  const text = user.split('\n\n').pop()!.trim();
  let out = text;
  for (const [en, de] of Object.entries(GERMAN)) out = out.replace(en, de);
  return JSON.stringify({ translation: out });
}

const duration = (file: string) => Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).toString());
const credits = async (s: TestServer, key: string) => success(await s.call('GET', '/v2/user/remaining_quota', { key })).remaining_quota as number;
const translations = async (s: TestServer, key: string) => success(await s.call('GET', '/v1/projects?page=1&page_size=50', { key })).total as number;
const translate = (s: TestServer, key: string, body: unknown) => s.call('POST', '/v2/video_translate/', { key, body });

/** A refusal: 40000 (or `code`) whose msg matches, nothing recorded, no credit taken. */
async function refused(s: TestServer, key: string, body: unknown, msg: RegExp, code = 40000) {
  const before = [await credits(s, key), await translations(s, key)];
  const m = businessError(await translate(s, key, body), code);
  assert.match(m, msg);
  assert.deepEqual([await credits(s, key), await translations(s, key)], before, 'nothing recorded, no credit taken');
}

async function avatarVideo(s: TestServer, key: string): Promise<string> {
  const id = success(await s.call('POST', '/v1/create_video_from_talking_avatar', { key, body: { avatar_id: 2, avatar_type: 0, voice_id: 'en-us-m1', script: ENGLISH.join(' '), aspect_ratio: 1, screen_style: 1, caption: false, video_name: 'Lamp intro' } })).project_id;
  const done = await waitDone(s, key, id);
  assert.equal(done.status_code, 4, JSON.stringify(done.error));
  return id;
}

describe('video translation with no LLM and no STT server', () => {
  let s: TestServer;
  let key: string;
  let files: Awaited<ReturnType<typeof startFileServer>>;
  before(async () => {
    ffmpeg(['-f', 'lavfi', '-i', 'color=c=navy:s=160x90:r=10:d=2', '-f', 'lavfi', '-i', 'sine=frequency=220:d=2', '-shortest', '-c:v', 'libx264', '-c:a', 'aac', path.join(dir, 'tone.mp4')]);
    files = await startFileServer(dir, 'video/mp4');
    s = await startServer({ env: { ALLOW_PRIVATE_URLS: '1', RENDER_SCALE: '0.5' } });
    s.running.startBackground();
    ({ apiKey: key } = await s.account({ credits: 20 }));
  });
  after(async () => {
    await s.close();
    await files.close();
  });

  it('a product video made again in German: a German script, length within 10 %, the same template and presenter', async () => {
    const productId = success(await s.call('POST', '/v1/product', { key, body: { name: 'Aurora Desk Lamp', description: 'A warm dimmable LED desk lamp with a stepless touch dimmer and a USB-C charging port.', selling_points: ['Stepless touch dimmer', 'USB-C charging port', 'Warm light for late work'], price: '49.90', currency: 'EUR' } })).product_id;
    const sourceId = success(await s.call('POST', '/v1/create_video_from_url', { key, body: { product_id: productId, video_length: '15', aspect_ratio: 2, language: 'english', avatar_id: 3, avatar_type: 0, template_type: 'public', template_id: 2, script_style: 'Discovery', caption: true, music_id: 2, visual_style: 'Clean Minimal' } })).project_id;
    const source = await waitDone(s, key, sourceId);
    assert.equal(source.status_code, 4, JSON.stringify(source.error));
    const left = await credits(s, key);

    const res = success(await translate(s, key, { video_url: source.video_url, output_language: 'German', title: 'Aurora auf Deutsch' }));
    const id = res.video_translate_id;
    assert.match(id, /^[0-9a-f]{32}$/);
    assert.equal(await credits(s, key), left - 1, 'one credit for a 15 s video');
    const done = await waitDone(s, key, id);
    assert.equal(done.status_code, 4, JSON.stringify(done.error));
    assert.equal(detectLanguage(done.script), 'german', done.script);
    assert.notEqual(done.script, source.script);
    const sourceS = duration(await download(s, dir, source.video_url, 'product-en.mp4'));
    const translatedS = duration(await download(s, dir, done.video_url, 'product-de.mp4'));
    assert.ok(Math.abs(translatedS - 15) <= 1.5, `German video lasts ${translatedS} s (English ${sourceS} s), video_length 15`);
    // The same style, length, presenter, template, visual style, music and captions: the source's request with only language, voice and name changed.
    const row = await s.running.services.videoRepo.getById(id);
    const src = (await s.running.services.videoRepo.getById(sourceId))!.request as Record<string, unknown>;
    const made = (row!.request as { request: Record<string, unknown>; source_kind: string; mode: string });
    assert.equal(made.mode, 'remake');
    assert.equal(made.source_kind, 'product');
    assert.deepEqual({ music_id: src.music_id, visual_style: src.visual_style }, { music_id: 2, visual_style: 'Clean Minimal' });
    const unchanged = (r: Record<string, unknown>) => ({ ...r, language: null, voice_id: null, video_name: null });
    assert.deepEqual(unchanged(made.request), unchanged(src));
    assert.equal(made.request.video_name, 'Aurora auf Deutsch');
    assert.equal(made.request.language, 'german');
    assert.match(String(made.request.voice_id), /^de-/);
    const status = success(await s.call('GET', `/v2/video_translate/${id}`, { key }));
    assert.equal(status.status, 'completed');
    assert.equal(status.title, 'Aurora auf Deutsch');
    assert.ok(status.url.endsWith('.mp4'));
    assert.ok(status.subtitle_url.endsWith('.vtt'), 'captions kept');
    assert.equal(status.deducted_credit, 1);
    // The v2 status route of its own kind only.
    businessError(await s.call('GET', `/v2/video_translate/${sourceId}`, { key }), 10104);
  });

  it('refuses a talking-avatar script (no LLM: names LLM_BASE_URL) and an outside video (no STT: names STT_BASE_URL), recording nothing', async () => {
    const avatarId = success(await s.call('POST', '/v1/create_video_from_talking_avatar', { key, body: { avatar_id: 1, voice_id: 'en-us-f1', script: 'Hello there.', aspect_ratio: 2, screen_style: 1 } })).project_id;
    await refused(s, key, { video_id: avatarId, output_language: 'french' }, /LLM_BASE_URL/);
    await refused(s, key, { video_url: files.url('tone.mp4'), output_language: 'french' }, /STT_BASE_URL/);
    await refused(s, key, { video_url: files.url('tone.mp4'), output_language: 'french', transcript: 'Hello.' }, /LLM_BASE_URL/);
  });
});

describe('video translation with a loopback LLM and STT server', () => {
  let s: TestServer;
  let key: string;
  let llm: LlmServer;
  let stt: SttServer;
  let receiver: Receiver;
  let files: Awaited<ReturnType<typeof startFileServer>>;
  let avatarId: string;
  before(async () => {
    // A silent video, a video with no sound track, and one over 10 minutes.
    ffmpeg(['-f', 'lavfi', '-i', 'color=c=gray:s=64x64:r=5:d=3', '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '3', '-c:v', 'libx264', '-c:a', 'aac', path.join(dir, 'silent.mp4')]);
    ffmpeg(['-f', 'lavfi', '-i', 'color=c=gray:s=64x64:r=5:d=3', '-c:v', 'libx264', path.join(dir, 'mute.mp4')]);
    ffmpeg(['-f', 'lavfi', '-i', 'color=c=black:s=32x32:r=1:d=601', '-f', 'lavfi', '-i', 'sine=frequency=200:sample_rate=8000:d=601', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-b:a', '16k', path.join(dir, 'long.mp4')]);
    files = await startFileServer(dir, 'video/mp4');
    llm = await startLlmServer(translator);
    stt = await startSttServer(ENGLISH);
    receiver = await startReceiver();
    s = await startServer({ env: { ALLOW_PRIVATE_URLS: '1', RENDER_SCALE: '0.5', LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'test-model', STT_BASE_URL: stt.baseUrl, STT_API_KEY: 'stt-key', STT_MODEL: 'whisper-test' } });
    s.running.startBackground();
    ({ apiKey: key } = await s.account({ credits: 20 }));
    avatarId = await avatarVideo(s, key);
  });
  after(async () => {
    await s.close();
    await files.close();
    await llm.close();
    await stt.close();
    await receiver.close();
    // KEEP_TRANSLATE_FILES=1 keeps the videos made, to look at them.
    if (!process.env.KEEP_TRANSLATE_FILES) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('target_languages lists the 54 languages, each with its voices', async () => {
    const data = success(await s.call('GET', '/v2/video_translate/target_languages', { key }));
    assert.equal(data.total, 54);
    assert.equal(data.languages.length, 54);
    for (const l of data.languages) {
      assert.ok(l.voices.length >= 1, l.language);
      assert.ok(l.voices.some((v: any) => v.voice_id === l.default_voice_id), `${l.language}: its default voice is listed`);
    }
    assert.ok(data.languages.find((l: any) => l.language === 'german').voices.every((v: any) => /^de-/.test(v.voice_id)));
  });

  it('a talking-avatar video: its script translated by the LLM, said by a German voice', async () => {
    const before = llm.requests.length;
    const id = success(await translate(s, key, { video_id: avatarId, output_language: 'de', add_subtitles: true })).video_translate_id;
    const done = await waitDone(s, key, id);
    assert.equal(done.status_code, 4, JSON.stringify(done.error));
    assert.equal(done.script, `${GERMAN['Good morning.']} ${GERMAN['This lamp lights your whole desk.']}`);
    const asked = llm.requests.slice(before);
    assert.equal(asked.length, 1);
    assert.match(asked[0]!.messages[0]!.content, /into german/);
    assert.ok(asked[0]!.messages[1]!.content.includes(ENGLISH.join(' ')));
    assert.equal(done.title, 'Lamp intro (german)');
    assert.ok(done.subtitles_url, 'captions asked for with add_subtitles');
    assert.match(fs.readFileSync(await download(s, dir, done.subtitles_url, 'avatar-de.vtt'), 'utf8'), /Schreibtisch/);
  });

  it('a template video: its script translated by the LLM, its other variables and template as they were', async () => {
    const sourceId = success(await s.call('POST', '/v1/create_video_with_template', { key, body: {
      template_id: 1, template_type: 'common', lang: 'english', aspect_ratio: 2,
      variables: [
        { type: 'script', name: 'script', properties: { content: ENGLISH.join(' ') } },
        { type: 'text', name: 'title', properties: { content: 'Aurora' } },
      ],
    } })).project_id;
    const source = await waitDone(s, key, sourceId);
    assert.equal(source.status_code, 4, JSON.stringify(source.error));
    const before = llm.requests.length;
    const id = success(await translate(s, key, { video_url: source.video_url, output_language: 'german' })).video_translate_id;
    const done = await waitDone(s, key, id);
    assert.equal(done.status_code, 4, JSON.stringify(done.error));
    assert.equal(done.script, `${GERMAN['Good morning.']} ${GERMAN['This lamp lights your whole desk.']}`);
    assert.equal(llm.requests.length - before, 1);
    assert.ok(llm.requests[before]!.messages[1]!.content.includes(ENGLISH.join(' ')));
    const src = (await s.running.services.videoRepo.getById(sourceId))!.request as { plan: { script: string; texts: unknown } } & Record<string, unknown>;
    const made = ((await s.running.services.videoRepo.getById(id))!.request as { mode: string; source_kind: string; translate_script: boolean; request: typeof src });
    assert.deepEqual([made.mode, made.source_kind, made.translate_script], ['remake', 'template', true]);
    const unchanged = (r: typeof src) => ({ ...r, language: null, voice_id: null, plan: { ...r.plan, script: null } });
    assert.deepEqual(unchanged(made.request), unchanged(src), 'the same template, texts, media, presenter and music');
    assert.equal(made.request.language, 'german');
    assert.match(String(made.request.voice_id), /^de-/);
  });

  it('an outside video: transcribed by the STT server, translated segment by segment, re-voiced in each segment\'s time, captions on the new speech', async () => {
    const source = success(await s.call('GET', `/v1/project?project_id=${avatarId}`, { key }));
    fs.copyFileSync(await download(s, dir, source.video_url, 'avatar-en.mp4'), path.join(dir, 'outside.mp4'));
    const sttBefore = stt.requests.length;
    const llmBefore = llm.requests.length;
    const left = await credits(s, key);
    const id = success(await translate(s, key, { video_url: files.url('outside.mp4'), output_language: 'german', add_subtitles: true, keep_original_audio: false, webhook_url: receiver.url('/hook') })).video_translate_id;
    assert.equal(await credits(s, key), left - 1);
    const done = await waitDone(s, key, id);
    assert.equal(done.status_code, 4, JSON.stringify(done.error));

    // The STT server heard the video's sound and was asked for timed segments.
    const heard = stt.requests.slice(sttBefore);
    assert.equal(heard.length, 1);
    assert.equal(heard[0]!.fields.response_format, 'verbose_json');
    assert.equal(heard[0]!.fields.model, 'whisper-test');
    assert.equal(heard[0]!.auth, 'Bearer stt-key');
    // One LLM call a segment.
    const segments = (await transcribeLikeServer(stt, path.join(dir, 'outside.mp4')));
    assert.equal(llm.requests.length - llmBefore, segments.length);
    assert.equal(done.script, segments.map((x) => GERMAN[x.text] ?? x.text).join(' '));

    const video = await download(s, dir, done.video_url, 'outside-de.mp4');
    const vtt = fs.readFileSync(await download(s, dir, done.subtitles_url, 'outside-de.vtt'), 'utf8');
    assert.match(vtt, /Guten/);
    assert.match(vtt, /Schreibtisch/);
    assert.doesNotMatch(vtt, /Good morning/);
    // The captions sit on the new speech: every cue is over sound, the first starts where the first segment does.
    const wavFile = path.join(dir, 'outside-de.wav');
    ffmpeg(['-i', video, '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', wavFile]);
    const energy = new Energy(await readWav(wavFile));
    const cues = [...vtt.matchAll(/(\d\d):(\d\d):(\d\d)\.(\d{3}) --> (\d\d):(\d\d):(\d\d)\.(\d{3})/g)].map((m) => [ms(m, 1), ms(m, 5)] as const);
    assert.ok(cues.length >= 2, vtt);
    for (const [a, b] of cues) assert.ok(energy.voicedShare(a, Math.min(b, a + 800)) > 0.5, `cue ${a}-${b} ms is over speech (${energy.voicedShare(a, b).toFixed(2)})`);
    assert.ok(Math.abs(cues[0]![0] - segments[0]!.start * 1000) < 250, `first cue at ${cues[0]![0]} ms, first segment at ${segments[0]!.start * 1000} ms`);
    // The original voice is gone: the sound before the first segment is silent.
    assert.ok(energy.voicedShare(0, Math.max(0, segments[0]!.start * 1000 - 100)) < 0.1);
    assert.ok(duration(video) >= duration(path.join(dir, 'outside.mp4')) - 0.1);

    // The request's own webhook_url gets the translation's v2 event.
    await receiver.waitFor((rs) => rs.some((r) => r.json?.event === 'generated_translate_video_success' && r.json?.data?.video_id === id), 15_000, 'generated_translate_video_success');
  });

  it("an outside video with the caller's transcript (plain text, timed here by the forced aligner): no STT call, re-voiced on the sentences' times", async () => {
    const sttBefore = stt.requests.length;
    const id = success(await translate(s, key, { video_url: files.url('outside.mp4'), output_language: 'german', transcript: ENGLISH.join(' '), source_language: 'english' })).video_translate_id;
    const done = await waitDone(s, key, id);
    assert.equal(done.status_code, 4, JSON.stringify(done.error));
    assert.equal(stt.requests.length, sttBefore, 'the STT server was not asked');
    assert.equal(done.script, ENGLISH.map((x) => GERMAN[x]).join(' '));
    const vtt = fs.readFileSync(await download(s, dir, done.subtitles_url, 'transcript-de.vtt'), 'utf8');
    const cues = [...vtt.matchAll(/(\d\d):(\d\d):(\d\d)\.(\d{3}) --> /g)].map((m) => ms(m, 1));
    const heard = await transcribeLikeServer(stt, path.join(dir, 'outside.mp4'));
    // The aligner's sentence times are the speech's own: the first cue starts near where the STT server hears the first words.
    assert.ok(Math.abs(cues[0]! - heard[0]!.start * 1000) < 300, `first cue at ${cues[0]} ms, speech at ${heard[0]!.start * 1000} ms`);
  });

  it('refuses: an unknown language, a silent video, one without sound, one over 10 minutes — nothing recorded', async () => {
    await refused(s, key, { video_url: files.url('outside.mp4'), output_language: 'klingon' }, /output_language .*klingon/);
    await refused(s, key, { video_url: files.url('silent.mp4'), output_language: 'german' }, /video_url has no speech.*silent/);
    await refused(s, key, { video_url: files.url('mute.mp4'), output_language: 'german' }, /video_url has no speech.*no sound track/);
    await refused(s, key, { video_url: files.url('long.mp4'), output_language: 'german' }, /video_url lasts 601 s.*at most 600/);
    await refused(s, key, { video_id: 'f'.repeat(32), output_language: 'german' }, /video_id/, 10104);
  });

  it('lip_sync on a re-voiced video whose face cannot be followed: the dub is kept, and its warning says why', async () => {
    // The outside video's speech over a plain picture: no face to follow (the lip-sync itself: test/videos.lip-sync.test.ts).
    ffmpeg(['-f', 'lavfi', '-i', 'color=c=navy:s=160x90:r=10', '-i', path.join(dir, 'outside.mp4'), '-map', '0:v', '-map', '1:a', '-shortest', '-c:v', 'libx264', '-c:a', 'aac', path.join(dir, 'faceless.mp4')]);
    const id = success(await translate(s, key, { video_url: files.url('faceless.mp4'), output_language: 'german', lip_sync: true })).video_translate_id;
    // Tracking a faceless clip costs about 1.5 s a frame at load 29 (215 frames: 315 s): room for a loaded machine.
    const done = await waitDone(s, key, id, 1_200_000);
    assert.equal(done.status_code, 4, JSON.stringify(done.error));
    const row = await s.running.services.videoRepo.getById(id);
    assert.ok(row!.warnings.some((w) => /^lip_sync: not done, the video is re-voiced only: no face was found/.test(w)), JSON.stringify(row!.warnings));
    assert.equal((row!.request as { lip_sync: boolean }).lip_sync, true);
  });

  it('lip_sync on a re-voiced video of one face: the mouth follows the new (German) speech, not the clip\'s own; no warning', { timeout: 900_000 }, async () => {
    // An outside video of one talking face made here: the sample portrait swaying, its own mouth
    // opening and shutting at 1.6 Hz, with our own English speech (espeak-ng) as its sound.
    const W = 360, H = 640, FPS = 25, CLIP_S = 6;
    const faces = new FacePool();
    let truth: [number, number][][];
    const clipOpen = (f: number) => (Math.sin((f / FPS) * 2 * Math.PI * 1.6) > 0.2 ? 0.9 : 0);
    try {
      const photo = await portraitPhoto();
      const v = await faces.analyse(photo);
      if (!v.ok) throw new Error(v.reason);
      const pose = (f: number): AvatarPose => ({ ...NEUTRAL_POSE, viseme: clipOpen(f) > 0 ? 'D' : 'X', mouthOpen: clipOpen(f) });
      truth = await makeFaceClip({ photo, rig: v.rig, width: W, height: H, fps: FPS, seconds: CLIP_S, motion: SWAY, pose, out: path.join(dir, 'face.mp4') });
    } finally {
      await faces.close();
    }
    const engine = new EspeakProcess();
    try {
      await speak({ sentences: ENGLISH, voiceId: 'en-us-m1', outDir: dir, fileName: 'face-en.wav' }, engine);
    } finally {
      await engine.close();
    }
    ffmpeg(['-i', path.join(dir, 'face.mp4'), '-i', path.join(dir, 'face-en.wav'), '-af', 'adelay=300:all=1,apad', '-t', String(CLIP_S), '-c:v', 'copy', '-c:a', 'aac', path.join(dir, 'talking-face.mp4')]);

    const id = success(await translate(s, key, { video_url: files.url('talking-face.mp4'), output_language: 'german', lip_sync: true })).video_translate_id;
    const done = await waitDone(s, key, id, 840_000);
    assert.equal(done.status_code, 4, JSON.stringify(done.error));
    const row = await s.running.services.videoRepo.getById(id);
    assert.deepEqual(row!.warnings.filter((w) => /lip_sync|face/.test(w)), [], 'no lip-sync warning');
    const video = await download(s, dir, done.video_url, 'face-de.mp4');
    const frames = greyFrames(video, W, H);
    assert.ok(frames.length >= CLIP_S * FPS - 1, `${frames.length} frames`);
    // The new speech's openness, frame by frame: the dub stage run again here on the same video,
    // segments, language and voice (espeak-ng says them the same way) gives the phonemes the job's
    // lip-sync step was handed; the output's sound must be that speech.
    const request = row!.request as { voice_id: string; output_language: 'german' };
    const segments = (await transcribeLikeServer(stt, path.join(dir, 'talking-face.mp4'))).map((x) => ({ ...x, text: GERMAN[x.text] ?? x.text }));
    const dubbed = await dubVideo({ videoPath: path.join(dir, 'talking-face.mp4'), segments, language: request.output_language, voiceId: request.voice_id, keepOriginal: false, burnCaptions: false, workDir: path.join(dir, 'dub-again') }, { engine: s.running.services.speech });
    assert.equal(done.script, dubbed.text);
    assert.ok(Math.abs(duration(video) - dubbed.durationS) < 0.12, `lasts ${duration(video)} s, the dub ${dubbed.durationS} s`);
    const speechOpen = mouthOpenFrames(buildMouthTrack(dubbed.speech.phonemes, Math.round(dubbed.durationS * 1000), FPS));
    const N = truth.length;
    const dark = frames.map((fr, f) => mouthDark(fr, W, truth[Math.min(f, N - 1)]!));
    const rSpeech = pearson(dark, speechOpen);
    const rClip = pearson(dark, frames.map((_, f) => clipOpen(Math.min(f, N - 1))));
    console.log(`translate lip_sync: mouth darkness vs the German speech r = ${rSpeech.toFixed(2)}; vs the clip's own mouth r = ${rClip.toFixed(2)}`);
    assert.ok(rSpeech >= 0.6, `r with the new speech ${rSpeech.toFixed(2)}`);
    assert.ok(rClip < 0.3, `r with the clip's own mouth ${rClip.toFixed(2)}`);
  });

  it('no speech heard by the STT server: the video fails with 40000 and its credit comes back', async () => {
    fs.copyFileSync(path.join(dir, 'outside.mp4'), path.join(dir, 'outside2.mp4'));
    stt.texts = [];
    try {
      const left = await credits(s, key);
      const id = success(await translate(s, key, { video_url: files.url('outside2.mp4'), output_language: 'french' })).video_translate_id;
      const done = await waitDone(s, key, id);
      assert.equal(done.status_code, 5);
      assert.equal(done.error.code, 40000);
      assert.match(done.error.message, /no speech found/);
      assert.equal(await credits(s, key), left, 'refunded');
    } finally {
      stt.texts = ENGLISH;
    }
  });
});

const ms = (m: RegExpMatchArray, i: number) => ((Number(m[i]) * 60 + Number(m[i + 1])) * 60 + Number(m[i + 2])) * 1000 + Number(m[i + 3]);

/** What the STT server answers for a file (the same code path: it is the server's own segmentation). */
async function transcribeLikeServer(stt: SttServer, video: string): Promise<{ start: number; end: number; text: string }[]> {
  const wav = path.join(dir, 'probe-16k.wav');
  ffmpeg(['-i', video, '-map', '0:a:0', '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', wav]);
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(wav)]), 'a.wav');
  form.append('model', 'x');
  const res = await fetch(`${stt.baseUrl}/audio/transcriptions`, { method: 'POST', body: form });
  stt.requests.pop();
  return ((await res.json()) as { segments: { start: number; end: number; text: string }[] }).segments;
}
