import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditionSentences } from '../audition.samples.ts';
import type { VoiceModel } from './model-folder.ts';

/**
 * Whether sherpa-onnx can load a model and speak with it, tried in a child process
 * (model-probe.mjs): the library ends its process on a corrupt file or missing metadata, which
 * must never be the server's. The answer is kept in the folder (PROBE_FILE) with a key of the
 * folder's files (names, sizes, times), so a start-up probes only new or changed models.
 */

const PROBE = fileURLToPath(new URL('./model-probe.mjs', import.meta.url));
export const PROBE_FILE = '.reelsmith-probe.json';

export interface ProbeResult {
  sampleRate: number;
  numSpeakers: number;
  samples: number;
  /** Median pitch of the sample sentence, Hz (0: none found): the voice's gender when nothing says it. */
  f0: number;
}

export type ProbeOutcome = { ok: true; result: ProbeResult } | { ok: false; error: string };

async function folderKey(dir: string): Promise<string> {
  const h = crypto.createHash('sha256');
  for (const f of (await fs.readdir(dir)).sort()) {
    if (f === PROBE_FILE) continue;
    const st = await fs.stat(path.join(dir, f));
    h.update(`${f}\0${st.size}\0${st.mtimeMs}\n`);
  }
  return h.digest('hex').slice(0, 16);
}

function run(model: VoiceModel, timeoutMs: number): Promise<ProbeOutcome> {
  const text = auditionSentences(model.voices[0]!.language)[0] ?? 'Hello.';
  const arg = JSON.stringify({ engineConfig: model.engineConfig, text, sid: model.voices[0]!.sid });
  return new Promise((resolve) => {
    execFile(process.execPath, [PROBE, arg], { timeout: timeoutMs, maxBuffer: 1 << 20 }, (err, stdout, stderr) => {
      if (!err) {
        try {
          return resolve({ ok: true, result: JSON.parse(stdout.trim().split('\n').pop() ?? '') as ProbeResult });
        } catch {
          return resolve({ ok: false, error: 'the probe printed no result' });
        }
      }
      const why = stderr.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('at ')).slice(-2).join(' ').slice(0, 300);
      const how = err.killed ? `took longer than ${timeoutMs} ms` : `failed (${err.code ?? err.signal})`;
      resolve({ ok: false, error: `loading it ${how}${why ? `: ${why}` : ''}` });
    });
  });
}

/** The cached answer when the folder is unchanged, else a fresh probe (kept for next time). */
export async function probeModel(model: VoiceModel, timeoutMs = 60_000): Promise<ProbeOutcome> {
  const key = await folderKey(model.dir);
  const cacheFile = path.join(model.dir, PROBE_FILE);
  const cached = await fs.readFile(cacheFile, 'utf8').then((t) => JSON.parse(t) as { key: string; outcome: ProbeOutcome }, () => null);
  if (cached?.key === key) return cached.outcome;
  const outcome = await run(model, timeoutMs);
  await fs.writeFile(cacheFile, JSON.stringify({ key, outcome })).catch(() => undefined);
  return outcome;
}
