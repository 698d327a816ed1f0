/**
 * Tiny stand-ins for the other model families sherpa-onnx speaks with, made at test time like
 * tiny-piper.ts: the inputs, outputs, metadata and side files sherpa-onnx 1.13 reads (its
 * offline-tts-kokoro-model.cc, offline-tts-kitten-model.cc, offline-tts-matcha-model.cc,
 * vocoder.cc / hifigan-vocoder.cc), so the real engine loads them, phonemises with espeak-ng and
 * runs the graph. Every token is a burst of buzz, louder for higher ids, so the audio's length
 * follows the phoneme count and the speed.
 *
 * - Kokoro (StyleTTS 2): model.onnx (tokens int64 [1,N], style float [1,D], speed float [1] →
 *   audio float [T]), voices.bin (n_speakers × max_tokens × D floats: one style row per token
 *   count), tokens.txt; metadata sample_rate, n_speakers, has_espeak, version, voice,
 *   style_dim "max_tokens,1,D", speaker_names. Version 2 (multi-lingual) also needs lexicon files.
 * - Kitten: the same graph; voices.bin n_speakers × D; metadata model_type "kitten-tts",
 *   style_dim "1,D".
 * - Matcha (icefall): acoustic model (x int64 [1,N], x_length int64 [1], noise_scale float [1],
 *   length_scale float [1] → mel float [1,80,F]) + a HiFi-GAN vocoder (mel → audio [1,1,F×256],
 *   metadata model_type "hifigan"); metadata sample_rate, n_speakers, has_espeak, use_eos_bos,
 *   pad_id, voice.
 *
 * The speaker's style scales the loudness (speaker s: gain 0.5 + 0.15 s), so which speaker spoke
 * can be heard in the samples.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import onnxProto from 'onnx-proto';
import { buzz, encodeModel, f32, i64, node, SYMBOLS, tinyTokens, valueInfo } from './tiny-piper.ts';

const { onnx } = onnxProto;
const F = onnx.TensorProto.DataType.FLOAT;
const I = onnx.TensorProto.DataType.INT64;

export const STYLE_SAMPLE_RATE = 24_000;
/** Samples per phoneme token of the Kokoro/Kitten stand-in at speed 1 (50 ms). */
export const STYLE_SAMPLES_PER_TOKEN = 1_200;
export const KOKORO_MAX_TOKENS = 510;
const STYLE_DIM = 8;

export const MATCHA_SAMPLE_RATE = 22_050;
export const MEL_FRAMES_PER_TOKEN = 4;
export const HOP = 256;

export const speakerGain = (sid: number) => 0.5 + 0.15 * sid;

export interface TinyStyleOptions {
  speakers?: number;
  /** Metadata merged over the family's defaults; a key set to null is left out. */
  metadata?: Record<string, string | null>;
  /** voices.bin with this many floats too few (a corrupt style file). */
  truncateVoices?: number;
}

/** The Kokoro/Kitten graph: bursts per token × the style's first value, stretched by 1 / speed. */
function styleGraph(): InstanceType<typeof onnx.GraphProto> {
  return onnx.GraphProto.create({
    name: 'tiny-style-tts',
    node: [
      node('Cast', ['tokens'], ['xf'], { to: F }),
      node('Mul', ['xf', 'inv_vocab'], ['amp']),
      node('Add', ['amp', 'floor'], ['amp1']),
      node('Slice', ['style', 'zero', 'one', 'one'], ['gain']),
      node('Mul', ['amp1', 'gain'], ['amp2']),
      node('Unsqueeze', ['amp2', 'axis2'], ['amp3']),
      node('Mul', ['amp3', 'wave'], ['bursts']),
      node('Reshape', ['bursts', 'row'], ['y0']),
      node('Reciprocal', ['speed'], ['ls']),
      node('Concat', ['one_f', 'ls'], ['rs'], { axis: 0 }),
      node('Resize', ['y0', '', 'rs'], ['y1'], { mode: 'nearest' }),
      node('Reshape', ['y1', 'flat'], ['audio']),
    ],
    initializer: [
      f32('inv_vocab', [], [0.5 / SYMBOLS.length]),
      f32('floor', [], [0.3]),
      i64('zero', [0]),
      i64('one', [1]),
      i64('axis2', [2]),
      f32('wave', [1, 1, STYLE_SAMPLES_PER_TOKEN], buzz(STYLE_SAMPLES_PER_TOKEN, STYLE_SAMPLE_RATE)),
      i64('row', [1, -1]),
      i64('flat', [-1]),
      f32('one_f', [1], [1]),
    ],
    input: [valueInfo('tokens', I, [1, 'N']), valueInfo('style', F, [1, STYLE_DIM]), valueInfo('speed', F, [1])],
    output: [valueInfo('audio', F, ['T'])],
  });
}

function styles(speakers: number, rowsPerSpeaker: number, cut = 0): Buffer {
  const v = new Float32Array(speakers * rowsPerSpeaker * STYLE_DIM);
  for (let s = 0; s < speakers; s++) v.fill(speakerGain(s), s * rowsPerSpeaker * STYLE_DIM, (s + 1) * rowsPerSpeaker * STYLE_DIM);
  return Buffer.from(v.buffer, 0, (v.length - cut) * 4);
}

/** A Kokoro folder as sherpa-onnx ships one (kokoro-en-v0_19: model.onnx, voices.bin, tokens.txt; espeak-ng data from the system). */
export async function writeTinyKokoro(dir: string, opts: TinyStyleOptions & { voiceJson?: object; lexicons?: Record<string, string> } = {}): Promise<string> {
  const speakers = opts.speakers ?? 1;
  const names = ['af_bella', 'am_adam', 'bf_emma', 'bm_george', 'af_sky'].slice(0, speakers);
  await fs.mkdir(dir, { recursive: true });
  const meta = {
    model_type: 'kokoro', language: 'English', has_espeak: '1', sample_rate: String(STYLE_SAMPLE_RATE), version: '1', voice: 'en-us',
    style_dim: `${KOKORO_MAX_TOKENS},1,${STYLE_DIM}`, n_speakers: String(speakers), speaker_names: names.join(','), ...opts.metadata,
  };
  await fs.writeFile(path.join(dir, 'model.onnx'), encodeModel(styleGraph(), meta));
  await fs.writeFile(path.join(dir, 'voices.bin'), styles(speakers, KOKORO_MAX_TOKENS, opts.truncateVoices));
  await fs.writeFile(path.join(dir, 'tokens.txt'), tinyTokens());
  for (const [f, text] of Object.entries(opts.lexicons ?? {})) await fs.writeFile(path.join(dir, f), text);
  if (opts.voiceJson) await fs.writeFile(path.join(dir, 'voice.json'), JSON.stringify(opts.voiceJson));
  return dir;
}

/** A Kitten folder as sherpa-onnx ships one (kitten-nano-en-v0_1: model.fp16.onnx, voices.bin, tokens.txt, espeak-ng-data). */
export async function writeTinyKitten(dir: string, opts: TinyStyleOptions & { voiceJson?: object } = {}): Promise<string> {
  const speakers = opts.speakers ?? 1;
  const names = ['expr-voice-2-m', 'expr-voice-2-f', 'expr-voice-3-m', 'expr-voice-3-f'].slice(0, speakers);
  await fs.mkdir(dir, { recursive: true });
  const meta = {
    model_type: 'kitten-tts', language: 'English', has_espeak: '1', sample_rate: String(STYLE_SAMPLE_RATE), version: '1', voice: 'en-us',
    style_dim: `1,${STYLE_DIM}`, n_speakers: String(speakers), speaker_names: names.join(','), ...opts.metadata,
  };
  await fs.writeFile(path.join(dir, 'model.fp16.onnx'), encodeModel(styleGraph(), meta));
  await fs.writeFile(path.join(dir, 'voices.bin'), styles(speakers, 1, opts.truncateVoices));
  await fs.writeFile(path.join(dir, 'tokens.txt'), tinyTokens());
  if (opts.voiceJson) await fs.writeFile(path.join(dir, 'voice.json'), JSON.stringify(opts.voiceJson));
  return dir;
}

/** Matcha acoustic model: each token → MEL_FRAMES_PER_TOKEN × length_scale frames of 80 equal bins. */
function matchaAcoustic(meta: Record<string, string | null>): Uint8Array {
  const graph = onnx.GraphProto.create({
    name: 'tiny-matcha',
    node: [
      node('Cast', ['x'], ['xf'], { to: F }),
      node('Mul', ['xf', 'inv_vocab'], ['amp']),
      node('Add', ['amp', 'floor'], ['amp1']),
      node('Unsqueeze', ['amp1', 'axis1'], ['amp3']),
      node('Mul', ['length_scale', 'frames'], ['fs']),
      node('Concat', ['ones2', 'fs'], ['rs'], { axis: 0 }),
      node('Resize', ['amp3', '', 'rs'], ['m1'], { mode: 'nearest' }),
      node('Mul', ['m1', 'bins'], ['mel']),
    ],
    initializer: [
      f32('inv_vocab', [], [0.5 / SYMBOLS.length]),
      f32('floor', [], [0.3]),
      i64('axis1', [1]),
      f32('frames', [1], [MEL_FRAMES_PER_TOKEN]),
      f32('ones2', [2], [1, 1]),
      f32('bins', [1, 80, 1], new Array(80).fill(1)),
    ],
    input: [valueInfo('x', I, [1, 'N']), valueInfo('x_length', I, [1]), valueInfo('noise_scale', F, [1]), valueInfo('length_scale', F, [1])],
    output: [valueInfo('mel', F, [1, 80, 'F'])],
  });
  return encodeModel(graph, meta);
}

/** HiFi-GAN stand-in: each mel frame → HOP samples of buzz scaled by the frame's first bin. */
function hifiganVocoder(meta: Record<string, string | null>): Uint8Array {
  const graph = onnx.GraphProto.create({
    name: 'tiny-hifigan',
    node: [
      node('Slice', ['mel', 'zero', 'one', 'one'], ['m0']),
      node('Unsqueeze', ['m0', 'axis3'], ['m1']),
      node('Mul', ['m1', 'wave'], ['frames']),
      node('Reshape', ['frames', 'shape'], ['y']),
    ],
    initializer: [i64('zero', [0]), i64('one', [1]), i64('axis3', [3]), f32('wave', [1, 1, 1, HOP], buzz(HOP, MATCHA_SAMPLE_RATE)), i64('shape', [1, 1, -1])],
    input: [valueInfo('mel', F, [1, 80, 'F'])],
    output: [valueInfo('y', F, [1, 1, 'T'])],
  });
  return encodeModel(graph, meta);
}

/** A Matcha folder as sherpa-onnx ships one (matcha-icefall-en_US-ljspeech: model-steps-3.onnx, tokens.txt) plus the vocoder downloaded beside it. */
export async function writeTinyMatcha(dir: string, opts: { metadata?: Record<string, string | null>; vocoderMetadata?: Record<string, string | null>; voiceJson?: object; vocoder?: boolean } = {}): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const meta = {
    model_type: 'matcha-tts', language: 'English', voice: 'en-us', has_espeak: '1', n_speakers: '1', sample_rate: String(MATCHA_SAMPLE_RATE),
    use_eos_bos: '1', pad_id: '0', ...opts.metadata,
  };
  await fs.writeFile(path.join(dir, 'model-steps-3.onnx'), matchaAcoustic(meta));
  if (opts.vocoder !== false) await fs.writeFile(path.join(dir, 'hifigan_v2.onnx'), hifiganVocoder({ model_type: 'hifigan', ...opts.vocoderMetadata }));
  await fs.writeFile(path.join(dir, 'tokens.txt'), tinyTokens());
  if (opts.voiceJson) await fs.writeFile(path.join(dir, 'voice.json'), JSON.stringify(opts.voiceJson));
  return dir;
}

/** One folder of each kind (what test/voice-models.families.test.ts expects): kokoro-en, kokoro-multi, kitten-nano, matcha-ljspeech. */
export async function writeTinyFamilies(dir: string): Promise<void> {
  const to = (n: string) => path.join(dir, n);
  // Kokoro v0.19-style, five speakers; three chosen, by model name or number.
  await writeTinyKokoro(to('kokoro-en'), { speakers: 5, voiceJson: { speakers: [{ speaker: 'af_bella' }, { sid: 1 }, { speaker: 'bm_george', name: 'George' }] } });
  // Kokoro ≥ 1.0 (metadata version 2): multi-lingual, phonemised with its lexicon files.
  await writeTinyKokoro(to('kokoro-multi'), {
    speakers: 2,
    metadata: { version: '2', language: 'multi-lang, e.g., English, Chinese' },
    lexicons: { 'lexicon-us-en.txt': 'hello h ə l ˈ o ʊ\nthere ð ɛ ɹ\n', 'lexicon-zh.txt': '你 n i\n' },
    voiceJson: { language: 'english', lang: 'en-us' },
  });
  await writeTinyKitten(to('kitten-nano'), { speakers: 4, voiceJson: { speakers: [{ sid: 0 }, { sid: 1 }] } });
  // Matcha: acoustic model + HiFi-GAN vocoder, no voice.json (the vocoder is known by its metadata).
  await writeTinyMatcha(to('matcha-ljspeech'));
}
