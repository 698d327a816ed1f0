/**
 * A tiny ONNX "Piper VITS voice" made at test time: the same inputs (input int64 [1,N],
 * input_lengths int64 [1], scales float [3], optional sid int64 [1]), output (float [1,1,T]) and
 * sherpa-onnx metadata as a real Piper voice converted for sherpa-onnx, so the real engine loads it,
 * phonemises with espeak-ng and runs it. Each token id becomes a burst of SAMPLES_PER_TOKEN samples
 * (a 150 Hz buzz with harmonics, louder for higher ids; the pad token "_" is id 0, so silent), then
 * the whole is stretched by the length scale (scales[1]): T = round(N × SAMPLES_PER_TOKEN × length_scale).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;

export const TINY_SAMPLE_RATE = 16_000;
export const SAMPLES_PER_TOKEN = 800;

/** Piper's phoneme symbols (a broad subset of its default map): pad, bos, eos, space, punctuation, IPA. */
export const SYMBOLS = ['_', '^', '$', ' ', '!', "'", '(', ')', ',', '-', '.', ':', ';', '?',
  ...'abcdefghijklmnopqrstuvwxyz'.split(''),
  ...'æçðøħŋœǀǁǂǃɐɑɒɓɔɕɖɗɘəɚɛɜɞɟɠɡɢɣɤɥɦɧɨɪɫɬɭɮɯɰɱɲɳɴɵɶɸɹɺɻɽɾʀʁʂʃʄʈʉʊʋʌʍʎʏʐʑʒʔʕʘʙʛʜʝʟʡʢˈˌːˑ˞βθχᵻⱱ'.split(''),
  'ʲ', '̃', '̩', '̪', '↓', '↑', '→', '↗', '↘', 'ᵝ'];

/** Piper's .onnx.json phoneme_id_map for the same symbols (what a Piper export carries instead of tokens.txt). */
export function tinyPhonemeIdMap(): Record<string, number[]> {
  return Object.fromEntries(SYMBOLS.map((s, i) => [s, [i]]));
}

/** The sherpa metadata keys a Piper export lacks (to make one: `metadata: PIPER_EXPORT`). */
export const PIPER_EXPORT: Record<string, null> = { model_type: null, comment: null, language: null, voice: null, has_espeak: null, n_speakers: null, sample_rate: null };

export function tinyTokens(): string {
  return SYMBOLS.map((s, i) => `${s} ${i}`).join('\n') + '\n';
}

export interface TinyModelOptions {
  /** Speakers (n_speakers metadata; > 1 adds the sid input). */
  speakers?: number;
  /** An operator onnxruntime does not know: the file parses, loading it fails (a corrupt model). */
  badOp?: boolean;
  /** sherpa-onnx metadata, merged over the Piper defaults; a key set to null is left out. */
  metadata?: Record<string, string | null>;
}

export const f32 = (name: string, dims: number[], values: number[]) => onnx.TensorProto.create({ name, dims, dataType: onnx.TensorProto.DataType.FLOAT, floatData: values });
export const i64 = (name: string, values: number[]) => onnx.TensorProto.create({ name, dims: [values.length], dataType: onnx.TensorProto.DataType.INT64, int64Data: values });
export const node = (op: string, inputs: string[], outputs: string[], attrs: Record<string, number | string> = {}) =>
  onnx.NodeProto.create({
    opType: op,
    input: inputs,
    output: outputs,
    attribute: Object.entries(attrs).map(([name, v]) =>
      typeof v === 'number' ? onnx.AttributeProto.create({ name, type: onnx.AttributeProto.AttributeType.INT, i: v }) : onnx.AttributeProto.create({ name, type: onnx.AttributeProto.AttributeType.STRING, s: Buffer.from(v) }),
    ),
  });
export const valueInfo = (name: string, elemType: number, dims: (number | string)[]) =>
  onnx.ValueInfoProto.create({
    name,
    type: { tensorType: { elemType, shape: { dim: dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })) } } },
  });

/** One token's sound: a 150 Hz buzz with harmonics under a half-sine envelope, `n` samples long. */
export function buzz(n: number, sampleRate: number): number[] {
  const wave: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = i / sampleRate;
    const env = Math.sin((Math.PI * i) / n);
    wave.push(env * (0.6 * Math.sin(2 * Math.PI * 150 * t) + 0.3 * Math.sin(2 * Math.PI * 450 * t) + 0.15 * Math.sin(2 * Math.PI * 1200 * t)));
  }
  return wave;
}

/** The model's bytes (an ONNX ModelProto, opset 13). */
export function tinyPiperModel(opts: TinyModelOptions = {}): Uint8Array {
  const speakers = opts.speakers ?? 1;
  const wave = buzz(SAMPLES_PER_TOKEN, TINY_SAMPLE_RATE);
  const F = onnx.TensorProto.DataType.FLOAT;
  const I = onnx.TensorProto.DataType.INT64;
  const graph = onnx.GraphProto.create({
    name: 'tiny-piper',
    node: [
      node('Cast', ['input'], ['xf'], { to: F }),
      node('Mul', ['xf', 'inv_vocab'], ['amp']),
      node('Add', ['amp', 'floor'], ['amp1']),
      node('Unsqueeze', ['amp1', 'axis2'], ['amp3']),
      node('Mul', ['amp3', 'wave'], ['bursts']),
      node('Reshape', ['bursts', 'flat'], ['y0']),
      node('Slice', ['scales', 'one', 'two'], ['ls']),
      node('Concat', ['ones2', 'ls'], ['rs'], { axis: 0 }),
      node(opts.badOp ? 'NoSuchOperator' : 'Resize', ['y0', '', 'rs'], ['output'], { mode: 'nearest' }),
    ],
    initializer: [
      f32('inv_vocab', [], [0.7 / SYMBOLS.length]),
      f32('floor', [], [0.15]),
      i64('axis2', [2]),
      f32('wave', [1, 1, SAMPLES_PER_TOKEN], wave),
      i64('flat', [1, 1, -1]),
      i64('one', [1]),
      i64('two', [2]),
      f32('ones2', [2], [1, 1]),
    ],
    input: [
      valueInfo('input', I, [1, 'N']),
      valueInfo('input_lengths', I, [1]),
      valueInfo('scales', F, [3]),
      ...(speakers > 1 ? [valueInfo('sid', I, [1])] : []),
    ],
    output: [valueInfo('output', F, [1, 1, 'T'])],
  });
  // amp = id × 0.7 / vocabulary + 0.15: every token is heard, higher ids louder.
  const meta: Record<string, string | null> = {
    model_type: 'vits',
    comment: 'piper',
    language: 'English',
    voice: 'en-us',
    has_espeak: '1',
    n_speakers: String(speakers),
    sample_rate: String(TINY_SAMPLE_RATE),
    ...opts.metadata,
  };
  return encodeModel(graph, meta);
}

/** A graph and its metadata (a key set to null is left out) as ONNX bytes, opset 13. */
export function encodeModel(graph: InstanceType<typeof onnx.GraphProto>, meta: Record<string, string | null>): Uint8Array {
  const model = onnx.ModelProto.create({
    irVersion: 7,
    opsetImport: [{ domain: '', version: 13 }],
    producerName: 'reelsmith-test',
    graph,
    metadataProps: Object.entries(meta).filter((e): e is [string, string] => e[1] !== null).map(([key, value]) => ({ key, value })),
  });
  return onnx.ModelProto.encode(model).finish();
}

/** Writes a Piper voice folder: <name>.onnx, tokens.txt, and <name>.onnx.json when `config` is given. */
export async function writeTinyVoice(dir: string, name: string, opts: TinyModelOptions & { config?: object | null; voiceJson?: object; tokens?: boolean } = {}): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, `${name}.onnx`), tinyPiperModel(opts));
  if (opts.tokens !== false) await fs.writeFile(path.join(dir, 'tokens.txt'), tinyTokens());
  if (opts.config !== null) await fs.writeFile(path.join(dir, `${name}.onnx.json`), JSON.stringify(opts.config ?? { language: { code: 'en_US' }, dataset: name, audio: { sample_rate: TINY_SAMPLE_RATE }, num_speakers: opts.speakers ?? 1 }));
  if (opts.voiceJson) await fs.writeFile(path.join(dir, 'voice.json'), JSON.stringify(opts.voiceJson));
  return dir;
}
