/**
 * Video presenters (issue 24 item 6): the CPU time of making one from a clip, and the painter's
 * cost a frame against a drawn presenter's. `npm run bench:avatar-video`
 * - BENCH_CLIP_S (default 60), BENCH_SIZE (default 1080x1920): a clip made with ffmpeg from the
 *   face-api sample portrait, zoomed and panned slowly (cheap to make, a real face to track);
 *   tracked in the face worker, judged, its idle loop chosen. Reports wall and process CPU.
 * - BENCH_FRAMES (default 250): frames drawn at 1080x1920 by the video painter (its loop from the
 *   same clip) and by drawn presenter 5: the presenter layer's cost alone.
 * - BENCH_RENDER_S (default 30; 0 skips): a whole talking-avatar video of that length at
 *   1080x1920 (espeak speech of a text said as often as it takes, captions, encode) rendered with the video presenter and with drawn
 *   presenter 1; the ratio of their frames per CPU second (ffmpeg's included) is item 6's.
 * CPU is the process's (worker threads included) plus its finished children's (ffmpeg).
 */
import { createCanvas } from '@napi-rs/canvas';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loopFramesOf } from '../src/avatars/video-avatar.files.ts';
import { buildAvatarTrack, createAvatarPainter, sampleNarration } from '../src/pipeline/avatar/index.ts';
import { FacePool } from '../src/pipeline/avatar/photo/index.ts';
import { createVideoPainter, type VideoPresenter } from '../src/pipeline/avatar/video/video.painter.ts';
import { buildCaptions } from '../src/pipeline/captions/build.ts';
import { narrate } from '../src/pipeline/narrate.ts';
import { renderTalkingAvatar } from '../src/pipeline/render/render-talking.ts';
import { EspeakProcess } from '../src/pipeline/speech/espeak.client.ts';
import { defaultVoice } from '../src/pipeline/speech/voice.catalog.ts';
import { talkingScript } from '../src/videos/kinds/avatar.kind.ts';
import { judgeClip, pickIdleLoop } from '../src/pipeline/avatar/video/video.track.ts';
import { portraitPhoto } from '../test/support/face-photos.ts';

/** CPU seconds of this process (its worker threads included) and of its finished children (ffmpeg). */
function cpuWithChildren(): number {
  const own = process.cpuUsage();
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const tick = 100; // USER_HZ
  return (own.user + own.system) / 1e6 + (Number(f[13]) + Number(f[14])) / tick;
}

const clipS = Number(process.env.BENCH_CLIP_S ?? 60);
const [W, H] = (process.env.BENCH_SIZE ?? '1080x1920').split('x').map(Number) as [number, number];
const frames = Number(process.env.BENCH_FRAMES ?? 250);
const renderS = Number(process.env.BENCH_RENDER_S ?? 30);
const TEXT = 'Welcome to our channel. Today I want to tell you about a simple idea that changed the way I work. Every morning I write down three things I want to finish. Not ten, not twenty, just three. It sounds small, but it works. By the afternoon I know exactly what matters, and I stop wasting time on things that do not. Try it for one week, and tell me in the comments how it went.';
const fps = 25;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-vavatar-'));
const faces = new FacePool();
try {
  const jpg = path.join(dir, 'p.jpg');
  fs.writeFileSync(jpg, await portraitPhoto());
  const clip = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-loop', '1', '-i', jpg, '-t', String(clipS), '-r', String(fps),
    '-vf', `scale=${W}:-2,crop=${W}:min(ih\\,${H}),pad=${W}:${H}:0:(oh-ih)/2,zoompan=z='1+0.04*sin(on/40)':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=${W}x${H}:fps=${fps}`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', clip]);
  const cpu0 = cpuWithChildren();
  const t0 = performance.now();
  const r = await faces.trackVideo({ path: clip, width: W, height: H, fps, decodeMaxSide: 960, maxFrames: 100_000, landmarkEvery: 3 /* as the avatar job (video-avatar.job.ts TRACK_NET_EVERY) */ });
  const v = judgeClip({ durationS: clipS, fps, width: W, height: H }, r);
  if (!v.ok) throw new Error(v.reason);
  const loop = pickIdleLoop(v.landmarks, fps);
  const cpu = cpuWithChildren() - cpu0;
  console.log(`avatar/create core (decode + track + judge + loop) of a ${clipS} s ${W}x${H} clip: ${((performance.now() - t0) / 1000).toFixed(1)} s wall, ${cpu.toFixed(1)} s CPU with ffmpeg's (target <= ${clipS} s) (${r.frames} frames, ${((cpu * 1000) / r.frames).toFixed(1)} ms a frame); loop ${loop.start}-${loop.end}; load ${os.loadavg()[0]!.toFixed(1)}`);

  const fdir = path.join(dir, 'f');
  fs.mkdirSync(fdir);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-ss', String(loop.start / fps), '-i', clip, '-frames:v', String(loop.end - loop.start + 1), path.join(dir, 'loop.mp4')]);
  const jpgs = await loopFramesOf(path.join(dir, 'loop.mp4'), fdir);
  const n0 = Math.min(jpgs.length, loop.end - loop.start + 1);
  const video = createVideoPainter({ kind: 'video', width: W, height: H, fps, frames: jpgs.slice(0, n0), landmarks: v.landmarks.slice(loop.start, loop.start + n0) }, { width: 1080, height: 1920 });
  const drawn = createAvatarPainter(5, { width: 1080, height: 1920 });
  const { speech, script } = sampleNarration();
  const track = buildAvatarTrack({ speech, script, fps, durationMs: speech.durationMs, seed: 1 });
  const ctx = createCanvas(1080, 1920).getContext('2d');
  for (const [name, p] of [['video', video], ['drawn', drawn]] as const) {
    const c0 = process.cpuUsage();
    for (let f = 0; f < frames; f++) p.draw(ctx, track.poseAt(f % track.frameCount), 0, 0);
    const c = process.cpuUsage(c0);
    console.log(`${name} presenter at 1080x1920: ${(((c.user + c.system) / 1000) / frames).toFixed(1)} ms CPU a frame`);
  }
  if (renderS > 0) {
    // The whole video: a talking-avatar video of renderS seconds at 1080x1920 (captions, encode),
    // presented by the video presenter and by drawn presenter 1.
    const engine = new EspeakProcess();
    // The text said as often as it takes to fill renderS (it lasts about 25 s), the video cut at renderS.
    const script = talkingScript(Array.from({ length: Math.max(1, Math.ceil(renderS / 22)) }, () => TEXT).join(' '), 'english');
    const n = await narrate({ script, voiceId: defaultVoice('english', 'female'), musicId: null, workDir: path.join(dir, 'narration') }, { engine });
    await engine.close();
    const captions = buildCaptions(n.speech.words, { language: 'english', aspectRatio: 0, sentences: script.sentences, sentenceSpans: n.speech.sentences });
    const durationMs = Math.min(renderS * 1000, n.speech.durationMs + 400);
    const presenter: VideoPresenter = { kind: 'video', width: W, height: H, fps, frames: jpgs.slice(0, n0), landmarks: v.landmarks.slice(loop.start, loop.start + n0) };
    const fpsOf: Record<string, number> = {};
    for (const [name, avatarId] of [['drawn', 1], ['video', presenter]] as const) {
      const c0 = cpuWithChildren();
      const t1 = performance.now();
      const r = await renderTalkingAvatar({ avatarId, speech: n.speech, script, audioPath: n.mixedAudioPath, durationMs, aspectRatio: 0, screen: 'scene', captions, scale: 1, outDir: path.join(dir, `render-${name}`) });
      const cpuS = cpuWithChildren() - c0;
      fpsOf[name] = r.frames / cpuS;
      console.log(`${r.durationS.toFixed(1)} s ${r.width}x${r.height} talking-avatar video, ${name} presenter: ${((performance.now() - t1) / 1000).toFixed(1)} s wall, ${cpuS.toFixed(1)} s CPU with ffmpeg's: ${(r.frames / cpuS).toFixed(2)} frames a CPU second; load ${os.loadavg()[0]!.toFixed(1)}`);
    }
    console.log(`render rate, video presenter over drawn (per CPU second): ${(fpsOf.video! / fpsOf.drawn!).toFixed(2)} (target >= 0.5)`);
  }
} finally {
  await faces.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
