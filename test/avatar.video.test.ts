import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { NEUTRAL_POSE, type AvatarPose } from '../src/pipeline/avatar/index.ts';
import { FacePool, type PhotoRig } from '../src/pipeline/avatar/photo/index.ts';
import { isScreenGreen } from '../src/pipeline/avatar/video/screen.ts';
import { judgeClip, MAX_YAW_DEG, mouthGap, pickIdleLoop, yawDeg } from '../src/pipeline/avatar/video/video.track.ts';
import { makeFaceClip, SWAY, type FaceClipSpec, type Pt } from './support/face-clips.ts';
import { noFacePhoto, portraitPhoto, twoFacesPhoto } from './support/face-photos.ts';
import { startServer, type TestServer } from './support/server.ts';

/**
 * Video presenters (issue 24 item 4) on clips made at test time from the face-api sample portrait
 * (test/support/face-clips.ts): tracking against the known motion, the idle loop, every refusal
 * with its clip, and end to end: POST /v1/avatar/create → a ready avatar → a talking-avatar video.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-vavatar-test-'));
const faces = new FacePool();
let photo: Buffer;
let rig: PhotoRig;

/** Talks (mouth opening and closing) for the first 4 s, then idles (mouth shut, a blink at 7 s). */
const talkThenIdle = (fps: number) => (f: number): AvatarPose => {
  const t = f / fps;
  if (t < 4) return { ...NEUTRAL_POSE, viseme: 'D', mouthOpen: 0.5 + 0.5 * Math.sin(t * 9) > 0.3 ? 0.5 + 0.5 * Math.sin(t * 9) : 0 };
  return { ...NEUTRAL_POSE, blink: Math.abs(t - 7) < 0.1 ? 1 : 0 };
};

/** The least-squares similarity (rotation, scale, shift) carrying points `a` onto `b`, as a function. */
function similarityFit(a: readonly Pt[], b: readonly Pt[]): (x: number, y: number) => Pt {
  const n = a.length;
  let ax = 0, ay = 0, bx = 0, by = 0;
  for (let i = 0; i < n; i++) { ax += a[i]![0]; ay += a[i]![1]; bx += b[i]![0]; by += b[i]![1]; }
  ax /= n; ay /= n; bx /= n; by /= n;
  let p = 0, q = 0, d = 0;
  for (let i = 0; i < n; i++) {
    const x = a[i]![0] - ax, y = a[i]![1] - ay, u = b[i]![0] - bx, v = b[i]![1] - by;
    p += x * u + y * v; q += x * v - y * u; d += x * x + y * y;
  }
  const c = p / d, s = q / d;
  return (x, y) => [bx + c * (x - ax) - s * (y - ay), by + s * (x - ax) + c * (y - ay)];
}

async function track(file: string, width: number, height: number, fps: number) {
  return faces.trackVideo({ path: file, width, height, fps, decodeMaxSide: 960, maxFrames: 100_000 });
}

before(async () => {
  photo = await portraitPhoto();
  const v = await faces.analyse(photo);
  if (!v.ok) throw new Error(v.reason);
  rig = v.rig;
});
after(async () => {
  await faces.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('video presenters: tracking and the idle loop', () => {
  it('lip-sync tracking (no registration) of a face tilted ~30° in its plane: the mouth within 3 px (median) of where it is (fails before: the net read the tilted face in an upright box, its mouth points up to 8 px off, 90th percentile ~6.5 px; on this machine the lip-sync test\'s r 0.17)', { timeout: 300_000 }, async () => {
    const file = path.join(dir, 'sway-lipsync.mp4');
    // The lip-sync test's clip: its mouth opening and shutting at 1.6 Hz.
    const open = (f: number) => (Math.sin((f / 25) * 2 * Math.PI * 1.6) > 0.2 ? 0.9 : 0);
    const pose = (f: number): AvatarPose => ({ ...NEUTRAL_POSE, viseme: open(f) > 0 ? 'D' : 'X', mouthOpen: open(f) });
    const truth = await makeFaceClip({ photo, rig, width: 360, height: 640, fps: 25, seconds: 4, motion: SWAY, pose, out: file });
    const r = await faces.trackVideo({ path: file, width: 360, height: 640, fps: 25, decodeMaxSide: 960, maxFrames: 100_000, register: false });
    const mean = (pts: Array<[number, number]>) => pts.reduce((a, p) => [a[0] + p[0] / pts.length, a[1] + p[1] / pts.length], [0, 0]);
    const roll = (t: Pt[]) => (Math.atan2(mean(t.slice(42, 48))[1] - mean(t.slice(36, 42))[1], mean(t.slice(42, 48))[0] - mean(t.slice(36, 42))[0]) * 180) / Math.PI;
    assert.ok(Math.abs(roll(truth[0]!)) > 15, `the portrait's face is tilted: ${roll(truth[0]!).toFixed(0)}°`);
    // Each frame's mean distance of the 20 mouth points (48-67) from the truth, px at 360 × 640.
    const errors = r.landmarks.map((l, f) => (l ? Array.from({ length: 20 }, (_, k) => Math.hypot(l[(48 + k) * 2]! - truth[f]![48 + k]![0], l[(48 + k) * 2 + 1]! - truth[f]![48 + k]![1])).reduce((a, b) => a + b, 0) / 20 : Infinity));
    const q = (p: number) => errors.slice().sort((a, b) => a - b)[Math.floor((errors.length - 1) * p)]!;
    console.log(`lip-sync tracking of the tilted face: mouth points off by ${q(0.5).toFixed(1)} px (median), ${q(0.9).toFixed(1)} px (90th percentile), ${Math.max(...errors).toFixed(1)} px at most`);
    // Measured: after 1-3 px (90th 2.5); before 1-8 px (90th ~6.5).
    assert.ok(q(0.5) <= 3 && q(0.9) <= 4, `mouth points off by ${q(0.5).toFixed(1)} px (median), ${q(0.9).toFixed(1)} px (90th percentile)`);
  });

  it('tracks the landmarks of a 1080x1920 clip that moves, tilts and scales within 3 px of the known motion', { timeout: 300_000 }, async () => {
    const file = path.join(dir, 'sway-1080.mp4');
    const truth = await makeFaceClip({ photo, rig, width: 1080, height: 1920, fps: 25, seconds: 2, motion: SWAY, out: file });
    const r = await track(file, 1080, 1920, 25);
    assert.equal(r.frames, truth.length);
    const l0 = r.landmarks[0]!;
    assert.ok(l0, 'face tracked in frame 0');
    const absolute: number[] = [], firstFrame: number[] = [], motion: number[] = [];
    r.landmarks.forEach((l, f) => {
      assert.ok(l, `face tracked in frame ${f}`);
      // The known motion from frame 0 to frame f (a similarity: SWAY starts at rest).
      const move = similarityFit(truth[0]!, truth[f]!);
      // Jaw, brows and nose (0-35): the points the photo presenter's blinks and mouth never move.
      for (let i = 0; i < 36; i++) {
        const e = Math.hypot(l[i * 2]! - truth[f]![i]![0], l[i * 2 + 1]! - truth[f]![i]![1]);
        absolute.push(e);
        if (f === 0) firstFrame.push(e);
        const [x, y] = move(l0[i * 2]!, l0[i * 2 + 1]!);
        motion.push(Math.hypot(l[i * 2]! - x, l[i * 2 + 1]! - y));
      }
    });
    const q = (xs: number[], p: number) => xs.slice().sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)]!;
    console.log(
      `tracking at 1080x1920 against the known motion: median ${q(motion, 0.5).toFixed(2)} px, 90th percentile ${q(motion, 0.9).toFixed(2)} px; ` +
        `against the net's landmarks on the source photo: median ${q(absolute, 0.5).toFixed(1)} px (90th ${q(absolute, 0.9).toFixed(1)}), of which frame 0 alone ${q(firstFrame, 0.5).toFixed(1)} px`,
    );
    // Issue 24: landmarks tracked per frame against the known motion, median at most 3 px at 1080p.
    assert.ok(q(motion, 0.5) <= 3, `median error against the known motion ${q(motion, 0.5).toFixed(2)} px`);
    assert.ok(q(motion, 0.9) <= 5, `90th percentile against the known motion ${q(motion, 0.9).toFixed(2)} px`);
    // Against the source photo's own landmarks the error is the 68-point net's answer on another
    // picture of the same face (frame 0, before any motion, already differs by ~8 px: a bias of the
    // net that depends on the crop); tracking adds little to it (docs/avatars.md).
    assert.ok(q(absolute, 0.5) <= q(firstFrame, 0.5) + 1.5, `median ${q(absolute, 0.5).toFixed(1)} px vs frame 0's ${q(firstFrame, 0.5).toFixed(1)} px`);
    assert.ok(q(absolute, 0.5) <= 10, `median error against the photo's landmarks ${q(absolute, 0.5).toFixed(1)} px`);
  });

  it('picks the idle part of a clip that talks then idles, and judges it a presenter (gender guessed)', { timeout: 300_000 }, async () => {
    const fps = 12;
    const file = path.join(dir, 'talk-idle.mp4');
    await makeFaceClip({ photo, rig, width: 540, height: 960, fps, seconds: 11, pose: talkThenIdle(fps), out: file });
    const r = await track(file, 540, 960, fps);
    const v = judgeClip({ durationS: 11, fps, width: 540, height: 960 }, r);
    assert.ok(v.ok, v.ok ? '' : v.reason);
    assert.equal(v.gender, 'female');
    const loop = pickIdleLoop(v.landmarks, fps);
    assert.ok(loop.start / fps >= 3.9, `loop starts at ${(loop.start / fps).toFixed(2)} s (the talking part ends at 4 s)`);
    assert.ok((loop.end - loop.start + 1) / fps >= 2, 'the forward half lasts at least 2 s');
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const talking = mean(v.landmarks.slice(0, 4 * fps).map(mouthGap));
    const idle = mean(v.landmarks.slice(loop.start, loop.end + 1).map(mouthGap));
    // The sample portrait smiles with parted lips, so its loop is not shut; the talking part's mean
    // gap must still be clearly above the loop's (registration-tracked: 0.157 vs 0.129 measured; the
    // per-frame net alone gave 0.144 vs 0.134 and this check had to be weakened).
    console.log(`mean mouth gap talking ${talking.toFixed(3)} vs in the loop ${idle.toFixed(3)}`);
    assert.ok(talking >= idle * 1.1, `mean mouth gap talking ${talking.toFixed(3)} vs in the loop ${idle.toFixed(3)}`);
  });
});

describe('video presenters: refusals, each with its clip', () => {
  const cases: Array<{ name: string; spec: () => Promise<Partial<FaceClipSpec> & { still?: Buffer }>; reason: RegExp }> = [
    { name: 'no face', spec: async () => ({ still: await noFacePhoto() }), reason: /no face/ },
    { name: 'several faces', spec: async () => ({ still: await twoFacesPhoto() }), reason: /several faces/ },
    { name: 'face under 256 px', spec: async () => ({ width: 270, height: 480 }), reason: /at least 256 px/ },
    { name: 'too dark', spec: async () => ({ dim: 0.3 }), reason: /too dark/ },
    // The portrait turned 45° as a cylinder (test/support/face-clips.ts turnHead): the net still finds the face.
    { name: 'the head turned about 45 degrees', spec: async () => ({ yawDeg: 45 }), reason: /the head is turned about (3[5-9]|[4-5]\d) degrees; face the camera/ },
  ];
  for (const c of cases) {
    it(`refuses a clip with ${c.name}`, { timeout: 400_000 }, async () => {
      const fps = 5;
      const file = path.join(dir, `${c.name.replace(/\W+/g, '-')}.mp4`);
      const spec = await c.spec();
      let w = spec.width ?? 540, h = spec.height ?? 960;
      if (spec.still) {
        const meta = await sharp(spec.still).metadata();
        w = Math.round(meta.width! / 2) * 2;
        h = Math.round(meta.height! / 2) * 2;
        const jpg = path.join(dir, 'still.jpg');
        fs.writeFileSync(jpg, spec.still);
        execFileSync('ffmpeg', ['-v', 'error', '-y', '-loop', '1', '-i', jpg, '-t', '10.5', '-r', String(fps), '-vf', `scale=${w}:${h}`, '-pix_fmt', 'yuv420p', file]);
      } else {
        await makeFaceClip({ photo, rig, width: w, height: h, fps, seconds: 10.5, out: file, ...spec });
      }
      const v = judgeClip({ durationS: 10.5, fps, width: w, height: h }, await track(file, w, h, fps));
      assert.equal(v.ok, false, `${c.name}: accepted`);
      assert.match((v as { reason: string }).reason, c.reason);
    });
  }
});

describe('video presenters: the "too blurred" refusal, calibrated (docs/avatars.md)', () => {
  // The sharp portrait at 810x1440 (a face of ~410 px; tracked at 540x960 as avatar/create does), the
  // same blurred by ffmpeg gblur, and the sharp clip at 540x960: a face of ~275 px, just over the minimum.
  const fps = 5, seconds = 10.5;
  let sharpClip: string;
  before(async () => {
    sharpClip = path.join(dir, 'sharp-810.mp4');
    await makeFaceClip({ photo, rig, width: 810, height: 1440, fps, seconds, out: sharpClip });
  });
  const verdictOf = async (name: string, vf: string, w: number, h: number) => {
    const file = path.join(dir, `${name}.mp4`);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', sharpClip, '-vf', vf, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p', file]);
    const r = await track(file, w, h, fps);
    const withFace = r.samples.filter((x) => x.faces > 0).map((x) => x.sharpness).sort((a, b) => a - b);
    console.log(`${name}: face found on ${withFace.length}/${r.samples.length} detection frames, median face sharpness ${withFace[withFace.length >> 1]?.toFixed(0) ?? '-'}`);
    return judgeClip({ durationS: seconds, fps, width: w, height: h }, r);
  };
  for (const c of [
    { name: 'sharp 810x1440', vf: 'null', size: [810, 1440], reason: null },
    { name: 'webcam-soft (gblur sigma 1.5 at 810x1440)', vf: 'gblur=sigma=1.5', size: [810, 1440], reason: null },
    { name: 'sharp at 540x960 (a face just over 256 px)', vf: 'scale=540:960', size: [540, 960], reason: null },
    { name: 'features smeared (gblur sigma 4.5 at 810x1440)', vf: 'gblur=sigma=4.5', size: [810, 1440], reason: /the face is too blurred \(sharpness \d+, at least 100 needed\)/ },
    { name: 'too blurred to find the face (gblur sigma 9)', vf: 'gblur=sigma=9', size: [810, 1440], reason: /no face could be seen: the clip is too blurred/ },
  ] as const) {
    it(`${c.reason ? 'refuses' : 'accepts'} a clip: ${c.name}`, { timeout: 300_000 }, async () => {
      const v = await verdictOf(c.name.replace(/\W+/g, '-'), c.vf, c.size[0], c.size[1]);
      if (c.reason === null) assert.ok(v.ok, v.ok ? '' : v.reason);
      else {
        assert.equal(v.ok, false, 'accepted');
        assert.match((v as { reason: string }).reason, c.reason);
      }
    });
  }
});

describe('video presenters: a head turned a little is accepted', () => {
  it('accepts the portrait turned about 15 degrees (judgeClip)', { timeout: 400_000 }, async () => {
    const fps = 5;
    const file = path.join(dir, 'turned-15.mp4');
    await makeFaceClip({ photo, rig, width: 540, height: 960, fps, seconds: 10.5, yawDeg: 15, out: file });
    const r = await track(file, 540, 960, fps);
    const v = judgeClip({ durationS: 10.5, fps, width: 540, height: 960 }, r);
    assert.ok(v.ok, v.ok ? '' : v.reason);
    const yaw = Math.abs(yawDeg(v.landmarks[0]!));
    console.log(`turned 15 degrees: read as ${yaw.toFixed(1)} degrees`);
    assert.ok(yaw > 2 && yaw < MAX_YAW_DEG, `yaw read ${yaw.toFixed(1)}`);
  });
});

describe('end to end: a clip → POST /v1/avatar/create → a talking-avatar video presented by it', () => {
  let s: TestServer;
  let clips: http.Server;
  let base: string;
  const files: Record<string, string> = {};
  before(async () => {
    files['/me.mp4'] = path.join(dir, 'me.mp4');
    await makeFaceClip({ photo, rig, width: 540, height: 960, fps: 12, seconds: 11, pose: talkThenIdle(12), out: files['/me.mp4'], audio: true });
    files['/short.mp4'] = path.join(dir, 'short.mp4');
    await makeFaceClip({ photo, rig, width: 270, height: 480, fps: 5, seconds: 4, out: files['/short.mp4'] });
    // The portrait cut out by the selfie mask on a pure green screen, and the same as a WebM with alpha.
    files['/green.mp4'] = path.join(dir, 'green.mp4');
    await makeFaceClip({ photo, rig, width: 540, height: 960, fps: 10, seconds: 10.5, pose: talkThenIdle(10), out: files['/green.mp4'], screen: 'green' });
    files['/alpha.webm'] = path.join(dir, 'alpha.webm');
    await makeFaceClip({ photo, rig, width: 540, height: 960, fps: 10, seconds: 10.5, pose: talkThenIdle(10), out: files['/alpha.webm'], screen: 'alpha' });
    files['/turned.mp4'] = path.join(dir, 'turned.mp4');
    await makeFaceClip({ photo, rig, width: 540, height: 960, fps: 5, seconds: 10.5, yawDeg: 45, out: files['/turned.mp4'] });
    files['/photo.jpg'] = path.join(dir, 'photo.jpg');
    fs.writeFileSync(files['/photo.jpg'], photo);
    clips = http.createServer((req, res) => {
      const f = files[req.url ?? ''];
      if (!f) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': f.endsWith('.jpg') ? 'image/jpeg' : f.endsWith('.webm') ? 'video/webm' : 'video/mp4' }).end(fs.readFileSync(f));
    });
    await new Promise<void>((r) => clips.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(clips.address() as AddressInfo).port}`;
    s = await startServer({ env: { ALLOW_PRIVATE_URLS: '1', RENDER_SCALE: '0.25' } });
    s.running.startBackground();
  });
  after(async () => {
    await s.close();
    clips.close();
  });

  const waitFor = async (key: string, id: number, limitMs = 600_000) => {
    for (const t0 = Date.now(); Date.now() - t0 < limitMs; ) {
      const a = (await s.call('GET', '/v1/avatars/custom', { key })).body.data.avatars.find((x: { avatar_id: number }) => x.avatar_id === id);
      if (a.status !== 0) return a;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('still processing');
  };
  const events = async (kind: string) =>
    (await s.running.db.kysely.selectFrom('events').selectAll().where('kind', '=', kind).execute()).map((e) => JSON.parse(e.payload));

  it('refuses a 4 s clip, a photo and a turned head with a reason, and create_avatar_failed', { timeout: 400_000 }, async () => {
    const { apiKey: key } = await s.account({ credits: 1 });
    for (const [url, reason] of [['/short.mp4', /4\.0 s long; it must be 10 s to 5 min/], ['/photo.jpg', /not a video/], ['/turned.mp4', /head is turned about \d+ degrees; face the camera/]] as const) {
      const made = await s.call('POST', '/v1/avatar/create', { key, body: { origin_url: `${base}${url}`, name: 'Short' } });
      assert.equal(made.body.code, 0, JSON.stringify(made.body));
      const a = await waitFor(key, made.body.data.avatar_id);
      assert.equal(a.status, 2);
      assert.match(a.fail_msg, reason);
      assert.ok((await events('create_avatar_failed')).some((e) => e.data.avatar_id === a.avatar_id && reason.test(e.data.error)));
    }
    const empty = await s.call('POST', '/v1/avatar/create', { key, body: { origin_url: ' ', name: 'x' } });
    assert.equal(empty.body.code, 40000);
    assert.match(empty.body.msg, /origin_url/);
  });

  it('makes a ready video avatar (cover, preview, listed in v1 and v2, event) and it presents a talking-avatar video', { timeout: 600_000 }, async () => {
    const { apiKey: key } = await s.account({ credits: 5 });
    const made = await s.call('POST', '/v1/avatar/create', { key, body: { origin_url: `${base}/me.mp4`, name: 'Me on video' } });
    assert.equal(made.body.code, 0, JSON.stringify(made.body));
    const id: number = made.body.data.avatar_id;
    const a = await waitFor(key, id);
    assert.equal(a.status, 1, a.fail_msg);
    assert.equal(a.kind, 'video');
    assert.equal(a.cutout, false, 'its own background is kept: not a cut-out');
    assert.equal(a.gender, 'Female', 'face-api guessed her gender');
    const local = (u: string) => u.replace(s.config.publicBaseUrl, s.baseUrl);
    const cover = await fetch(local(a.cover_url));
    assert.equal(cover.status, 200);
    const ev = (await events('create_avatar_success')).find((e) => e.data.avatar_id === id);
    assert.ok(ev && ev.data.status === 1 && ev.data.cover_url === a.cover_url && /preview\.mp4$/.test(ev.data.preview_url), JSON.stringify(ev));
    const v2 = (await s.call('GET', '/v2/avatars/custom', { key })).body.data.avatars;
    assert.ok(v2.some((x: { id?: number; avatar_id?: number }) => (x.id ?? x.avatar_id) === id), JSON.stringify(v2));

    // The loop closes: played forward then back, its last frame is next to its first.
    const row = await s.running.db.kysely.selectFrom('custom_avatars').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    assert.ok(Number(row.storage_bytes) > 10_000, 'its files count in the storage quota');
    const loopUrl = a.cover_url.replace(/cover\.png$/, 'loop.mp4');
    const loopFile = path.join(dir, 'loop.mp4');
    fs.writeFileSync(loopFile, Buffer.from(await (await fetch(local(loopUrl))).arrayBuffer()));
    const grab = (sel: string) => execFileSync('ffmpeg', ['-v', 'error', '-i', loopFile, '-vf', `${sel},scale=135:240`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1']);
    const first = grab('select=eq(n\\,0)');
    const last = grab('reverse');
    let diff = 0;
    for (let i = 0; i < first.length; i++) diff += Math.abs(first[i]! - last[i]!);
    diff /= first.length;
    console.log(`loop join: mean grey difference ${diff.toFixed(2)} of 255 between the last and the first frame`);
    assert.ok(diff < 4, `loop join ${diff.toFixed(2)}`);

    const created = await s.call('POST', '/v1/create_video_from_talking_avatar', {
      key,
      body: { avatar_id: id, avatar_type: 1, voice_id: 'en-us-f1', script: 'Hello! This is me, on my own video, saying something new today.', aspect_ratio: 0, caption: true },
    });
    assert.equal(created.body.code, 0, JSON.stringify(created.body));
    const projectId: string = created.body.data.project_id;
    let project;
    for (const t0 = Date.now(); Date.now() - t0 < 400_000; ) {
      project = (await s.call('GET', `/v1/project?project_id=${projectId}`, { key })).body.data;
      if (project.status_code >= 4) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    assert.equal(project.status_code, 4, JSON.stringify(project));
    const video = path.join(dir, 'talking.mp4');
    fs.writeFileSync(video, Buffer.from(await (await fetch(local(project.video_url))).arrayBuffer()));
    if (process.env.KEEP_SHEET) execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', video, '-vf', 'fps=2,scale=180:-1,tile=6x2', '-frames:v', '1', process.env.KEEP_SHEET]);
    // Frames differ (the loop plays, the mouth moves): not a still.
    const sig = (t: number) => execFileSync('ffmpeg', ['-v', 'error', '-ss', String(t), '-i', video, '-vf', 'scale=68:120', '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1']);
    const f1 = sig(1), f2 = sig(2.5);
    let d = 0;
    for (let i = 0; i < f1.length; i++) d += Math.abs(f1[i]! - f2[i]!);
    assert.ok(d / f1.length > 0.3, 'the presenter moves');

    assert.equal((await s.call('POST', '/v1/avatar/custom/rename', { key, body: { avatar_id: id, name: 'Renamed' } })).body.data.name, 'Renamed');
    assert.equal((await s.call('DELETE', `/v1/avatar/custom/delete?avatar_id=${id}`, { key })).body.code, 0);
    assert.equal((await fetch(local(loopUrl))).status, 404, 'its files are removed');
  });

  /** A frame of a video (or image) as RGB, and its size. */
  const rgbFrame = (file: string, atS: number) => {
    const [w, h] = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', file]).toString().trim().split(',').map(Number) as [number, number];
    const rgb = execFileSync('ffmpeg', ['-v', 'error', '-ss', String(atS), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { maxBuffer: 64 << 20 });
    return { rgb, w, h };
  };
  /** Share of saturated (screen) green pixels, and the mean colour of a rectangle. */
  const greenShare = ({ rgb }: { rgb: Buffer }) => {
    let n = 0;
    for (let i = 0; i < rgb.length; i += 3) if (isScreenGreen(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!)) n++;
    return n / (rgb.length / 3);
  };
  const meanOf = ({ rgb, w }: { rgb: Buffer; w: number }, x0: number, y0: number, x1: number, y1: number) => {
    const m = [0, 0, 0];
    let n = 0;
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++, n++) for (let c = 0; c < 3; c++) m[c]! += rgb[(y * w + x) * 3 + c]!;
    return m.map((v) => v / n);
  };
  const backdropTop = [0xe4, 0xe7, 0xec];
  const near = (a: number[], b: number[], tol: number) => a.every((v, i) => Math.abs(v - b[i]!) <= tol);

  it('a green-screen clip and a transparent WebM make cut-out presenters (cutout true) that stand on the scene in every ratio: no green left, the backdrop behind', { timeout: 2_400_000 }, async () => {
    const { apiKey: key } = await s.account({ credits: 10 });
    const local = (u: string) => u.replace(s.config.publicBaseUrl, s.baseUrl);
    const made: Record<string, number> = {};
    for (const url of ['/green.mp4', '/alpha.webm']) {
      const r = await s.call('POST', '/v1/avatar/create', { key, body: { origin_url: `${base}${url}`, name: url } });
      assert.equal(r.body.code, 0, JSON.stringify(r.body));
      made[url] = r.body.data.avatar_id;
    }
    for (const [url, id] of Object.entries(made)) {
      // Two avatars made one after the other on a loaded machine: a generous wait (the result is what is checked).
      const a = await waitFor(key, id, 900_000);
      assert.equal(a.status, 1, `${url}: ${a.fail_msg}`);
      assert.equal(a.cutout, true, `${url} is a cut-out`);
      const v2 = (await s.call('GET', '/v2/avatars/custom', { key })).body.data.avatars.find((x: { id: number }) => x.id === id);
      assert.equal(v2.cutout, true);
      // The stored loop keeps the cut: transparent in the corner, opaque on the face.
      const loop = path.join(dir, `cut-${id}.webm`);
      fs.writeFileSync(loop, Buffer.from(await (await fetch(local(a.cover_url.replace(/cover\.png$/, 'loop.webm')))).arrayBuffer()));
      const rgba = execFileSync('ffmpeg', ['-v', 'error', '-c:v', 'libvpx-vp9', '-i', loop, '-vf', 'scale=54:96', '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1']);
      assert.ok(rgba[(2 * 54 + 2) * 4 + 3]! < 30, `${url}: the loop's corner is transparent (alpha ${rgba[(2 * 54 + 2) * 4 + 3]})`);
      assert.ok(rgba[(30 * 54 + 27) * 4 + 3]! > 225, `${url}: the loop's face is opaque (alpha ${rgba[(30 * 54 + 27) * 4 + 3]})`);
      // The cover: the person on the studio backdrop, no green.
      const coverFile = path.join(dir, `cover-${id}.png`);
      fs.writeFileSync(coverFile, Buffer.from(await (await fetch(local(a.cover_url))).arrayBuffer()));
      const cover = rgbFrame(coverFile, 0);
      assert.ok(greenShare(cover) < 0.001, `${url}: cover green share ${greenShare(cover)}`);
      assert.ok(near(meanOf(cover, 0, 0, 24, 16), backdropTop, 14), `${url}: cover corner ${meanOf(cover, 0, 0, 24, 16).map(Math.round)}`);
    }

    // Talking-avatar videos presented by the green-screen one, in 9:16, 16:9 and 1:1, on its scene (screen_style 1).
    const projects: string[] = [];
    for (const aspect_ratio of [0, 1, 2]) {
      const created = await s.call('POST', '/v1/create_video_from_talking_avatar', {
        key,
        body: { avatar_id: made['/green.mp4'], avatar_type: 1, voice_id: 'en-us-f1', script: 'Hello! I filmed this on a green screen.', aspect_ratio, caption: true },
      });
      assert.equal(created.body.code, 0, JSON.stringify(created.body));
      projects.push(created.body.data.project_id);
    }
    for (const [k, projectId] of projects.entries()) {
      let project;
      for (const t0 = Date.now(); Date.now() - t0 < 500_000; ) {
        project = (await s.call('GET', `/v1/project?project_id=${projectId}`, { key })).body.data;
        if (project.status_code >= 4) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      assert.equal(project.status_code, 4, JSON.stringify(project));
      const video = path.join(dir, `green-talking-${k}.mp4`);
      fs.writeFileSync(video, Buffer.from(await (await fetch(local(project.video_url))).arrayBuffer()));
      if (process.env.KEEP_FRAMES) execFileSync('ffmpeg', ['-v', 'error', '-y', '-ss', '1.5', '-i', video, '-frames:v', '1', path.join(process.env.KEEP_FRAMES, `green-talking-${k}.png`)]);
      const frame = rgbFrame(video, 1.5);
      const green = greenShare(frame);
      console.log(`green-screen presenter, aspect_ratio ${k} (${frame.w}x${frame.h}): saturated-green share ${(green * 100).toFixed(3)} %`);
      assert.ok(green < 0.001, `aspect_ratio ${k}: saturated-green share ${green}`);
      // Behind the person, top corners: the scene's backdrop (not green, not the clip's own colour).
      for (const x0 of [0, frame.w - 16]) {
        const m = meanOf(frame, x0, 0, x0 + 16, 10);
        assert.ok(near(m, backdropTop, 16), `aspect_ratio ${k}: corner at x ${x0} is ${m.map(Math.round)}, not the backdrop`);
      }
      // And the person is there: the frame's middle is not the backdrop.
      const mid = meanOf(frame, Math.floor(frame.w / 2) - 8, Math.floor(frame.h * 0.3) - 8, Math.floor(frame.w / 2) + 8, Math.floor(frame.h * 0.3) + 8);
      assert.ok(!near(mid, backdropTop, 30), `aspect_ratio ${k}: the face area is ${mid.map(Math.round)}`);
    }
  });
});
