/**
 * A clip's tracked face judged and cut (pure): the per-frame landmarks smoothed over time, the
 * reasons a clip cannot be a presenter (each one something the user can fix), and the idle loop
 * (mouth closed or nearly, head steady, eyes open) the presenter plays. See docs/avatars.md
 * "Video presenters".
 */
import { guessAgeGender } from '../apparent.ts';
import type { FrameSample, VideoTrackResult } from './face-video.task.ts';

export type Pt = [number, number];

export const MIN_CLIP_S = 10;
export const MAX_CLIP_S = 300;
export const MIN_FACE_PX = 256;
/** Mean luma of the face under this: too dark. */
export const MIN_LIGHT = 55;
/**
 * Face sharpness (face-video.task.ts lightAndSharpness: Laplacian variance of the face area-averaged
 * to 64 px, over its variance, ×1000) under this: too blurred. Measured on the sample portrait's
 * clip (bench/video-blur.ts; docs/avatars.md): sharp 246-250 at faces of 174-275 px, ffmpeg gblur
 * sigma 1 → 196, 2 → 124, 3 → 77; from sigma 4 the detector no longer finds the face.
 */
export const MIN_SHARPNESS = 100;
/** No face found and the frames' sharpness (the same score on the whole frame) under this: the clip is too blurred to see one (sharp 800, gblur sigma 4 → 460). */
export const MIN_FRAME_SHARPNESS = 500;
/** Head turned more than this (approximate yaw from the nose between the cheeks). */
export const MAX_YAW_DEG = 30;
/** Share of frames that must have the face. */
export const MIN_TRACKED_SHARE = 0.8;
/** The loop's forward half (it plays forward then back): 2-7.5 s, so the loop is 4-15 s. */
export const LOOP_HALF_MIN_S = 2;
export const LOOP_HALF_MAX_S = 7.5;

/** The per-frame landmarks as points (null where lost), smoothed by a centred window of ±`radius` frames. */
export function smoothLandmarks(raw: ReadonlyArray<readonly number[] | null>, radius = 2): Array<Pt[] | null> {
  return raw.map((lm, f) => {
    if (!lm) return null;
    const out: Pt[] = [];
    for (let i = 0; i < 68; i++) {
      let x = 0, y = 0, w = 0;
      for (let d = -radius; d <= radius; d++) {
        const o = raw[f + d];
        if (!o) continue;
        const k = radius + 1 - Math.abs(d);
        x += o[i * 2]! * k;
        y += o[i * 2 + 1]! * k;
        w += k;
      }
      out.push([x / w, y / w]);
    }
    return out;
  });
}

const dist = (a: Pt, b: Pt) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Nose bridge to chin: the face's unit length. */
export const faceUnit = (p: readonly Pt[]) => dist(p[27]!, p[8]!);
/** Inner lips' gap over the face unit (0 closed; ~0.1 open). */
export const mouthGap = (p: readonly Pt[]) => dist(p[62]!, p[66]!) / faceUnit(p);
/** Eyelid gap over eye width, both eyes' mean (~0.25-0.35 open, <0.12 shut). */
export const eyeOpen = (p: readonly Pt[]) =>
  ((dist(p[37]!, p[41]!) + dist(p[38]!, p[40]!)) / (2 * dist(p[36]!, p[39]!)) + (dist(p[43]!, p[47]!) + dist(p[44]!, p[46]!)) / (2 * dist(p[42]!, p[45]!))) / 2;
/**
 * Approximate head turn in degrees from where the nose tip sits between the jaw's ends (points 0
 * and 16, measured along the line joining them, so a tilted head reads the same). The head is
 * taken as a cylinder whose radius is 1.15 × half the jaw's width (the jaw's ends at ±60° on it,
 * near the ears): turned by θ with both ends in sight, the nose sits at a share
 * a = ½ + tan θ (1 − cos 60°) / (2 sin 60°) of the way, so θ = atan((2a − 1) · sin 60° / (1 − cos 60°)).
 * Beyond 30° the far end is the head's outline and the formula reads a little low (45° → ~43°).
 */
export function yawDeg(p: readonly Pt[]): number {
  const l = p[0]!, r = p[16]!, n = p[30]!;
  const w = dist(l, r);
  const along = ((n[0] - l[0]) * (r[0] - l[0]) + (n[1] - l[1]) * (r[1] - l[1])) / (w * w);
  const phi = Math.PI / 3;
  return (Math.atan(((2 * along - 1) * Math.sin(phi)) / (1 - Math.cos(phi))) * 180) / Math.PI;
}

export interface ClipFacts {
  durationS: number;
  fps: number;
  width: number;
  height: number;
}

export type ClipVerdict = { ok: true; landmarks: Pt[][]; gender?: 'male' | 'female'; age?: number } | { ok: false; reason: string };

/** Whether a tracked clip can be a presenter, and why not (CONTRACT §13; docs/avatars.md). */
export function judgeClip(facts: ClipFacts, t: VideoTrackResult): ClipVerdict {
  if (facts.durationS < MIN_CLIP_S) return { ok: false, reason: `the clip is ${facts.durationS.toFixed(1)} s long; it must be ${MIN_CLIP_S} s to ${MAX_CLIP_S / 60} min` };
  if (facts.durationS > MAX_CLIP_S + 0.5) return { ok: false, reason: `the clip is ${facts.durationS.toFixed(0)} s long; it must be ${MIN_CLIP_S} s to ${MAX_CLIP_S / 60} min (cut it shorter)` };
  const withFace = t.samples.filter((s) => s.faces > 0);
  const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[xs.length >> 1]!;
  if (t.frames > 0 && withFace.length === 0 && t.samples.length > 0 && median(t.samples.map((s) => s.frameLight)) < MIN_LIGHT) {
    return { ok: false, reason: 'no face could be seen: the clip is too dark; film in more light' };
  }
  if (t.frames > 0 && withFace.length === 0 && t.samples.length > 0 && median(t.samples.map((s) => s.frameSharpness)) < MIN_FRAME_SHARPNESS) {
    return { ok: false, reason: 'no face could be seen: the clip is too blurred; hold the camera still and keep the face in focus' };
  }
  if (t.frames === 0 || withFace.length === 0) return { ok: false, reason: 'no face was found in the clip; film one person facing the camera' };
  const several = t.samples.filter((s) => s.faces > 1).length;
  if (several > t.samples.length * 0.2) return { ok: false, reason: 'several faces were found in the clip; film one person alone' };
  // Before the face's size: a turned face looks narrower than it is.
  const smooth = smoothLandmarks(t.landmarks);
  const yaws = smooth.filter((p): p is Pt[] => p !== null).map((p) => Math.abs(yawDeg(p)));
  const turned = yaws.length ? median(yaws) : 0;
  if (turned > MAX_YAW_DEG) return { ok: false, reason: `the head is turned about ${Math.round(turned)} degrees; face the camera (at most about ${MAX_YAW_DEG} degrees)` };
  const size = median(withFace.map((s) => s.faceSize));
  if (size < MIN_FACE_PX) return { ok: false, reason: `the face is ${Math.round(size)} px; it must be at least ${MIN_FACE_PX} px (film closer or at a higher resolution)` };
  const light = median(withFace.map((s) => s.light));
  if (light < MIN_LIGHT) return { ok: false, reason: `the face is too dark (mean brightness ${Math.round(light)} of 255); film in more light` };
  const sharp = median(withFace.map((s) => s.sharpness));
  if (sharp < MIN_SHARPNESS) return { ok: false, reason: `the face is too blurred (sharpness ${Math.round(sharp)}, at least ${MIN_SHARPNESS} needed); hold the camera still and keep the face in focus` };
  const tracked = t.landmarks.filter(Boolean).length;
  if (tracked < t.frames * MIN_TRACKED_SHARE) return { ok: false, reason: `the face is visible in only ${Math.round((tracked / t.frames) * 100)} % of the clip; keep the face in the frame` };
  // Fill lost frames with the nearest tracked one, so every frame has landmarks.
  const filled: Pt[][] = [];
  let last: Pt[] | null = smooth.find((p) => p !== null) ?? null;
  for (const p of smooth) {
    if (p) last = p;
    filled.push(last!);
  }
  const verdict: ClipVerdict = { ok: true, landmarks: filled };
  const ag = guessAgeGender(t.samples);
  if (ag) Object.assign(verdict, ag);
  return verdict;
}

export interface IdleLoop {
  /** First and last frame (inclusive) of the forward half; the loop plays them forward then back. */
  start: number;
  end: number;
  /** The worst frame's mouth gap, the head's drift (face units) and the mean eye opening in it. */
  mouth: number;
  drift: number;
  eyes: number;
}

/**
 * The idle segment to loop: of the windows of LOOP_HALF_MIN_S..MAX_S seconds (stepped by ½ s),
 * the longest-lasting calm one — lowest score of mouth opening, head motion and closed eyes.
 * Played forward then back, its two joins are the same frame: no jump.
 */
export function pickIdleLoop(lm: readonly Pt[][], fps: number): IdleLoop {
  const n = lm.length;
  const gap = lm.map(mouthGap);
  const eyes = lm.map(eyeOpen);
  const unit = lm.map(faceUnit);
  const centre = lm.map((p) => {
    let x = 0, y = 0;
    for (const q of p) { x += q[0]; y += q[1]; }
    return [x / 68, y / 68] as Pt;
  });
  const minLen = Math.min(n, Math.round(LOOP_HALF_MIN_S * fps));
  const maxLen = Math.min(n, Math.round(LOOP_HALF_MAX_S * fps));
  const step = Math.max(1, Math.round(fps / 2));
  let best: IdleLoop & { score: number } | null = null;
  for (let len = maxLen; len >= minLen; len -= step) {
    for (let s = 0; s + len <= n; s += step) {
      let mouth = 0, drift = 0, eyeSum = 0;
      const c0 = centre[s]!;
      for (let f = s; f < s + len; f++) {
        mouth = Math.max(mouth, gap[f]!);
        drift = Math.max(drift, dist(centre[f]!, c0) / unit[f]!);
        eyeSum += eyes[f]!;
      }
      const eyeMean = eyeSum / len;
      // Calm first; a longer loop wins among calm ones (it repeats less often).
      const score = Math.max(0, mouth - 0.02) * 10 + drift * 4 + Math.max(0, 0.22 - eyeMean) * 5 - (len / fps) * 0.01;
      if (!best || score < best.score) best = { start: s, end: s + len - 1, mouth, drift, eyes: eyeMean, score };
    }
  }
  const { score: _s, ...loop } = best ?? { start: 0, end: n - 1, mouth: 0, drift: 0, eyes: 0, score: 0 };
  return loop;
}
