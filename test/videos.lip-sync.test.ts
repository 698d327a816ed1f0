import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildMouthTrack, mouthOpenFrames, NEUTRAL_POSE, type AvatarPose } from '../src/pipeline/avatar/index.ts';
import { FacePool, type PhotoRig } from '../src/pipeline/avatar/photo/index.ts';
import { clipFrameAt } from '../src/pipeline/lipsync/playback.ts';
import { EspeakProcess } from '../src/pipeline/speech/espeak.client.ts';
import { speak } from '../src/pipeline/speech/speech.service.ts';
import { makeFaceClip, SWAY, type Pt } from './support/face-clips.ts';
import { noFacePhoto, portraitPhoto } from './support/face-photos.ts';
import { startServer, type TestServer } from './support/server.ts';

/**
 * Lip-sync (issue 24 items 5 and 7) end to end on a talking clip made at test time from the
 * face-api sample portrait (test/support/face-clips.ts: its own mouth moving at its own rhythm,
 * the head swaying) and a new speech made by espeak-ng with its true phoneme timings:
 * POST /v2/create_lip_sync_video → the job → the MP4, checked frame by frame: the new audio in
 * place of the old, the length and the frame order per playback_type, the mouth opening following
 * the new speech's phoneme openness (r ≥ 0.6) and not the clip's own; a clip that loses the face
 * too often fails with its reason, the credit back and the failed event.
 */
const FPS = 25;
const W = 360;
const H = 640;
const CLIP_S = 4;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-lipsync-test-'));
const faces = new FacePool();
let rig: PhotoRig;
let truth: Pt[][];
/** The clip's own mouth: opens and shuts at about 1.6 Hz, whatever the new speech says. */
const clipOpen = (f: number) => (Math.sin((f / FPS) * 2 * Math.PI * 1.6) > 0.2 ? 0.9 : 0);
const clipPose = (f: number): AvatarPose => ({ ...NEUTRAL_POSE, viseme: clipOpen(f) > 0 ? 'D' : 'X', mouthOpen: clipOpen(f) });
let speechOpen: Float32Array;
let speechMs: number;
const files: Record<string, string> = {};
let clips: http.Server;
let base: string;
let s: TestServer;

const pearson = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  const n = Math.min(a.length, b.length);
  let ma = 0, mb = 0;
  for (let i = 0; i < n; i++) { ma += a[i]!; mb += b[i]!; }
  ma /= n; mb /= n;
  let sab = 0, saa = 0, sbb = 0;
  for (let i = 0; i < n; i++) {
    const x = a[i]! - ma, y = b[i]! - mb;
    sab += x * y; saa += x * x; sbb += y * y;
  }
  return sab / Math.sqrt(saa * sbb);
};

/** Every frame of an MP4 as grey bytes at W x H. */
function greyFrames(file: string): Buffer[] {
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], { maxBuffer: 1 << 30 });
  const out: Buffer[] = [];
  for (let o = 0; o + W * H <= raw.length; o += W * H) out.push(raw.subarray(o, o + W * H));
  return out;
}

/** Dark pixels (the open mouth's inside) in the mouth box of landmarks `lm`. */
function mouthDark(frame: Buffer, lm: readonly Pt[]): number {
  const xs = lm.slice(48, 68).map((p) => p[0]), ys = lm.slice(48, 68).map((p) => p[1]);
  const x0 = Math.floor(Math.min(...xs)), x1 = Math.ceil(Math.max(...xs));
  const my = (Math.min(...ys) + Math.max(...ys)) / 2;
  const h = Math.max(...ys) - Math.min(...ys);
  let n = 0;
  for (let y = Math.floor(my - h); y <= Math.ceil(my + h * 1.5); y++) for (let x = x0; x <= x1; x++) if (frame[y * W + x]! < 50) n++;
  return n;
}

/** Mean absolute difference of the top half (head and background, away from the mouth) of two frames. */
function topDiff(a: Buffer, b: Buffer): number {
  let d = 0;
  for (let i = 0; i < (W * H) / 2; i++) d += Math.abs(a[i]! - b[i]!);
  return d / ((W * H) / 2);
}

/** Loudness per 100 ms of a file's sound (mono, 8 kHz). */
function envelope(file: string): number[] {
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:a:0', '-ac', '1', '-ar', '8000', '-f', 's16le', 'pipe:1'], { maxBuffer: 1 << 28 });
  const x = new Int16Array(raw.buffer, raw.byteOffset, raw.length >> 1);
  const out: number[] = [];
  for (let i = 0; i + 800 <= x.length; i += 800) {
    let e = 0;
    for (let k = i; k < i + 800; k++) e += x[k]! * x[k]!;
    out.push(Math.sqrt(e / 800));
  }
  return out;
}

const probeS = (file: string) => Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).toString());

before(async () => {
  const photo = await portraitPhoto();
  const v = await faces.analyse(photo);
  if (!v.ok) throw new Error(v.reason);
  rig = v.rig;
  await faces.close();
  files['/talk.mp4'] = path.join(dir, 'talk.mp4');
  truth = await makeFaceClip({ photo, rig, width: W, height: H, fps: FPS, seconds: CLIP_S, motion: SWAY, pose: clipPose, out: files['/talk.mp4'], audio: true });
  // A clip that loses the face in half its frames: 2 s of the talking clip, then 2 s of a landscape with no face.
  const noFace = path.join(dir, 'noface.jpg');
  fs.writeFileSync(noFace, await noFacePhoto());
  files['/lost.mp4'] = path.join(dir, 'lost.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-t', '2', '-i', files['/talk.mp4'], '-loop', '1', '-t', '2', '-r', String(FPS), '-i', noFace, '-filter_complex', `[0:v]fps=${FPS},setsar=1[a];[1:v]scale=${W}:${H},setsar=1,fps=${FPS}[b];[a][b]concat=n=2:v=1[v]`, '-map', '[v]', '-pix_fmt', 'yuv420p', files['/lost.mp4']]);
  // The new speech: espeak-ng, with its own phoneme timings (the truth the mouth must follow), 6-7 s: longer than the clip.
  const engine = new EspeakProcess();
  try {
    const said = await speak({ sentences: ['Good morning, my friends.', 'Open the window and hear the birds sing a happy tune.'], voiceId: 'en-us-f1', outDir: dir, fileName: 'said.wav' }, engine);
    files['/said.wav'] = said.wavPath;
    speechMs = said.durationMs;
    speechOpen = mouthOpenFrames(buildMouthTrack(said.phonemes, said.durationMs, FPS));
  } finally {
    await engine.close();
  }
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', files['/said.wav'], '-t', '2', path.join(dir, 'short.wav')]);
  files['/short.wav'] = path.join(dir, 'short.wav');
  clips = http.createServer((req, res) => {
    const f = files[req.url ?? ''];
    if (!f) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': f.endsWith('.wav') ? 'audio/wav' : 'video/mp4' }).end(fs.readFileSync(f));
  });
  await new Promise<void>((r) => clips.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(clips.address() as AddressInfo).port}`;
  s = await startServer({ env: { ALLOW_PRIVATE_URLS: '1' } });
  s.running.startBackground();
});
after(async () => {
  await s?.close();
  clips?.close();
  await faces.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const credits = async (key: string) => (await s.call('GET', '/v2/user/remaining_quota', { key })).body.data.remaining_quota as number;
const events = async (kind: string) => (await s.running.db.kysely.selectFrom('events').selectAll().where('kind', '=', kind).execute()).map((e) => JSON.parse(e.payload));

async function lipSync(key: string, body: Record<string, unknown>) {
  const made = await s.call('POST', '/v2/create_lip_sync_video', { key, body });
  assert.equal(made.body.code, 0, JSON.stringify(made.body));
  const id: string = made.body.data.task_id;
  for (const t0 = Date.now(); Date.now() - t0 < 550_000; ) {
    const st = await s.call('GET', `/v2/lip_sync_video/${id}`, { key });
    assert.equal(st.body.code, 0, JSON.stringify(st.body));
    if (st.body.data.status === 'completed' || st.body.data.status === 'failed') return st.body.data;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`lip-sync ${id} did not finish`);
}

async function download(url: string, name: string): Promise<string> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, Buffer.from(await (await fetch(url.replace(s.config.publicBaseUrl, s.baseUrl))).arrayBuffer()));
  return file;
}

describe('lip-sync of a talking clip to a new speech', () => {
  it('normal: as long as the audio, the clip looped forward, the new audio, the mouth following the new speech (r ≥ 0.6) and not the clip\'s own; credit and events', { timeout: 600_000 }, async () => {
    const { apiKey: key } = await s.account({ credits: 5 });
    const d = await lipSync(key, { video_url: `${base}/talk.mp4`, audio_url: `${base}/said.wav`, playback_type: 'normal', script: 'Good morning, my friends. Open the window and hear the birds sing a happy tune.' });
    assert.equal(d.status, 'completed', JSON.stringify(d));
    assert.equal(d.deducted_credit, 1);
    assert.equal(await credits(key), 4);
    const file = await download(d.video_url, 'normal.mp4');
    if (process.env.KEEP_LIPSYNC) fs.copyFileSync(file, process.env.KEEP_LIPSYNC);
    assert.ok(Math.abs(probeS(file) - speechMs / 1000) < 0.12, `lasts ${probeS(file)} s, the audio ${speechMs / 1000} s`);
    // The new audio in place of the old: the output's loudness follows the speech's, 100 ms by 100 ms (the clip's own sound is a steady tone).
    const rAudio = pearson(envelope(file), envelope(files['/said.wav']!));
    assert.ok(rAudio > 0.8, `the sound follows the new speech: r = ${rAudio.toFixed(2)}`);
    const frames = greyFrames(file);
    const n = frames.length;
    const N = CLIP_S * FPS;
    assert.ok(n > N, `${n} frames: longer than the clip's ${N}`);
    // Looped forward: frame N+k shows the clip's frame k (the head's place: the top half matches).
    const same = topDiff(frames[N + 10]!, frames[10]!);
    const other = topDiff(frames[N + 10]!, frames[N - 12]!);
    assert.ok(same < other * 0.5, `frame ${N + 10} is the clip's frame 10 again (diff ${same.toFixed(2)} vs ${other.toFixed(2)})`);
    // The mouth: dark pixels inside it per frame, against the speech's phoneme openness and the clip's own mouth.
    const dark = frames.map((fr, f) => mouthDark(fr, truth[clipFrameAt('normal', f, N)]!));
    const rSpeech = pearson(dark, speechOpen);
    const rClip = pearson(dark, Array.from({ length: n }, (_, f) => clipOpen(clipFrameAt('normal', f, N))));
    console.log(`lip-sync: mouth darkness vs the new speech's openness r = ${rSpeech.toFixed(2)}; vs the clip's own mouth r = ${rClip.toFixed(2)}`);
    assert.ok(rSpeech >= 0.6, `r with the new speech ${rSpeech.toFixed(2)}`);
    assert.ok(rClip < 0.3, `r with the clip's own mouth ${rClip.toFixed(2)}`);
    assert.ok((await events('generated_lip_sync_video_success')).some((e) => e.data.video_id === d.task_id || e.data.project_id === d.task_id));
  });

  it('normal_reverse: the clip played backward after its end (no jump); a shorter audio cuts the video at its end', { timeout: 600_000 }, async () => {
    const { apiKey: key } = await s.account({ credits: 5 });
    const d = await lipSync(key, { video_url: `${base}/talk.mp4`, audio_url: `${base}/said.wav`, playback_type: 'normal_reverse' });
    assert.equal(d.status, 'completed', JSON.stringify(d));
    const frames = greyFrames(await download(d.video_url, 'reverse.mp4'));
    const N = CLIP_S * FPS;
    // Frame N-1+k shows the clip's frame N-1-k.
    const k = 12;
    const back = topDiff(frames[N - 1 + k]!, frames[N - 1 - k]!);
    const forward = topDiff(frames[N - 1 + k]!, frames[k - 1]!);
    assert.ok(back < forward * 0.5, `frame ${N - 1 + k} is the clip's frame ${N - 1 - k} (diff ${back.toFixed(2)} vs ${forward.toFixed(2)})`);
    assert.ok(topDiff(frames[N]!, frames[N - 1]!) < 3, 'no jump at the turn');

    const short = await lipSync(key, { video_url: `${base}/talk.mp4`, audio_url: `${base}/short.wav` });
    assert.equal(short.status, 'completed', JSON.stringify(short));
    const sf = await download(short.video_url, 'short.mp4');
    assert.ok(Math.abs(probeS(sf) - 2) < 0.1, `a 2 s audio gives ${probeS(sf)} s`);
  });

  it('fails a clip that loses the face in half its frames: the reason, the credit back, the failed event', { timeout: 600_000 }, async () => {
    const { apiKey: key } = await s.account({ credits: 2 });
    const d = await lipSync(key, { video_url: `${base}/lost.mp4`, audio_url: `${base}/short.wav` });
    assert.equal(d.status, 'failed');
    assert.match(d.error.message, /face is lost in \d+ % of the video's frames \(at most 30 %\)/);
    assert.equal(await credits(key), 2, 'the credit is given back');
    assert.ok((await events('generated_lip_sync_video_failed')).some((e) => (e.data.video_id ?? e.data.project_id) === d.task_id));
  });

  it('refuses at once, recording nothing: no video_url, no audio, an unknown playback_type', { timeout: 120_000 }, async () => {
    const { apiKey: key } = await s.account({ credits: 2 });
    const refused = async (body: Record<string, unknown>, msg: RegExp) => {
      const r = await s.call('POST', '/v2/create_lip_sync_video', { key, body });
      assert.equal(r.body.code, 40000, JSON.stringify(r.body));
      assert.match(r.body.msg, msg);
    };
    await refused({ video_url: ' ', audio_url: `${base}/said.wav` }, /^Parameter error: video_url is required/);
    await refused({ video_url: `${base}/talk.mp4` }, /^Parameter error: audio_url is required/);
    await refused({ video_url: `${base}/talk.mp4`, audio_url: `${base}/talk.mp4`, playback_type: 'bounce' }, /playback_type "bounce"/);
    assert.equal(await credits(key), 2);
  });
});
