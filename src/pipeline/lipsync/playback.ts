/**
 * Which frame of the clip each frame of a lip-sync video shows (pure). The output lasts as long
 * as the new audio:
 * - the audio is shorter than the clip: the clip is cut at the audio's end (both types);
 * - the audio is longer: `normal` plays the clip again from its start (loop forward),
 *   `normal_reverse` plays it backward to its start, then forward again (a ping-pong, no jump).
 * See docs/api.md "Lip-sync".
 */
export const PLAYBACK_TYPES = ['normal', 'normal_reverse'] as const;
export type PlaybackType = (typeof PLAYBACK_TYPES)[number];

/** The clip frame (0..clipFrames-1) shown at output frame `f`. */
export function clipFrameAt(playback: PlaybackType, f: number, clipFrames: number): number {
  const n = Math.max(1, clipFrames);
  if (n === 1) return 0;
  if (playback === 'normal') return f % n;
  const period = 2 * n - 2;
  const p = f % period;
  return p < n ? p : period - p;
}
