import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createAvatarPainter, MOUTH_INTERIOR } from '../src/pipeline/avatar/index.ts';
import { CHROMA_GREEN, talkingLayout } from '../src/pipeline/render/render-talking.ts';
import { outputSize } from '../src/pipeline/timeline/build.ts';
import { download, startFileServer, waitDone } from './support/published-files.ts';
import { startServer, type TestServer } from './support/server.ts';

/**
 * POST /v1/create_video_from_talking_avatar through the real pipeline (espeak-ng speech or the
 * user's audio, the drawn presenter, ffmpeg), at half size (RENDER_SCALE=0.5). The user's audio is
 * served from a loopback server (ALLOW_PRIVATE_URLS=1).
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-talk-'));

function ffmpeg(args: string[]): Buffer {
  return execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], { maxBuffer: 1 << 30 });
}

/** RGBA frames of a region of a video (VP9 decoded with libvpx so its alpha plane is read). */
function rgbaFrames(file: string, box: { x: number; y: number; w: number; h: number }, opts: { vp9?: boolean; fps?: number } = {}): Buffer[] {
  const raw = ffmpeg([...(opts.vp9 ? ['-c:v', 'libvpx-vp9'] : []), '-i', file, '-vf', `crop=${box.w}:${box.h}:${box.x}:${box.y}`, '-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1']);
  const size = box.w * box.h * 4;
  const out: Buffer[] = [];
  for (let i = 0; i + size <= raw.length; i += size) out.push(raw.subarray(i, i + size));
  return out;
}

function audioRmsPerFrame(file: string, fps: number, frames: number): number[] {
  const raw = ffmpeg(['-i', file, '-map', '0:a:0', '-ac', '1', '-ar', '48000', '-f', 'f32le', 'pipe:1']);
  const samples = new Float32Array(raw.buffer, raw.byteOffset, Math.floor(raw.length / 4));
  const per = 48000 / fps;
  return Array.from({ length: frames }, (_, f) => {
    let sum = 0;
    const from = Math.floor(f * per);
    const to = Math.min(samples.length, Math.floor((f + 1) * per));
    for (let i = from; i < to; i++) sum += samples[i]! * samples[i]!;
    return Math.sqrt(sum / Math.max(1, to - from));
  });
}

function pearson(a: number[], b: number[]): number {
  const n = Math.min(a.length, b.length);
  const ma = a.slice(0, n).reduce((s, x) => s + x, 0) / n;
  const mb = b.slice(0, n).reduce((s, x) => s + x, 0) / n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db || 1);
}

/** Where the mouth is in the frame (square, half size), grown a little for head motion. */
function mouthBox(avatarId: number, aspect: 0 | 1 | 2, scale: number) {
  const { width, height } = outputSize(aspect, scale);
  const { figure } = talkingLayout(aspect, width, height);
  const m = createAvatarPainter(avatarId, { width: figure.w, height: figure.h }).layout.mouth;
  const gx = Math.round(m.width * 0.15);
  const gy = Math.round(m.height * 0.6);
  const even = (n: number) => Math.floor(n / 2) * 2;
  return { x: even(figure.x + m.x - gx), y: even(figure.y + m.y - gy), w: even(m.width + gx * 2), h: even(m.height + gy * 2) };
}

describe('POST /v1/create_video_from_talking_avatar', () => {
  let s: TestServer;
  let files: Awaited<ReturnType<typeof startFileServer>>;
  before(async () => {
    // 4 s of "speech": a voiced buzz whose loudness swells and falls to silence 1.6 times a second.
    ffmpeg(['-f', 'lavfi', '-i', "aevalsrc='(sin(2*PI*170*t)+0.5*sin(2*PI*850*t)+0.25*sin(2*PI*2300*t))*0.45*max(0,sin(2*PI*0.8*t))':s=44100:d=4", '-c:a', 'libmp3lame', '-b:a', '96k', path.join(dir, 'speech.mp3')]);
    ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=300:sample_rate=22050:duration=130', '-c:a', 'libmp3lame', '-b:a', '16k', path.join(dir, 'long.mp3')]);
    ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=300:sample_rate=8000:duration=601', '-c:a', 'libmp3lame', '-b:a', '8k', path.join(dir, 'too-long.mp3')]);
    // Real speech (espeak-ng at another voice and rate than the aligner's reference) after 1.2 s of silence.
    execFileSync('espeak-ng', ['-v', 'en-us+m3', '-s', '150', '-w', path.join(dir, 'said.wav'), 'Good morning. This lamp lights your whole desk.']);
    ffmpeg(['-i', path.join(dir, 'said.wav'), '-af', 'adelay=1200:all=1', '-c:a', 'libmp3lame', '-b:a', '64k', path.join(dir, 'said.mp3')]);
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'this is not audio at all '.repeat(40));
    files = await startFileServer(dir);
    s = await startServer({ env: { ALLOW_PRIVATE_URLS: '1', RENDER_SCALE: '0.5' } });
    s.running.startBackground();
  });
  after(async () => {
    await s.close();
    await files.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const post = (key: string, body: unknown) => s.call('POST', '/v1/create_video_from_talking_avatar', { key, body });

  it('validates: 40000 naming the field; both or neither of script and audio_url; custom avatars 10104', async () => {
    const { apiKey: key } = await s.account({ credits: 5 });
    const base = { avatar_id: 1, avatar_type: 0, voice_id: '', screen_style: 1, aspect_ratio: 0, caption: false, video_name: 'My Video' };
    const cases: Array<[unknown, number, RegExp]> = [
      [{ ...base, script: 'Hi.' , avatar_id: undefined }, 40000, /avatar_id/],
      [{ ...base, script: 'Hi.', screen_style: 4 }, 40000, /screen_style/],
      [{ ...base, script: 'Hi.', aspect_ratio: 7 }, 40000, /aspect_ratio/],
      [{ ...base, script: '?!', audio_url: files.url('speech.mp3') }, 40000, /script has nothing to say/],
      [{ ...base, script: '', audio_url: '' }, 40000, /script or audio_url is required/],
      [{ ...base, script: ' . ' }, 40000, /script has nothing to say/],
      [{ ...base, script: 'Hi.', avatar_type: 1 }, 10104, /avatar_id 1 \(avatar_type 1, custom\): this account has no ready custom avatar/],
      [{ ...base, script: 'Hi.', avatar_id: 99 }, 10104, /avatar_id 99 .*GET \/v1\/avatars/],
      [{ ...base, script: 'Hi.', voice_id: 'no-such-voice' }, 10104, /voice_id no-such-voice/],
      [{ ...base, script: '', audio_url: 'ftp://example.com/a.mp3' }, 40000, /audio_url/],
      [{ ...base, script: '', audio_url: files.url('notes.txt') }, 40000, /audio_url is not an audio file/],
      [{ ...base, script: '', audio_url: files.url('missing.mp3') }, 40000, /audio_url could not be downloaded/],
      [{ ...base, script: '', audio_url: files.url('too-long.mp3') }, 40000, /audio_url lasts 601 s; at most 600 s/],
    ];
    for (const [body, code, msg] of cases) {
      const r = await post(key, body);
      assert.equal(r.status, 200);
      assert.equal(r.body.code, code, `${JSON.stringify(body)} → ${JSON.stringify(r.body)}`);
      assert.match(r.body.msg, msg);
    }
    // Another vendor's voice name speaks its locale's language (there is no language field).
    const german = await post(key, { ...base, voice_id: 'de-DE-KatjaNeural', script: 'Hallo und willkommen.' });
    assert.equal(german.body.code, 0, JSON.stringify(german.body));
    assert.ok(german.body.warnings.some((w: string) => /de-DE-KatjaNeural is another vendor's voice name: voice_id de-f\d speaks instead/.test(w)), JSON.stringify(german.body));
    const row = await s.running.db.kysely.selectFrom('videos').select('request').where('id', '=', german.body.data.project_id).executeTakeFirstOrThrow();
    assert.equal(JSON.parse(row.request).language, 'german');
    // Only that video was accepted: one credit.
    assert.equal((await s.call('GET', '/v2/user/remaining_quota', { key })).body.data.remaining_quota, 4);
  });

  it('takes no credit for a refused request', async () => {
    const { apiKey: key } = await s.account({ credits: 5 });
    for (const body of [{ avatar_id: 1, script: 'x', audio_url: 'y' }, { avatar_id: 1, avatar_type: 1, script: 'Hi.' }, { avatar_id: 1, audio_url: files.url('notes.txt') }]) {
      assert.notEqual((await post(key, body)).body.code, 0);
    }
    // Nothing was accepted: no credit taken.
    assert.equal((await s.call('GET', '/v2/user/remaining_quota', { key })).body.data.remaining_quota, 5);
  });

  it('takes 1 credit per started 2 minutes of output: 130 s of audio costs 2, and 1 credit is not enough', async () => {
    const poor = await s.account({ credits: 1 });
    const r = await post(poor.apiKey, { avatar_id: 2, script: '', audio_url: files.url('long.mp3') });
    assert.equal(r.body.code, 18020, JSON.stringify(r.body));
    assert.equal((await s.call('GET', '/v2/user/remaining_quota', { key: poor.apiKey })).body.data.remaining_quota, 1);
    const rich = await s.account({ credits: 3 });
    const ok = await post(rich.apiKey, { avatar_id: 2, script: '', audio_url: files.url('long.mp3'), screen_style: 2, aspect_ratio: 1 });
    assert.equal(ok.body.code, 0, JSON.stringify(ok.body));
    assert.equal((await s.call('GET', '/v2/user/remaining_quota', { key: rich.apiKey })).body.data.remaining_quota, 1);
    const row = await s.running.db.kysely.selectFrom('videos').select(['kind', 'credits', 'product_id']).where('id', '=', ok.body.data.project_id).executeTakeFirstOrThrow();
    assert.deepEqual(row, { kind: 'avatar', credits: 2, product_id: null });
  });

  it('from a script: the voice says it, with captions; status, files and both event kinds', { timeout: 180_000 }, async () => {
    const { apiKey: key } = await s.account({ credits: 3 });
    const created = await post(key, { avatar_id: 1, avatar_type: 0, voice_id: '', screen_style: 1, script: 'Hello! I am Maya. This video was made from a script.', audio_url: '', aspect_ratio: 0, caption: true, video_name: '' });
    assert.equal(created.body.code, 0, JSON.stringify(created.body));
    const id: string = created.body.data.project_id;
    const p = await waitDone(s, key, id);
    assert.equal(p.status_code, 4, JSON.stringify(p.error));
    assert.equal(p.title, 'My Video');
    assert.match(p.script, /made from a script/);
    assert.ok(p.video_duration > 2 && p.video_duration < 8, `duration ${p.video_duration}`);
    assert.ok(p.subtitles_url.endsWith('.vtt'));
    const vtt = fs.readFileSync(await download(s, dir, p.subtitles_url, 'script.vtt'), 'utf8');
    assert.match(vtt, /Maya/);
    const video = await download(s, dir, p.video_url, 'script.mp4');
    const streams = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,width,height', '-of', 'csv=p=0', video]).toString();
    assert.match(streams, /h264,540,960/);
    assert.match(streams, /aac/);
    assert.equal((await s.call('GET', '/v2/user/remaining_quota', { key })).body.data.remaining_quota, 2);
    const events = await s.running.db.kysely.selectFrom('events').select(['kind', 'payload']).where('subject_id', '=', id).orderBy('kind').execute();
    assert.deepEqual(events.map((e) => e.kind), ['generated_avatar_video_success', 'generated_video_success']);
    assert.equal(JSON.parse(events[0]!.payload).data.video_url, p.video_url);
  });

  it("from the user's audio: the mouth opens with the audio's energy (measured on decoded frames), no captions", { timeout: 180_000 }, async () => {
    const { apiKey: key } = await s.account({ credits: 3 });
    const created = await post(key, { avatar_id: 1, avatar_type: 0, voice_id: '', screen_style: 1, script: '', audio_url: files.url('speech.mp3'), aspect_ratio: 2, caption: true, video_name: 'Lip sync' });
    assert.equal(created.body.code, 0, JSON.stringify(created.body));
    assert.ok(created.body.warnings?.some((w: string) => /caption is only made from a script/.test(w)), JSON.stringify(created.body));
    const p = await waitDone(s, key, created.body.data.project_id);
    assert.equal(p.status_code, 4, JSON.stringify(p.error));
    assert.equal(p.subtitles_url, '');
    assert.ok(Math.abs(p.video_duration - 4) < 0.2, `duration ${p.video_duration}`);
    const video = await download(s, dir, p.video_url, 'audio.mp4');
    const frames = rgbaFrames(video, mouthBox(1, 2, 0.5));
    const [mr, mg, mb] = [1, 3, 5].map((i) => parseInt(MOUTH_INTERIOR.slice(i, i + 2), 16)) as [number, number, number];
    const open = frames.map((px) => {
      let n = 0;
      for (let i = 0; i < px.length; i += 4) {
        const [r, g, b] = [px[i]!, px[i + 1]!, px[i + 2]!];
        if (Math.abs(r - mr) + Math.abs(g - mg) + Math.abs(b - mb) < 48 && r > g + 22) n++;
      }
      return n;
    });
    const rms = audioRmsPerFrame(video, 30, frames.length);
    const heard = rms.map((_, f) => rms[Math.min(rms.length - 1, f + 1)]!);
    const corr = pearson(open, heard);
    const peak = Math.max(...heard);
    const mean = (a: number[]) => a.reduce((x, y) => x + y, 0) / Math.max(1, a.length);
    const loud = open.filter((_, f) => heard[f]! > peak * 0.6);
    const quiet = open.filter((_, f) => heard[f]! < peak * 0.05);
    console.log(`audio-driven mouth: r = ${corr.toFixed(2)}; loud mean ${mean(loud).toFixed(1)} px, quiet mean ${mean(quiet).toFixed(1)} px (${frames.length} frames)`);
    assert.ok(corr > 0.5, `correlation ${corr.toFixed(2)}`);
    assert.ok(mean(loud) > 4 * mean(quiet) + 1, 'open when loud, shut when quiet');
  });

  it("the user's audio with its script: captions from the script aligned to the audio (they start when the speech does, not at 0)", { timeout: 180_000 }, async () => {
    const { apiKey: key } = await s.account({ credits: 3 });
    const created = await post(key, { avatar_id: 2, avatar_type: 0, screen_style: 1, script: 'Good morning. This lamp lights your whole desk.', audio_url: files.url('said.mp3'), aspect_ratio: 0, caption: true, language: 'english' });
    assert.equal(created.body.code, 0, JSON.stringify(created.body));
    const p = await waitDone(s, key, created.body.data.project_id);
    assert.equal(p.status_code, 4, JSON.stringify(p.error));
    assert.match(p.script, /whole desk/);
    const vtt = fs.readFileSync(await download(s, dir, p.subtitles_url, 'said.vtt'), 'utf8');
    const cues = [...vtt.matchAll(/(?:\d+:)?(\d+):(\d+)\.(\d+) --> (?:\d+:)?(\d+):(\d+)\.(\d+)/g)].map((m) => [Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) / 1000, Number(m[4]) * 60 + Number(m[5]) + Number(m[6]) / 1000] as const);
    assert.ok(cues.length >= 1, vtt);
    assert.match(vtt, /lamp/);
    assert.ok(cues[0]![0] >= 1.0, `first caption at ${cues[0]![0]} s: the speech starts at 1.2 s`);
    assert.ok(cues.at(-1)![1] <= p.video_duration + 0.05, `last caption ends at ${cues.at(-1)![1]} s, video ${p.video_duration} s`);
  });

  it('audio_url as an uploaded asset (its asset_id, as Pipedream sends it): read in place, the video lasts as long as the audio', { timeout: 180_000 }, async () => {
    const { apiKey: key } = await s.account({ credits: 3 });
    const ticket = (await s.call('POST', '/v1/upload/asset', { key, body: { filename: 'voice.mp3' } })).body.data;
    const u = new URL(ticket.sign_url);
    const put = await fetch(s.baseUrl + u.pathname + u.search, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array(fs.readFileSync(path.join(dir, 'speech.mp3'))) });
    assert.equal(put.status, 200);
    const created = await post(key, { avatar_id: 7, screen_style: 2, audio_url: ticket.asset_id, script: '', aspect_ratio: 1 });
    assert.equal(created.body.code, 0, JSON.stringify(created.body));
    const p = await waitDone(s, key, created.body.data.project_id);
    assert.equal(p.status_code, 4, JSON.stringify(p.error));
    assert.ok(Math.abs(p.video_duration - 4) < 0.2, `duration ${p.video_duration}`);
    // Another account cannot use it.
    const other = await s.account({ credits: 3 });
    const refused = await post(other.apiKey, { avatar_id: 7, audio_url: ticket.asset_id });
    assert.equal(refused.body.code, 40000);
    assert.match(refused.body.msg, /audio_url names no asset of this account/);
  });

  it('screen_style 3: a WebM (VP9 + Opus) with a real alpha channel — background transparent, presenter opaque', { timeout: 180_000 }, async () => {
    const { apiKey: key } = await s.account({ credits: 3 });
    const created = await post(key, { avatar_id: 4, screen_style: 3, script: 'Transparent, like glass.', aspect_ratio: 2 });
    assert.equal(created.body.code, 0, JSON.stringify(created.body));
    const p = await waitDone(s, key, created.body.data.project_id);
    assert.equal(p.status_code, 4, JSON.stringify(p.error));
    assert.match(p.video_url, /\/video\.webm$/);
    const video = await download(s, dir, p.video_url, 'alpha.webm');
    const streams = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name:stream_tags=alpha_mode', '-of', 'csv=p=0', video]).toString();
    assert.match(streams, /vp9,1/);
    assert.match(streams, /opus/);
    const { width, height } = outputSize(2, 0.5);
    const { figure } = talkingLayout(2, width, height);
    const frame = rgbaFrames(video, { x: 0, y: 0, w: width, h: height }, { vp9: true })[30]!;
    const alphaAt = (x: number, y: number) => frame[(y * width + x) * 4 + 3]!;
    // VP9 codes the alpha plane lossily: flat 0 comes back as 0-2.
    for (const [x, y] of [[2, 2], [width - 3, 2], [20, Math.round(height / 2)], [width - 20, 40]] as const) assert.ok(alphaAt(x, y) <= 2, `background at ${x},${y}: alpha ${alphaAt(x, y)}`);
    // The face and the chest are opaque.
    const cx = Math.round(figure.x + figure.w / 2);
    for (const y of [Math.round(figure.y + figure.h * 0.3), Math.round(figure.y + figure.h * 0.8)]) assert.ok(alphaAt(cx, y) >= 253, `presenter at ${cx},${y}: alpha ${alphaAt(cx, y)}`);
    let transparent = 0;
    for (let i = 3; i < frame.length; i += 4) if (frame[i]! <= 2) transparent++;
    const share = transparent / (width * height);
    assert.ok(share > 0.4 && share < 0.9, `transparent share ${share.toFixed(2)}`);
  });

  it('screen_style 2: the background is one flat key colour and nothing in the figure is keyable green', { timeout: 180_000 }, async () => {
    const { apiKey: key } = await s.account({ credits: 3 });
    // Avatar 3 wears a teal dress: it must come out in another colour on a green screen.
    const created = await post(key, { avatar_id: 3, screen_style: 2, script: 'Green screen test.', aspect_ratio: 1 });
    assert.equal(created.body.code, 0, JSON.stringify(created.body));
    const p = await waitDone(s, key, created.body.data.project_id);
    assert.equal(p.status_code, 4, JSON.stringify(p.error));
    const video = await download(s, dir, p.video_url, 'green.mp4');
    const { width, height } = outputSize(1, 0.5);
    const { figure } = talkingLayout(1, width, height);
    const frame = rgbaFrames(video, { x: 0, y: 0, w: width, h: height })[30]!;
    const key0 = [1, 3, 5].map((i) => parseInt(CHROMA_GREEN.slice(i, i + 2), 16));
    const dist = (i: number) => Math.abs(frame[i]! - key0[0]!) + Math.abs(frame[i + 1]! - key0[1]!) + Math.abs(frame[i + 2]! - key0[2]!);
    // Outside the figure's box: every pixel the key colour (within video coding noise).
    let worst = 0;
    for (let y = 0; y < height; y += 3)
      for (let x = 0; x < width; x += 3) {
        if (x >= figure.x - 4 && x < figure.x + figure.w + 4) continue;
        worst = Math.max(worst, dist((y * width + x) * 4));
      }
    assert.ok(worst < 24, `background off the key colour by ${worst}`);
    // Inside the figure (3 px away from any screen pixel, so past the anti-aliased and chroma-subsampled edge): no pixel a keyer would take for the screen.
    const screen = new Uint8Array(width * height);
    for (let i = 0; i < width * height; i++) screen[i] = dist(i * 4) < 60 ? 1 : 0;
    const nearScreen = (x: number, y: number) => {
      for (let dy = -3; dy <= 3; dy++) for (let dx = -3; dx <= 3; dx++) if (screen[Math.min(height - 1, Math.max(0, y + dy)) * width + Math.min(width - 1, Math.max(0, x + dx))]) return true;
      return false;
    };
    let spill = 0;
    let inside = 0;
    // The 16:9 figure is framed closer than the frame: its box starts above the top edge.
    for (let y = Math.max(0, figure.y); y < height; y++)
      for (let x = figure.x; x < figure.x + figure.w; x++) {
        if (nearScreen(x, y)) continue;
        const i = (y * width + x) * 4;
        const [r, g, b] = [frame[i]!, frame[i + 1]!, frame[i + 2]!];
        inside++;
        if (g > r + 40 && g > b + 20) spill++;
      }
    assert.ok(inside > 20_000, `figure pixels ${inside}`);
    assert.ok(spill / inside < 0.001, `green in the figure: ${spill} of ${inside} px`);
  });
});

describe('talking-avatar videos in the job system (test generator): failure refunds the credits once and fires the failed kinds', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ env: { REELSMITH_TEST_GENERATOR: 'ffmpeg:seconds=1' } });
    s.running.startBackground();
  });
  after(async () => s.close());

  it('a failed avatar video: status 5, credit back, generated_video_failed and generated_avatar_video_failed', { timeout: 60_000 }, async () => {
    const { apiKey: key } = await s.account({ credits: 2 });
    const created = await s.call('POST', '/v1/create_video_from_talking_avatar', { key, body: { avatar_id: 5, script: 'This one fails.', video_name: '[fail-permanent] talk' } });
    assert.equal(created.body.code, 0, JSON.stringify(created.body));
    const id: string = created.body.data.project_id;
    assert.equal((await s.call('GET', '/v2/user/remaining_quota', { key })).body.data.remaining_quota, 1);
    const p = await waitDone(s, key, id, 50_000);
    assert.equal(p.status_code, 5);
    assert.equal((await s.call('GET', '/v2/user/remaining_quota', { key })).body.data.remaining_quota, 2);
    const events = await s.running.db.kysely.selectFrom('events').select('kind').where('subject_id', '=', id).orderBy('kind').execute();
    assert.deepEqual(events.map((e) => e.kind), ['generated_avatar_video_failed', 'generated_video_failed']);
    const refunds = await s.running.db.kysely.selectFrom('credit_ledger').select('delta').where('ref', '=', id).where('reason', '=', 'refund').execute();
    assert.deepEqual(refunds.map((r) => r.delta), [1]);
  });
});
