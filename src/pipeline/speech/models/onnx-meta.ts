import fs from 'node:fs/promises';

/**
 * The metadata of an ONNX model file (ModelProto.metadata_props, field 14: key = 1, value = 2),
 * read and added without decoding the graph. sherpa-onnx reads a voice's sample rate, speaker
 * count, language and espeak-ng voice from it; voices exported by Piper itself carry none, so
 * `voices install` and the folder scan add them from the voice's .onnx.json.
 *
 * Hand-written on purpose: a protobuf library would decode the whole graph (tens of MB of
 * weights) to read a few strings; walking the top-level fields is 40 lines.
 */

const METADATA_PROPS = 14;

export class OnnxFormatError extends Error {}

function varint(buf: Uint8Array, at: number): [value: number, next: number] {
  let value = 0;
  let shift = 0;
  for (let i = at; i < buf.length && shift < 64; i++) {
    const b = buf[i]!;
    value += (b & 0x7f) * 2 ** shift;
    if ((b & 0x80) === 0) return [value, i + 1];
    shift += 7;
  }
  throw new OnnxFormatError('truncated varint');
}

/** The top-level fields of a protobuf message: [field number, wire type, payload start, payload end]. */
function* fields(buf: Uint8Array, from = 0, to = buf.length): Generator<[number, number, number, number]> {
  let at = from;
  while (at < to) {
    const [tag, afterTag] = varint(buf, at);
    const field = Math.floor(tag / 8);
    const wire = tag & 7;
    let start = afterTag;
    let end: number;
    if (wire === 0) end = varint(buf, afterTag)[1];
    else if (wire === 1) end = afterTag + 8;
    else if (wire === 5) end = afterTag + 4;
    else if (wire === 2) {
      const [len, afterLen] = varint(buf, afterTag);
      start = afterLen;
      end = afterLen + len;
    } else throw new OnnxFormatError(`unsupported wire type ${wire}`);
    if (field === 0 || end > to) throw new OnnxFormatError('not a protobuf message (field 0 or past the end)');
    yield [field, wire, start, end];
    at = end;
  }
}

/** The model's metadata_props; throws OnnxFormatError when the bytes are not an ONNX ModelProto. */
export function readOnnxMetadata(buf: Uint8Array): Record<string, string> {
  const out: Record<string, string> = {};
  let sawGraph = false;
  const text = new TextDecoder();
  for (const [field, wire, start, end] of fields(buf)) {
    if (field === 7 && wire === 2) sawGraph = true;
    if (field !== METADATA_PROPS || wire !== 2) continue;
    let key = '';
    let value = '';
    for (const [f, w, s, e] of fields(buf, start, end)) {
      if (w !== 2) continue;
      if (f === 1) key = text.decode(buf.subarray(s, e));
      if (f === 2) value = text.decode(buf.subarray(s, e));
    }
    out[key] = value;
  }
  if (!sawGraph) throw new OnnxFormatError('no graph in the file');
  return out;
}

export async function readOnnxMetadataFile(file: string): Promise<Record<string, string>> {
  return readOnnxMetadata(await fs.readFile(file));
}

function encodeVarint(n: number): number[] {
  const out: number[] = [];
  while (n > 0x7f) {
    out.push((n % 128) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return out;
}

function lengthDelimited(field: number, payload: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from([...encodeVarint(field * 8 + 2), ...encodeVarint(payload.length)]), payload]);
}

/** The bytes to append to a ModelProto to add these metadata entries (repeated fields concatenate). */
export function metadataEntries(entries: Record<string, string>): Buffer {
  return Buffer.concat(
    Object.entries(entries).map(([k, v]) => lengthDelimited(METADATA_PROPS, Buffer.concat([lengthDelimited(1, Buffer.from(k)), lengthDelimited(2, Buffer.from(v))]))),
  );
}

/** Adds the entries the model lacks (existing keys are kept); returns the keys added. */
export async function addOnnxMetadata(file: string, entries: Record<string, string>): Promise<string[]> {
  const have = await readOnnxMetadataFile(file);
  const missing = Object.fromEntries(Object.entries(entries).filter(([k]) => !(k in have)));
  if (Object.keys(missing).length > 0) await fs.appendFile(file, metadataEntries(missing));
  return Object.keys(missing);
}
