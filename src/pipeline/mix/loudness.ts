/**
 * ITU-R BS.1770-4 integrated loudness (LUFS) of PCM in memory: K-weighting, 400 ms blocks with
 * 75 % overlap, absolute gate -70 LUFS, relative gate -10 LU. Sets the music bed against the voice
 * and gives the mixer its first-guess gain; ffmpeg's ebur128 measures the mix itself.
 */

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** K-weighting for any sample rate (the 48 kHz coefficients of the standard, re-derived). */
function kWeighting(sampleRate: number): [Biquad, Biquad] {
  // Stage 1: high shelf (+4 dB above ~1.7 kHz, the head's effect).
  const f0 = 1681.974450955533;
  const G = 3.999843853973347;
  const Q = 0.7071752369554196;
  const K = Math.tan((Math.PI * f0) / sampleRate);
  const Vh = Math.pow(10, G / 20);
  const Vb = Math.pow(Vh, 0.4996667741545416);
  const a0 = 1 + K / Q + K * K;
  const shelf: Biquad = {
    b0: (Vh + (Vb * K) / Q + K * K) / a0,
    b1: (2 * (K * K - Vh)) / a0,
    b2: (Vh - (Vb * K) / Q + K * K) / a0,
    a1: (2 * (K * K - 1)) / a0,
    a2: (1 - K / Q + K * K) / a0,
  };
  // Stage 2: high pass (RLB curve) at ~38 Hz.
  const f1 = 38.13547087602444;
  const Q1 = 0.5003270373238773;
  const K1 = Math.tan((Math.PI * f1) / sampleRate);
  const d = 1 + K1 / Q1 + K1 * K1;
  const highPass: Biquad = { b0: 1, b1: -2, b2: 1, a1: (2 * (K1 * K1 - 1)) / d, a2: (1 - K1 / Q1 + K1 * K1) / d };
  return [shelf, highPass];
}

/**
 * Integrated loudness of one or more channels (each an array of samples at full scale ±1, or
 * Int16 with `scale` 1/32768). Returns -Infinity for silence. One pass per channel: both
 * K-weighting stages run inline and squares are summed into 100 ms steps (a block is 4 steps).
 */
export function integratedLoudness(channels: readonly ArrayLike<number>[], sampleRate: number, scale = 1): number {
  const [s, h] = kWeighting(sampleRate);
  const step = Math.round(0.1 * sampleRate);
  const len = channels[0]?.length ?? 0;
  const steps = Math.floor(len / step);
  if (steps < 4) return -Infinity;
  const stepPower = new Float64Array(steps);
  for (const x of channels) {
    let [x1, x2, y1, y2, z1, z2] = [0, 0, 0, 0, 0, 0];
    for (let k = 0; k < steps; k++) {
      let acc = 0;
      for (let i = k * step, end = i + step; i < end; i++) {
        const xi = x[i]! * scale;
        const y = s.b0 * xi + s.b1 * x1 + s.b2 * x2 - s.a1 * y1 - s.a2 * y2;
        x2 = x1;
        x1 = xi;
        const z = h.b0 * y + h.b1 * y1 + h.b2 * y2 - h.a1 * z1 - h.a2 * z2;
        y2 = y1;
        y1 = y;
        z2 = z1;
        z1 = z;
        acc += z * z;
      }
      stepPower[k]! += acc;
    }
  }
  const powers: number[] = [];
  for (let k = 0; k + 4 <= steps; k++) powers.push((stepPower[k]! + stepPower[k + 1]! + stepPower[k + 2]! + stepPower[k + 3]!) / (4 * step));
  const lufs = (p: number) => -0.691 + 10 * Math.log10(p);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const abs = powers.filter((p) => lufs(p) > -70);
  if (abs.length === 0) return -Infinity;
  const relGate = lufs(mean(abs)) - 10;
  const rel = abs.filter((p) => lufs(p) > relGate);
  return rel.length ? lufs(mean(rel)) : -Infinity;
}
