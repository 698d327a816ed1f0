/**
 * The presenter's whole performance for one video, as a pure function of frame number:
 * mouth from the phonemes, seeded blinks, breathing and idle sway, nods on stressed words and
 * sentence ends, brows up on hooks and questions, gestures on the script's sentence cues.
 * Everything is precomputed into small event lists so poseAt is cheap and order-independent.
 */
import type { Script, Speech } from '../types.ts';
import type { AvatarPose, AvatarTrack, Gesture, MouthShape, Viseme } from './avatar.types.ts';
import { mouthShapeOf } from './paint/mouth.ts';
import { buildMouthTrack, frameCountFor, mouthOpenFrames } from './mouth.track.ts';
import { clamp01, lerp, seededRandom, smoothstep } from './random.ts';

export interface AvatarTrackInput {
  speech: Speech;
  script: Script;
  fps: number;
  durationMs: number;
  seed: number;
  /** Where the product sits on screen (viewer's side); glances and leans go there. Default 'right'. */
  productSide?: 'left' | 'right';
  /**
   * Mouth shapes and opening made elsewhere (from a recording: audio-mouth.ts) instead of from the
   * speech's phonemes; one entry a frame.
   */
  mouth?: { visemes: Viseme[]; open: Float32Array };
}

const BLINK_CLOSE_MS = 60;
const BLINK_HOLD_MS = 40;
const BLINK_OPEN_MS = 80;
const NOD_MS = 420;
const GESTURE_IN_MS = 380;
const GESTURE_OUT_MS = 450;

interface Nod { t: number; amp: number }
interface Brow { start: number; end: number; amp: number; inMs: number; outMs: number }
interface GestureSpan { gesture: Exclude<Gesture, 'none'>; start: number; end: number; outMs: number; fingers: number }
interface Gaze { t: number; x: number; y: number }

const STOPWORDS = new Set(
  'the a an and or but of to in on at for with from by is are was were be been it its this that these those you your we our they their he she his her i my me not no yes so as if then than just very can will do does did have has had'.split(' '),
);

function blinkProfile(dt: number): number {
  if (dt < 0) return 0;
  if (dt < BLINK_CLOSE_MS) return smoothstep(dt / BLINK_CLOSE_MS);
  if (dt < BLINK_CLOSE_MS + BLINK_HOLD_MS) return 1;
  const o = dt - BLINK_CLOSE_MS - BLINK_HOLD_MS;
  return o < BLINK_OPEN_MS ? 1 - smoothstep(o / BLINK_OPEN_MS) : 0;
}

/** Head dip: down then back up, the low point a third of the way in (a nod lands, then lifts). */
function nodProfile(dt: number): number {
  if (dt < 0 || dt > NOD_MS) return 0;
  const u = dt / NOD_MS;
  return u < 0.35 ? smoothstep(u / 0.35) : 1 - smoothstep((u - 0.35) / 0.65);
}

function envelope(t: number, start: number, end: number, inMs: number, outMs: number): number {
  if (t <= start || t >= end + outMs) return 0;
  const up = smoothstep((t - start) / inMs);
  const down = t <= end ? 1 : 1 - smoothstep((t - end) / outMs);
  return up * down;
}

export function buildAvatarTrack(input: AvatarTrackInput): AvatarTrack {
  const { speech, script, fps, durationMs } = input;
  const rand = seededRandom(input.seed);
  const toward = input.productSide === 'left' ? -1 : 1;
  const frameCount = frameCountFor(durationMs, fps);
  const frameMs = 1000 / fps;
  const visemes = input.mouth ? fitFrames(input.mouth.visemes, frameCount, 'X' as Viseme) : buildMouthTrack(speech.phonemes, durationMs, fps);
  const open = input.mouth ? Float32Array.from(fitFrames(Array.from(input.mouth.open), frameCount, 0)) : mouthOpenFrames(visemes);
  const shapes = easedMouthShapes(visemes);

  // Talking envelope: opening averaged over ~300 ms, drives how lively the head is.
  const talk = new Float32Array(frameCount);
  const half = Math.max(1, Math.round(150 / frameMs));
  for (let f = 0; f < frameCount; f++) {
    let sum = 0;
    let count = 0;
    for (let g = f - half; g <= f + half; g++) {
      if (g >= 0 && g < frameCount) {
        sum += open[g]!;
        count++;
      }
    }
    talk[f] = clamp01((sum / count) * 2.2);
  }

  // Blinks: every 2–6 s, sometimes doubled, sometimes on a sentence start; each starts on a frame
  // boundary so the fully closed instant is always drawn.
  const blinks: number[] = [];
  const snap = (t: number) => Math.round(t / frameMs) * frameMs;
  for (let t = 400 + rand() * 1800; t < durationMs; t += 2000 + rand() * 4000) {
    blinks.push(snap(t));
    if (rand() < 0.12) blinks.push(snap(t + 260));
  }
  for (const s of speech.sentences) {
    if (rand() < 0.45 && !blinks.some((b) => Math.abs(b - s.startMs) < 900)) blinks.push(snap(Math.max(0, s.startMs - 60)));
  }
  blinks.sort((a, b) => a - b);

  // Nods: the longest content words of each sentence (stress lands on long words) and its end.
  const nods: Nod[] = [];
  speech.sentences.forEach((s, i) => {
    const words = speech.words
      .filter((w) => w.sentence === i && !STOPWORDS.has(w.text.toLowerCase().replace(/[^\p{L}]/gu, '')) && w.text.length >= 4)
      .sort((a, b) => b.endMs - b.startMs - (a.endMs - a.startMs));
    const picked: number[] = [];
    for (const w of words) {
      if (picked.length >= 2) break;
      if (picked.every((t) => Math.abs(t - w.startMs) > 900)) picked.push(w.startMs);
    }
    for (const t of picked) nods.push({ t: t - 120, amp: 0.022 + rand() * 0.012 });
    if (s.endMs - s.startMs > 600) nods.push({ t: s.endMs - 300, amp: 0.03 });
    if (script.sentences[i]?.cue.gesture === 'nod') {
      nods.push({ t: s.startMs, amp: 0.05 }, { t: s.startMs + NOD_MS + 80, amp: 0.04 });
    }
  });

  // Brows: up through a hook's opening words and the end of a question; a flick with each nod.
  const brows: Brow[] = [];
  speech.sentences.forEach((s, i) => {
    const sentence = script.sentences[i];
    if (sentence === undefined) return;
    if (sentence.cue.kind === 'hook') brows.push({ start: s.startMs - 100, end: Math.min(s.endMs, s.startMs + 900), amp: 0.85, inMs: 180, outMs: 350 });
    if (/[?？;¿]\s*$/.test(sentence.text) || sentence.text.trim().startsWith('¿')) {
      brows.push({ start: lerp(s.startMs, s.endMs, 0.55), end: s.endMs + 150, amp: 0.75, inMs: 200, outMs: 350 });
    }
  });
  for (const n of nods) brows.push({ start: n.t - 60, end: n.t + 120, amp: 0.28, inMs: 100, outMs: 200 });

  // Gestures on cues, eased in at the sentence start and out at its end; a run of the same gesture
  // stays up, and a different gesture starts only once the previous one has come down.
  const spans: GestureSpan[] = [];
  let counted = 0;
  speech.sentences.forEach((s, i) => {
    const cue = script.sentences[i]?.cue;
    if (cue === undefined || cue.gesture === 'none' || cue.gesture === 'nod') return;
    if (cue.gesture === 'count') counted++;
    const fingers = cue.gesture === 'count' ? Math.min(3, Math.max(1, cue.pointIndex !== null ? cue.pointIndex + 1 : counted)) : 1;
    const last = spans[spans.length - 1];
    if (last !== undefined && last.gesture === cue.gesture && last.fingers === fingers && s.startMs - last.end < 600) {
      last.end = s.endMs;
      return;
    }
    if (last !== undefined && s.startMs < last.end + last.outMs) {
      last.outMs = Math.max(150, Math.min(GESTURE_OUT_MS, s.startMs - last.end));
      if (last.end + last.outMs > s.startMs) last.end = s.startMs - last.outMs;
    }
    spans.push({ gesture: cue.gesture, start: s.startMs - 80, end: Math.max(s.startMs + 600, s.endMs - 120), outMs: GESTURE_OUT_MS, fingers });
  });

  // Gaze: mostly at the camera, small glances; toward the product when pointing.
  const gaze: Gaze[] = [{ t: 0, x: 0, y: 0 }];
  for (let t = 1500 + rand() * 2000; t < durationMs; t += 1200 + rand() * 2600) {
    const away = rand() < 0.35;
    gaze.push({ t, x: away ? (rand() - 0.5) * 0.7 : (rand() - 0.5) * 0.15, y: away ? (rand() - 0.6) * 0.4 : 0 });
    if (away) gaze.push({ t: t + 300 + rand() * 400, x: 0, y: 0 });
  }
  for (const sp of spans) {
    if (sp.gesture !== 'point') continue;
    gaze.push({ t: sp.start + 150, x: 0.85 * toward, y: 0.05 }, { t: sp.start + 900, x: 0, y: 0 });
  }
  gaze.sort((a, b) => a.t - b.t);

  const phase = Array.from({ length: 6 }, () => rand() * Math.PI * 2);
  const TAU = Math.PI * 2;

  function gazeAt(t: number): { x: number; y: number } {
    let i = 0;
    while (i + 1 < gaze.length && gaze[i + 1]!.t <= t) i++;
    const cur = gaze[i]!;
    const prev = gaze[i - 1] ?? cur;
    const k = smoothstep((t - cur.t) / 70); // saccades are fast
    return { x: lerp(prev.x, cur.x, k), y: lerp(prev.y, cur.y, k) };
  }

  function poseAt(frame: number): AvatarPose {
    const f = Math.max(0, Math.min(frameCount - 1, Math.round(frame)));
    const t = f * frameMs;
    const lively = talk[f]!;

    let blink = 0;
    for (const b of blinks) {
      if (b > t) break;
      blink = Math.max(blink, blinkProfile(t - b));
    }

    let nod = 0;
    for (const n of nods) if (t >= n.t && t <= n.t + NOD_MS) nod = Math.max(nod, nodProfile(t - n.t) * n.amp);

    let brow = 0;
    for (const b of brows) brow = Math.max(brow, b.amp * envelope(t, b.start, b.end, b.inMs, b.outMs));

    let gesture: Gesture = 'none';
    let amount = 0;
    let fingers = 1;
    for (const sp of spans) {
      const a = envelope(t, sp.start, sp.end, GESTURE_IN_MS, sp.outMs);
      if (a > amount) {
        amount = a;
        gesture = sp.gesture;
        fingers = sp.fingers;
      }
    }
    // Hands beat lightly with the voice while held.
    if (amount > 0) amount = clamp01(amount * (0.94 + 0.06 * open[f]!));
    const nodCue = nods.length > 0 && gesture === 'none' && nod > 0.035;
    if (nodCue) {
      gesture = 'nod';
      amount = clamp01(nod / 0.05);
    }

    const breathe = 0.5 - 0.5 * Math.cos((TAU * t) / lerp(4200, 3300, lively) + phase[0]!);
    const sway = Math.sin((TAU * t) / 5300 + phase[1]!) * 1.3 + Math.sin((TAU * t) / 2900 + phase[2]!) * 0.6;
    const talkSway = Math.sin((TAU * t) / 1700 + phase[3]!) * 1.6 * lively;
    const { x: lookX, y: lookY } = gazeAt(t);

    return {
      viseme: visemes[f]!,
      mouthOpen: open[f]!,
      mouthShape: shapes[f]!,
      blink,
      headTiltDeg: sway + talkSway + (gesture === 'point' ? 2.5 * amount * toward : 0),
      headOffsetX: Math.sin((TAU * t) / 6100 + phase[4]!) * 0.012 + Math.sin((TAU * t) / 2300 + phase[5]!) * 0.008 * lively,
      headOffsetY: nod + (0.5 - breathe) * 0.006,
      breathe,
      browRaise: clamp01(brow),
      lookX,
      lookY,
      gesture,
      gestureAmount: amount,
      countFingers: fingers,
      timeMs: t,
    };
  }

  return { fps, durationMs, frameCount, visemes, poseAt };
}

/**
 * Each frame's mouth shape numbers blended 1-2-1 with its neighbours' (as the opening is): a
 * shape change eases over 2-3 frames instead of snapping.
 */
export function easedMouthShapes(visemes: readonly Viseme[]): MouthShape[] {
  const raw = visemes.map(mouthShapeOf);
  return raw.map((self, f) => {
    const prev = raw[f - 1] ?? self;
    const next = raw[f + 1] ?? self;
    const mix = (k: keyof MouthShape) => 0.25 * prev[k] + 0.5 * self[k] + 0.25 * next[k];
    return { width: mix('width'), round: mix('round'), teeth: mix('teeth') };
  });
}

/** A per-frame list cut or padded (with `rest`) to `n` frames. */
function fitFrames<T>(list: readonly T[], n: number, rest: T): T[] {
  return Array.from({ length: n }, (_, f) => (f < list.length ? list[f]! : rest));
}
