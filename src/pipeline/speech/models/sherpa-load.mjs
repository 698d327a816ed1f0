// Loading sherpa-onnx-node and a voice model: shared by the synthesis worker (neural.worker.mjs)
// and the load probe (model-probe.mjs). Plain JavaScript: both run without a TypeScript loader.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** sherpa-onnx-node, or null when the package (or its native part) is not installed. */
export function sherpa() {
  try {
    return require('sherpa-onnx-node');
  } catch {
    return null;
  }
}

/** One OfflineTts for an engine config (see model-folder.ts); one thread each, the pool gives the parallelism. */
export function loadTts(engineConfig) {
  const s = sherpa();
  if (!s) throw new Error('sherpa-onnx-node is not installed');
  return new s.OfflineTts({ model: { ...engineConfig, numThreads: 1, debug: false, provider: 'cpu' }, maxNumSentences: 1 });
}

/** Median fundamental frequency (Hz) of the voiced 40 ms frames, by autocorrelation; 0 when none is voiced. */
export function medianF0(samples, sampleRate) {
  const win = Math.round(sampleRate * 0.04);
  const hop = Math.round(sampleRate * 0.02);
  const minLag = Math.floor(sampleRate / 400);
  const maxLag = Math.ceil(sampleRate / 60);
  let peak = 0;
  for (const x of samples) peak = Math.max(peak, Math.abs(x));
  const f0s = [];
  for (let at = 0; at + win + maxLag < samples.length; at += hop) {
    let energy = 0;
    for (let i = at; i < at + win; i++) energy += samples[i] * samples[i];
    if (Math.sqrt(energy / win) < peak * 0.1) continue;
    let best = 0;
    let bestLag = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let sum = 0;
      for (let i = at; i < at + win; i++) sum += samples[i] * samples[i + lag];
      if (sum > best) {
        best = sum;
        bestLag = lag;
      }
    }
    if (bestLag && best > energy * 0.5) f0s.push(sampleRate / bestLag);
  }
  if (f0s.length === 0) return 0;
  f0s.sort((a, b) => a - b);
  return f0s[Math.floor(f0s.length / 2)];
}
