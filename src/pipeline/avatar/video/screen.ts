/**
 * What is behind the person in a video presenter's clip (pure; docs/avatars.md "Video
 * presenters"): the person's own background (kept), a green screen (keyed out: the presenter is a
 * cut-out) or nothing (a clip with alpha: the presenter is a cut-out, its alpha kept).
 *
 * A green screen is told from the clip's border band (the outer BORDER share of the left, right
 * and top edges; the bottom is usually the person's body): in most sampled frames most of the band
 * is a saturated green (G above both R and B by GREEN_MARGIN). The key colour is the band's median
 * green; ffmpeg keys it per frame (chromakey in YUV, then despill takes the green cast off the
 * edges and hair).
 */

/** A clip's screen: its own background, a green screen (with the key colour, #rrggbb), or alpha. */
export type ClipScreen = { kind: 'own' } | { kind: 'green'; key: string } | { kind: 'alpha' };

/** A cut-out presenter (a green screen keyed, or a clip with alpha). */
export type CutoutKind = 'green' | 'alpha';

export const cutoutOf = (s: ClipScreen): CutoutKind | null => (s.kind === 'own' ? null : s.kind);

/** Outer share of the frame's width (sides) and height (top) that forms the border band. */
export const BORDER = 0.08;
/** G must exceed both R and B by this (0..255) and be at least GREEN_MIN for a pixel to count as screen green. */
export const GREEN_MARGIN = 50;
export const GREEN_MIN = 90;
/** Share of the border band that must be screen green in a frame, and share of frames that must show it. */
export const GREEN_BAND_SHARE = 0.6;
export const GREEN_FRAME_SHARE = 0.6;

/** Whether a pixel is a saturated (screen) green. */
export const isScreenGreen = (r: number, g: number, b: number): boolean => g >= GREEN_MIN && g - r >= GREEN_MARGIN && g - b >= GREEN_MARGIN;

/** An RGB frame (rgb24). */
export interface RgbFrame { rgb: Uint8Array; width: number; height: number }

/** The green screen of a clip from a few frames, or null: its key colour and the measured shares. */
export function greenScreenOf(frames: readonly RgbFrame[]): { key: string; bandShare: number; frameShare: number } | null {
  if (frames.length === 0) return null;
  const rs: number[] = [], gs: number[] = [], bs: number[] = [];
  const shares: number[] = [];
  for (const { rgb, width: W, height: H } of frames) {
    const bx = Math.max(1, Math.round(W * BORDER));
    const by = Math.max(1, Math.round(H * BORDER));
    let n = 0, green = 0;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        if (!(x < bx || x >= W - bx || y < by)) continue;
        const o = (y * W + x) * 3;
        const r = rgb[o]!, g = rgb[o + 1]!, b = rgb[o + 2]!;
        n++;
        if (isScreenGreen(r, g, b)) {
          green++;
          if ((x + y) % 3 === 0) { rs.push(r); gs.push(g); bs.push(b); }
        }
      }
    }
    shares.push(n ? green / n : 0);
  }
  const framesGreen = shares.filter((s) => s >= GREEN_BAND_SHARE).length / shares.length;
  const sorted = shares.slice().sort((a, b) => a - b);
  const bandShare = sorted[sorted.length >> 1]!;
  if (framesGreen < GREEN_FRAME_SHARE || rs.length === 0) return null;
  const med = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;
  const hex = (v: number) => v.toString(16).padStart(2, '0');
  return { key: `#${hex(med(rs))}${hex(med(gs))}${hex(med(bs))}`, bandShare, frameShare: framesGreen };
}

/** Pixel formats with an alpha plane (ffprobe pix_fmt), e.g. yuva420p (VP9), yuva444p10le (ProRes 4444), rgba/argb (PNG, qtrle). */
export function pixFmtHasAlpha(pixFmt: string): boolean {
  return /^(yuva|rgba|argb|bgra|abgr|gbrap|ya8|ya16|rgba64|bgra64|ayuv)/.test(pixFmt);
}

/** Chromakey similarity and blend (ffmpeg chromakey, YUV distance 0..1) for a green screen. */
export const KEY_SIMILARITY = 0.16;
export const KEY_BLEND = 0.08;

/** The ffmpeg filter that turns a clip's frames into the cut-out (RGBA out), or null for a clip that keeps its background. */
export function cutoutFilter(s: ClipScreen): string | null {
  if (s.kind === 'green') return `format=yuv444p,chromakey=color=0x${s.key.slice(1)}:similarity=${KEY_SIMILARITY}:blend=${KEY_BLEND},despill=type=green:mix=0.6:expand=0.1,format=yuva444p`;
  if (s.kind === 'alpha') return 'format=yuva444p';
  return null;
}
