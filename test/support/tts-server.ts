import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A real OpenAI-compatible speech server on loopback (POST /v1/audio/speech) that answers with
 * real speech and no timings: espeak-ng's CLI at another voice and rate than the catalog's
 * (en-gb+m4, 150 words a minute × speed). `script` says what the next requests get: 'ok' (WAV),
 * 'ok-mp3', an HTTP status to fail with, or 'slow' (1.5 s before answering).
 */
export interface TtsServer {
  baseUrl: string;
  requests: { body: any; auth: string | undefined }[];
  script: (string | number)[];
  close(): Promise<void>;
}

export async function startTtsServer(): Promise<TtsServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-tts-'));
  const state: TtsServer = { baseUrl: '', requests: [], script: [], close: async () => {} };
  let n = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', async () => {
      const body = JSON.parse(raw);
      state.requests.push({ body, auth: req.headers.authorization });
      const mode = state.script.shift() ?? 'ok';
      if (typeof mode === 'number') {
        res.writeHead(mode, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: `boom ${mode}` } }));
      }
      if (mode === 'slow') {
        await new Promise((r) => setTimeout(r, 1500));
        if (res.destroyed) return;
      }
      const wav = path.join(dir, `srv-${++n}.wav`);
      await run('espeak-ng', ['-v', 'en-gb+m4', '-s', String(Math.round(150 * (body.speed ?? 1))), '-w', wav, body.input]);
      let file = wav;
      if (mode === 'ok-mp3') {
        file = `${wav}.mp3`;
        await run('ffmpeg', ['-v', 'error', '-y', '-i', wav, '-codec:a', 'libmp3lame', '-b:a', '96k', file]);
      }
      res.writeHead(200, { 'content-type': mode === 'ok-mp3' ? 'audio/mpeg' : 'audio/wav' });
      res.end(fs.readFileSync(file));
      fs.rmSync(file, { force: true });
      fs.rmSync(wav, { force: true });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return state;
}
