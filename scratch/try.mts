import { writeTinyVoice } from '/work/wt/h25/test/support/tiny-piper.ts';
import { createRequire } from 'node:module';
const require = createRequire('/work/wt/h25/package.json');
const sherpa = require('sherpa-onnx-node');
const dir = await writeTinyVoice('/tmp/h25-voice', 'en_US-tiny-medium');
const tts = new sherpa.OfflineTts({ model: { vits: { model: dir + '/en_US-tiny-medium.onnx', tokens: dir + '/tokens.txt', dataDir: '/usr/lib/x86_64-linux-gnu/espeak-ng-data' }, numThreads: 1, debug: false, provider: 'cpu' }, maxNumSentences: 1 });
console.log(tts.numSpeakers, tts.sampleRate);
for (const [t, s] of [['Hello world.', 1], ['Hello world, this is a longer sentence.', 1], ['Hello world.', 0.5]] as const) {
  const a = tts.generate({ text: t, sid: 0, speed: s });
  console.log(t, s, a.samples.length, a.sampleRate);
}
