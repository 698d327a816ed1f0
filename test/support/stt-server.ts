import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readWav } from '../../src/pipeline/speech/wav.ts';
import { Energy } from './voiced.ts';

/**
 * A loopback OpenAI-compatible speech-to-text server (POST /v1/audio/transcriptions, multipart):
 * it really listens to the WAV it is sent — its segments are the stretches of sound between
 * pauses of at least `pauseMs`, timed from the audio — and says the texts it was given for
 * them (one text a stretch when the counts agree, else all of them over the whole speech).
 * `texts: []` answers no speech. Records every request's form fields.
 */
export interface SttServer {
  baseUrl: string;
  requests: { fields: Record<string, string>; fileBytes: number; auth: string | undefined }[];
  /** What the next transcriptions say. */
  texts: string[];
  close(): Promise<void>;
}

export async function startSttServer(texts: string[], pauseMs = 250): Promise<SttServer> {
  const state: SttServer = { baseUrl: '', requests: [], texts, close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      try {
        if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') return void res.writeHead(404).end('{}');
        const form = await new Request('http://x/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: Buffer.concat(chunks) }).formData();
        const fields: Record<string, string> = {};
        let file: Blob | null = null;
        for (const [k, v] of form.entries()) {
          if (typeof v === 'string') fields[k] = v;
          else file = v;
        }
        if (!file) return void res.writeHead(400).end(JSON.stringify({ error: { message: 'file is required' } }));
        const bytes = Buffer.from(await file.arrayBuffer());
        state.requests.push({ fields, fileBytes: bytes.length, auth: req.headers.authorization });
        const tmp = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'stt-')), 'a.wav');
        await fs.writeFile(tmp, bytes);
        const wav = await readWav(tmp);
        await fs.rm(path.dirname(tmp), { recursive: true, force: true });
        const durationS = wav.samples.length / wav.channels / wav.sampleRate;
        const segments = state.texts.length ? segmentsOf(new Energy(wav), durationS, state.texts, pauseMs) : [];
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ task: 'transcribe', language: 'english', duration: durationS, text: state.texts.join(' '), segments: segments.map((s, id) => ({ id, seek: 0, ...s, tokens: [], temperature: 0, avg_logprob: -0.2, compression_ratio: 1, no_speech_prob: 0.01 })) }));
      } catch (err) {
        res.writeHead(500).end(JSON.stringify({ error: { message: (err as Error).message } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  return state;
}

/** Stretches of sound between pauses, with the given texts. */
function segmentsOf(energy: Energy, durationS: number, texts: string[], pauseMs: number): { start: number; end: number; text: string }[] {
  const first = energy.env.findIndex((x) => x > energy.threshold);
  let last = energy.env.length - 1;
  while (last > 0 && energy.env[last]! <= energy.threshold) last--;
  if (first < 0) return [];
  const bounds: [number, number][] = [];
  let from = first * 10;
  for (const [a, b] of energy.silences(pauseMs)) {
    if (a <= from) continue;
    bounds.push([from, a]);
    from = b;
  }
  bounds.push([from, Math.min((last + 1) * 10, durationS * 1000)]);
  if (bounds.length !== texts.length) return [{ start: first / 100, end: Math.min(durationS, (last + 1) / 100), text: texts.join(' ') }];
  return bounds.map(([a, b], i) => ({ start: a / 1000, end: b / 1000, text: texts[i]! }));
}
