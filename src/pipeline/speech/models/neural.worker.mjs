// The synthesis side of the neural-voice pool (neural.pool.ts): one piscina worker thread keeps the
// models it has used loaded (sherpa-onnx-node, onnxruntime inside) and speaks one sentence a call.
// Models reach here only after the load probe passed (model-probe.mjs).
import { loadTts } from './sherpa-load.mjs';

const loaded = new Map();

/** {engineConfig, text, sid, speed} → {samples: Float32Array, sampleRate}. */
export default function speak({ engineConfig, text, sid, speed }) {
  const key = JSON.stringify(engineConfig);
  let tts = loaded.get(key);
  if (!tts) {
    tts = loadTts(engineConfig);
    loaded.set(key, tts);
  }
  const audio = tts.generate({ text, sid, speed });
  const samples = Float32Array.from(audio.samples ?? []);
  return { samples, sampleRate: audio.sampleRate };
}
