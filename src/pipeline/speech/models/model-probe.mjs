// Loads one voice model and speaks one sentence, in its own process: sherpa-onnx ends the whole
// process (abort or exit) on a corrupt file or missing metadata, so a model is tried here before
// the server's worker threads ever load it (model-probe.ts).
// argv[2]: JSON {engineConfig, text, sid}. Prints JSON {sampleRate, numSpeakers, samples, f0} and exits 0.
import { loadTts, medianF0 } from './sherpa-load.mjs';

const { engineConfig, text, sid } = JSON.parse(process.argv[2]);
const tts = loadTts(engineConfig);
const audio = tts.generate({ text, sid, speed: 1 });
if (!audio.samples || audio.samples.length === 0) {
  process.stderr.write('the model produced no audio\n');
  process.exit(3);
}
process.stdout.write(JSON.stringify({ sampleRate: audio.sampleRate, numSpeakers: tts.numSpeakers, samples: audio.samples.length, f0: medianF0(audio.samples, audio.sampleRate) }) + '\n');
