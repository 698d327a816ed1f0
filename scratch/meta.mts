import { readOnnxMetadata, metadataEntries } from '../src/pipeline/speech/models/onnx-meta.ts';
import { tinyPiperModel } from '../test/support/tiny-piper.ts';
const m = tinyPiperModel({ metadata: { n_speakers: null } });
console.log(readOnnxMetadata(m));
const m2 = Buffer.concat([m, metadataEntries({ n_speakers: '1' })]);
console.log(readOnnxMetadata(m2));
try { readOnnxMetadata(Buffer.from('not an onnx model at all')); } catch (e) { console.log('err', (e as Error).message); }
