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
import { hexId } from '../src/lib/ids.ts';
import { EspeakProcess } from '../src/pipeline/speech/espeak.client.ts';
import { speak } from '../src/pipeline/speech/speech.service.ts';
import { makeFaceClip, SWAY, type Pt } from './support/face-clips.ts';
import { greyFrames as greyFramesOf, mouthDark as mouthDarkIn, pearson } from './support/mouth-measure.ts';
import { postgresTestDb, type TestDb } from './support/db.ts';
import { noFacePhoto, portraitPhoto, twoFacesPhoto } from './support/face-photos.ts';
import { noDns, startServer, type TestServer } from './support/server.ts';
import { createWorker, type RunningWorker } from '../src/app.ts';

/**
 * Lip-sync (issue 24 items 5 and 7) end to end on a talking clip made at test time from the
 * face-api sample portrait (test/support/face-clips.ts: its own mouth moving at its own rhythm,
 * the head swaying) and a new speech made by espeak-ng with its true phoneme timings:
 * POST /v2/create_lip_sync_video → the job → the MP4, checked frame by frame: the new audio in
 * place of the old, the length and the frame order per playback_type, the mouth opening following
 * the new speech's phoneme openness (r ≥ 0.6) and not the clip's own; the same with a script said
 * by a voice instead of an audio (on PostgreSQL and the BullMQ runner when DATABASE_URL and
 * REDIS_URL are set); a clip that loses the face too often, and one with two faces, fail with
 * their reason, the credit back and the failed event.
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
const SAID = ['Good morning, my friends.', 'Open the window and hear the birds sing a happy tune.'];
const files: Record<string, string> = {};
let clips: http.Server;
let base: string;
let s: TestServer;

const greyFrames = (file: string) => greyFramesOf(file, W, H);
const mouthDark = (frame: Buffer, lm: readonly Pt[]) => mouthDarkIn(frame, W, lm);

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
  // Two people in the frame: 2 s of the sample photo of two women, held still.
  const two = path.join(dir, 'two.jpg');
  fs.writeFileSync(two, await twoFacesPhoto());
  files['/two.mp4'] = path.join(dir, 'two.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-loop', '1', '-i', two, '-t', '2', '-r', String(FPS), '-vf', 'scale=960:-2', '-pix_fmt', 'yuv420p', files['/two.mp4']]);
  // The new speech: espeak-ng, with its own phoneme timings (the truth the mouth must follow), 6-7 s: longer than the clip.
  const engine = new EspeakProcess();
  try {
    const said = await speak({ sentences: SAID, voiceId: 'en-us-f1', outDir: dir, fileName: 'said.wav' }, engine);
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

const credits = async (key: string, on = s) => (await on.call('GET', '/v2/user/remaining_quota', { key })).body.data.remaining_quota as number;
const events = async (kind: string, on = s) => (await on.running.db.kysely.selectFrom('events').selectAll().where('kind', '=', kind).execute()).map((e) => JSON.parse(e.payload));

async function lipSync(key: string, body: Record<string, unknown>, on = s) {
  const made = await on.call('POST', '/v2/create_lip_sync_video', { key, body });
  assert.equal(made.body.code, 0, JSON.stringify(made.body));
  const id: string = made.body.data.task_id;
  let last: unknown = null;
  for (const t0 = Date.now(); Date.now() - t0 < 840_000; ) {
    const st = await on.call('GET', `/v2/lip_sync_video/${id}`, { key });
    assert.equal(st.body.code, 0, JSON.stringify(st.body));
    if (st.body.data.status === 'completed' || st.body.data.status === 'failed') return st.body.data;
    last = st.body.data;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`lip-sync ${id} did not finish: ${JSON.stringify(last)}`);
}

async function download(url: string, name: string, on = s): Promise<string> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, Buffer.from(await (await fetch(url.replace(on.config.publicBaseUrl, on.baseUrl))).arrayBuffer()));
  return file;
}

/**
 * The mouth of a result made from talk.mp4 looped forward: dark pixels inside it per frame (at
 * the clip frame's true landmarks), against the new speech's phoneme openness and the clip's own mouth.
 */
function mouthFollows(frames: Buffer[], label: string): { rSpeech: number; rClip: number } {
  const N = CLIP_S * FPS;
  const dark = frames.map((fr, f) => mouthDark(fr, truth[clipFrameAt('normal', f, N)]!));
  const rSpeech = pearson(dark, speechOpen);
  const rClip = pearson(dark, Array.from({ length: frames.length }, (_, f) => clipOpen(clipFrameAt('normal', f, N))));
  console.log(`lip-sync (${label}): mouth darkness vs the new speech's openness r = ${rSpeech.toFixed(2)}; vs the clip's own mouth r = ${rClip.toFixed(2)}`);
  return { rSpeech, rClip };
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
    const { rSpeech, rClip } = mouthFollows(frames, 'audio_url');
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

  it('fails a clip with two people in it: the reason, the credit back, the failed event', { timeout: 600_000 }, async () => {
    const { apiKey: key } = await s.account({ credits: 2 });
    const d = await lipSync(key, { video_url: `${base}/two.mp4`, audio_url: `${base}/short.wav` });
    assert.equal(d.status, 'failed', JSON.stringify(d));
    assert.equal(d.error.code, 40000);
    assert.match(d.error.message, /^video_url: several faces were found in the video; lip-sync needs one person alone in the frame$/);
    assert.equal(await credits(key), 2, 'the credit is given back');
    assert.ok((await events('generated_lip_sync_video_failed')).some((e) => (e.data.video_id ?? e.data.project_id) === d.task_id));
  });

  it('refuses at once, recording nothing: no video_url, no audio, an unknown playback_type, an unknown voice_id', { timeout: 120_000 }, async () => {
    const { apiKey: key } = await s.account({ credits: 2 });
    const refused = async (body: Record<string, unknown>, msg: RegExp) => {
      const r = await s.call('POST', '/v2/create_lip_sync_video', { key, body });
      assert.equal(r.body.code, 40000, JSON.stringify(r.body));
      assert.match(r.body.msg, msg);
    };
    await refused({ video_url: ' ', audio_url: `${base}/said.wav` }, /^Parameter error: video_url is required/);
    await refused({ video_url: `${base}/talk.mp4` }, /^Parameter error: audio_url is required/);
    await refused({ video_url: `${base}/talk.mp4`, audio_url: `${base}/talk.mp4`, playback_type: 'bounce' }, /playback_type "bounce"/);
    // An unknown voice: 10104 naming voice_id, as the talking-avatar and template videos answer it.
    const r = await s.call('POST', '/v2/create_lip_sync_video', { key, body: { video_url: `${base}/talk.mp4`, script: 'Hello there.', voice_id: 'no-such-voice' } });
    assert.equal(r.body.code, 10104, JSON.stringify(r.body));
    assert.match(r.body.msg, /^Record not found: voice_id no-such-voice; see GET \/v1\/voices/);
    assert.equal(await credits(key), 2);
  });
});

/** A script said by a voice (no audio_url), on PostgreSQL and the BullMQ runner when both are configured (else SQLite and the inline runner). */
const onPg = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
describe(`lip-sync of a talking clip to a script said by a voice (${onPg ? 'PostgreSQL + BullMQ' : 'SQLite + inline runner'})`, () => {
  let pgDb: TestDb | undefined;
  let on: TestServer;
  let worker: RunningWorker | undefined;
  before(async () => {
    if (!onPg) return;
    pgDb = await postgresTestDb();
    // The API enqueues in BullMQ; a worker (as `reelsmith worker` runs it, same database and data directory) takes the job.
    on = await startServer({ testDb: pgDb, env: { ALLOW_PRIVATE_URLS: '1', REDIS_URL: process.env.REDIS_URL!, QUEUE_PREFIX: `t-lipsync-${hexId().slice(0, 8)}` } });
    on.running.startBackground();
    worker = await createWorker(on.config, { db: pgDb!.db, resolver: noDns });
  });
  after(async () => {
    if (!onPg) return;
    await worker?.close();
    await on?.close();
    await pgDb?.dispose();
  });

  it('as long as the spoken script, the mouth following that speech (r ≥ 0.6), the credit and the success event', { timeout: 900_000 }, async () => {
    const srv = onPg ? on : s;
    const { apiKey: key } = await srv.account({ credits: 5 });
    // The same sentences and voice as said.wav: espeak-ng says them the same way, so speechOpen is this speech's openness too.
    const d = await lipSync(key, { video_url: `${base}/talk.mp4`, script: SAID.join(' '), voice_id: 'en-us-f1' }, srv);
    assert.equal(d.status, 'completed', JSON.stringify(d));
    assert.equal(d.deducted_credit, 1);
    assert.equal(await credits(key, srv), 4);
    const file = await download(d.video_url, 'scripted.mp4', srv);
    assert.ok(Math.abs(probeS(file) - speechMs / 1000) < 0.12, `lasts ${probeS(file)} s, the spoken script ${speechMs / 1000} s`);
    assert.ok(Math.abs(d.duration - speechMs / 1000) < 0.12, `duration ${d.duration}`);
    const rAudio = pearson(envelope(file), envelope(files['/said.wav']!));
    assert.ok(rAudio > 0.8, `the sound is the voice saying the script: r = ${rAudio.toFixed(2)}`);
    const { rSpeech, rClip } = mouthFollows(greyFrames(file), 'script + voice_id');
    assert.ok(rSpeech >= 0.6, `r with the spoken script ${rSpeech.toFixed(2)}`);
    assert.ok(rClip < 0.3, `r with the clip's own mouth ${rClip.toFixed(2)}`);
    const ok = await events('generated_lip_sync_video_success', srv);
    assert.ok(ok.some((e) => (e.data.video_id ?? e.data.project_id) === d.task_id), JSON.stringify(ok));
  });
});
