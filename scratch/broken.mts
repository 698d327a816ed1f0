import { tinyPiperModel, tinyTokens } from '../test/support/tiny-piper.ts';
import fs from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const sherpa = require('sherpa-onnx-node');
const kind = process.argv[2];
fs.mkdirSync('/tmp/h25-b', { recursive: true });
fs.writeFileSync('/tmp/h25-b/tokens.txt', tinyTokens());
if (kind === 'corrupt') fs.writeFileSync('/tmp/h25-b/m.onnx', Buffer.from('not an onnx model at all'));
if (kind === 'nometa') fs.writeFileSync('/tmp/h25-b/m.onnx', tinyPiperModel({ metadata: { n_speakers: null } }));
if (kind === 'notokens') { fs.writeFileSync('/tmp/h25-b/m.onnx', tinyPiperModel()); fs.rmSync('/tmp/h25-b/tokens.txt'); }
try {
  const tts = new sherpa.OfflineTts({ model: { vits: { model: '/tmp/h25-b/m.onnx', tokens: '/tmp/h25-b/tokens.txt', dataDir: '/usr/lib/x86_64-linux-gnu/espeak-ng-data' }, numThreads: 1, debug: false, provider: 'cpu' }, maxNumSentences: 1 });
  console.log('loaded', tts.generate({ text: 'hi', sid: 0, speed: 1 }).samples.length);
} catch (e) { console.log('threw', (e as Error).message); }
