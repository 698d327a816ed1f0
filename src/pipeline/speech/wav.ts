import fs from 'node:fs/promises';

/** 16-bit PCM WAV, the container of the narration (mono, the engine's 22050 Hz). */

export function wavHeader(dataBytes: number, sampleRate: number, channels = 1): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * channels * 2, 28);
  h.writeUInt16LE(channels * 2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

export async function writeWav(file: string, pcm: readonly Buffer[], sampleRate: number, channels = 1): Promise<void> {
  const bytes = pcm.reduce((n, b) => n + b.length, 0);
  await fs.writeFile(file, Buffer.concat([wavHeader(bytes, sampleRate, channels), ...pcm]));
}

export interface WavData {
  sampleRate: number;
  channels: number;
  /** Interleaved samples. */
  samples: Int16Array;
}

/** Reads a 16-bit PCM WAV (chunks in any order; unknown chunks skipped). */
export async function readWav(file: string): Promise<WavData> {
  const buf = await fs.readFile(file);
  if (buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') throw new Error(`${file} is not a WAV file`);
  let sampleRate = 0;
  let channels = 0;
  let bits = 0;
  for (let p = 12; p + 8 <= buf.length; ) {
    const id = buf.toString('ascii', p, p + 4);
    const size = buf.readUInt32LE(p + 4);
    if (id === 'fmt ') {
      channels = buf.readUInt16LE(p + 10);
      sampleRate = buf.readUInt32LE(p + 12);
      bits = buf.readUInt16LE(p + 22);
    } else if (id === 'data') {
      if (bits !== 16) throw new Error(`${file}: ${bits}-bit WAV, expected 16-bit`);
      const len = Math.min(size, buf.length - p - 8);
      const copy = Buffer.from(buf.subarray(p + 8, p + 8 + len - (len % 2)));
      return { sampleRate, channels, samples: new Int16Array(copy.buffer, copy.byteOffset, copy.length / 2) };
    }
    p += 8 + size + (size % 2);
  }
  throw new Error(`${file}: no data chunk`);
}

/** RMS (0..1 of full scale) of consecutive windows of `windowMs` over the first channel. */
export function rmsEnvelope(wav: WavData, windowMs = 10): Float64Array {
  const win = Math.max(1, Math.round((wav.sampleRate * windowMs) / 1000));
  const frames = Math.floor(wav.samples.length / wav.channels);
  const out = new Float64Array(Math.ceil(frames / win));
  for (let w = 0; w < out.length; w++) {
    let sum = 0;
    let n = 0;
    for (let i = w * win; i < Math.min(frames, (w + 1) * win); i++, n++) {
      const s = wav.samples[i * wav.channels]! / 32768;
      sum += s * s;
    }
    out[w] = n ? Math.sqrt(sum / n) : 0;
  }
  return out;
}
