import fs from 'node:fs/promises';

/**
 * The metadata of an ONNX model file (ModelProto.metadata_props, field 14: key = 1, value = 2),
 * read (by the top-level field headers, the graph skipped unread) and added without decoding the
 * graph. sherpa-onnx reads a voice's sample rate, speaker
 * count, language, espeak-ng voice (and for Kokoro/Kitten the style size) from it; voices exported by Piper itself carry none, so
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
function* fields(buf: Uint8Array, from = 0, to = buf.length, headerOnly = false): Generator<[number, number, number, number]> {
  let at = from;
  while (at < Math.min(to, buf.length)) {
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
    if (headerOnly) return;
    at = end;
  }
}

/** One metadata_props entry (StringStringEntryProto: key = 1, value = 2). */
function entry(buf: Uint8Array): [string, string] {
  const text = new TextDecoder();
  let key = '';
  let value = '';
  for (const [f, w, s, e] of fields(buf)) {
    if (w !== 2) continue;
    if (f === 1) key = text.decode(buf.subarray(s, e));
    if (f === 2) value = text.decode(buf.subarray(s, e));
  }
  return [key, value];
}

/**
 * The model's metadata_props; throws OnnxFormatError when the file is not an ONNX ModelProto.
 * Only the top-level field headers are read and the payloads other than metadata skipped, so a
 * 300 MB Kokoro model costs a few dozen small reads, not its size in memory.
 */
export async function readOnnxMetadataFile(file: string): Promise<Record<string, string>> {
  const fh = await fs.open(file, 'r');
  try {
    const size = (await fh.stat()).size;
    const head = Buffer.alloc(24);
    const out: Record<string, string> = {};
    let sawGraph = false;
    for (let at = 0; at < size; ) {
      const { bytesRead } = await fh.read(head, 0, head.length, at);
      const header = fields(head.subarray(0, bytesRead), 0, Number.MAX_SAFE_INTEGER, true).next().value;
      if (!header) throw new OnnxFormatError('truncated file');
      const [field, wire, start, end] = header;
      if (at + end > size) throw new OnnxFormatError('not a protobuf message (a field runs past the end)');
      if (field === 7 && wire === 2) sawGraph = true;
      if (field === METADATA_PROPS && wire === 2) {
        const payload = Buffer.alloc(end - start);
        await fh.read(payload, 0, payload.length, at + start);
        const [key, value] = entry(payload);
        out[key] = value;
      }
      at += end;
    }
    if (!sawGraph) throw new OnnxFormatError('no graph in the file');
    return out;
  } finally {
    await fh.close();
  }
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
