/**
 * Faces and their 68 landmarks in a photo, with the models shipped inside @vladmandic/face-api
 * (SSD MobileNet v1 detector, 68-point landmark net) on TensorFlow.js's WASM backend, whose .wasm
 * files ship in @tensorflow/tfjs-backend-wasm. Nothing is fetched at run time. Loaded once per
 * thread; runs in the face worker (face.pool.ts), never on the server's event loop.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

const require = createRequire(import.meta.url);

export interface DetectedFace {
  score: number;
  box: { x: number; y: number; width: number; height: number };
  /** 68 points (iBUG 300-W order) in image pixels. */
  landmarks: Array<[number, number]>;
  /** face-api's age/gender model: apparent age in years, gender and its probability. */
  age: number;
  gender: string;
  genderProbability: number;
}

export interface FaceScan {
  width: number;
  height: number;
  faces: DetectedFace[];
}

/** Longest side the detector sees; landmarks are scaled back to the photo's pixels. */
const DETECT_MAX_SIDE = 1280;
const MIN_SCORE = 0.5;

type FaceApi = typeof import('@vladmandic/face-api');
type Tf = typeof import('@tensorflow/tfjs');

let backend: Promise<Tf> | null = null;
let loaded: Promise<{ tf: Tf; faceapi: FaceApi }> | null = null;

/** TensorFlow.js on its WASM backend, once per thread (the face and person models share it). */
export function ensureBackend(): Promise<Tf> {
  backend ??= (async () => {
    const tf = require('@tensorflow/tfjs') as Tf;
    const wasm = require('@tensorflow/tfjs-backend-wasm') as typeof import('@tensorflow/tfjs-backend-wasm');
    // A directory prefix and no platform fetch: emscripten reads the .wasm from disk.
    wasm.setWasmPaths(`${dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`, false);
    await tf.setBackend('wasm');
    await tf.ready();
    return tf;
  })();
  return backend;
}

function load(): Promise<{ tf: Tf; faceapi: FaceApi }> {
  loaded ??= (async () => {
    const tf = await ensureBackend();
    const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    const models = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
    await faceapi.nets.ageGenderNet.loadFromDisk(models);
    return { tf, faceapi };
  })();
  return loaded;
}

/** Decodes `image` (any format sharp reads) and finds every face with score ≥ 0.5. */
export async function detectFaces(image: Uint8Array): Promise<FaceScan> {
  const { tf, faceapi } = await load();
  const img = sharp(image, { failOn: 'error' }).rotate();
  const meta = await img.metadata();
  const { data, info } = await img
    .resize({ width: DETECT_MAX_SIDE, height: DETECT_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const width = meta.autoOrient?.width ?? meta.width ?? info.width;
  const height = meta.autoOrient?.height ?? meta.height ?? info.height;
  const k = width / info.width;
  const tensor = tf.tensor3d(new Uint8Array(data.buffer, data.byteOffset, data.length), [info.height, info.width, 3], 'int32');
  try {
    const found = await faceapi
      .detectAllFaces(tensor as never, new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_SCORE, maxResults: 10 }))
      .withFaceLandmarks()
      .withAgeAndGender();
    const faces = found.map((f) => ({
      score: f.detection.score,
      box: { x: f.detection.box.x * k, y: f.detection.box.y * k, width: f.detection.box.width * k, height: f.detection.box.height * k },
      landmarks: f.landmarks.positions.map((p): [number, number] => [p.x * k, p.y * k]),
      age: f.age,
      gender: f.gender,
      genderProbability: f.genderProbability,
    }));
    return { width, height, faces };
  } finally {
    tensor.dispose();
  }
}
