/**
 * Where speech starts and ends in a frame energy track (dB, one value a frame). The threshold sits
 * between the noise floor (10th percentile) and the loud speech (95th percentile): 35 % of the way
 * up from the floor, and never more than 45 dB under the speech. A run counts as speech only when
 * it is loud for MIN_RUN frames out of a window of twice that, so a click or a breath in the noise
 * before the first word does not start the speech.
 */

const MIN_RUN = 6;

const percentile = (sorted: Float32Array, q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * (sorted.length - 1))))]!;

export interface SpeechSpan {
  /** First speech frame. */
  start: number;
  /** One past the last speech frame. */
  end: number;
  thresholdDb: number;
}

export function findSpeech(energyDb: Float32Array): SpeechSpan | null {
  const n = energyDb.length;
  if (n === 0) return null;
  const sorted = Float32Array.from(energyDb).sort();
  const floor = Math.max(percentile(sorted, 0.1), -100);
  const loud = percentile(sorted, 0.95);
  if (loud - floor < 10) return null; // no speech over the noise
  const thresholdDb = Math.max(loud - 45, floor + 0.35 * (loud - floor));
  const loudAt = (f: number) => energyDb[f]! > thresholdDb;
  const window = MIN_RUN * 2;
  const isSpeechAt = (f: number, dir: 1 | -1) => {
    let count = 0;
    for (let k = 0; k < window; k++) {
      const g = f + dir * k;
      if (g < 0 || g >= n) break;
      if (loudAt(g)) count++;
    }
    return loudAt(f) && count >= MIN_RUN;
  };
  let start = -1;
  for (let f = 0; f < n && start < 0; f++) if (isSpeechAt(f, 1)) start = f;
  if (start < 0) return null;
  let end = -1;
  for (let f = n - 1; f >= start && end < 0; f--) if (isSpeechAt(f, -1)) end = f + 1;
  return { start, end, thresholdDb };
}
