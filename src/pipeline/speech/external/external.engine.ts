import fs from 'node:fs/promises';
import path from 'node:path';
import { FetchError, type SafeFetcher } from '../../../net/safe-fetch.ts';
import { runFfmpeg } from '../../mix/ffmpeg.ts';
import type { ExternalVoiceEngine, SentenceRequest, SpokenSentence } from '../engines.ts';
import type { SpeechEngine } from '../espeak.client.ts';
import { EspeakEngine } from '../espeak.engine.ts';
import { ExternalSpeechError } from '../speech.service.ts';
import { cleanForSpeech } from '../speech.text.ts';
import type { ExternalTtsConfig } from '../../../config/config.ts';
import { timingsFor } from './timings-for.ts';

/** The rate external audio is decoded to (OpenAI's speech output rate). */
export const EXTERNAL_SAMPLE_RATE = 24_000;
const MAX_AUDIO_BYTES = 64 * 1024 * 1024;

export interface ExternalEngineOptions {
  /** Waits before retry n (default 500 ms × 2^(n-1)). */
  backoffMs?: (attempt: number) => number;
  /** After a failure, later calls fail at once for this long (default 60 s): a narration's retries do not each wait out a dead server. */
  coolDownMs?: number;
}

/**
 * An operator's OpenAI-compatible speech server (`POST {TTS_BASE_URL}/audio/speech`), called
 * through the safe fetcher with a deadline per attempt and retries. Its audio (any format ffmpeg
 * reads) is decoded to 24 kHz mono; it has no timings, so they come from timingsFor().
 */
export class ExternalEngine implements ExternalVoiceEngine {
  readonly name = 'external' as const;
  readonly onFailure: 'fail' | 'fallback';
  private readonly espeak: EspeakEngine;
  private downUntil = 0;
  private lastError = '';

  constructor(
    private readonly cfg: ExternalTtsConfig,
    private readonly fetcher: SafeFetcher,
    espeak: SpeechEngine,
    private readonly opts: ExternalEngineOptions = {},
  ) {
    this.onFailure = cfg.onFailure;
    this.espeak = new EspeakEngine(espeak);
  }

  async sentence(req: SentenceRequest): Promise<SpokenSentence> {
    const text = cleanForSpeech(req.text, req.voice.language);
    if (!/[\p{L}\p{N}]/u.test(text)) return { pcm: Buffer.alloc(0), sampleRate: 0, words: [], phonemes: [] };
    const audio = await this.fetchAudio(text, req);
    const encoded = path.join(req.tmpDir, `external-${req.index}.audio`);
    const raw = path.join(req.tmpDir, `external-${req.index}.pcm`);
    await fs.writeFile(encoded, audio);
    try {
      await runFfmpeg(['-y', '-loglevel', 'error', '-i', encoded, '-ac', '1', '-ar', String(EXTERNAL_SAMPLE_RATE), '-f', 's16le', '-c:a', 'pcm_s16le', raw], { timeoutMs: 60_000 });
    } catch (err) {
      throw new ExternalSpeechError(`the external speech engine answered with audio ffmpeg cannot read (${(err as Error).message.slice(0, 200)})`);
    }
    const pcm = await fs.readFile(raw);
    await fs.rm(encoded, { force: true });
    await fs.rm(raw, { force: true });
    if (pcm.length < 2) throw new ExternalSpeechError('the external speech engine answered with no audio');
    const samples = new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.length / 2));
    const t = await timingsFor(samples, EXTERNAL_SAMPLE_RATE, { ...req, text }, this.espeak);
    return { pcm: pcm.subarray(0, samples.length * 2), sampleRate: EXTERNAL_SAMPLE_RATE, ...t };
  }

  private async fetchAudio(text: string, req: SentenceRequest): Promise<Buffer> {
    if (Date.now() < this.downUntil) throw new ExternalSpeechError(`${this.lastError} (not retried within ${this.opts.coolDownMs ?? 60_000} ms of the failure)`);
    const body = JSON.stringify({
      model: this.cfg.model,
      input: text,
      voice: req.voice.engineVoice,
      response_format: 'wav',
      speed: Math.round(req.rateScale * req.voice.speed * 1000) / 1000,
    });
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'audio/*' };
    if (this.cfg.apiKey) headers.authorization = `Bearer ${this.cfg.apiKey}`;
    let last = '';
    for (let attempt = 0; attempt <= this.cfg.retries; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, this.opts.backoffMs?.(attempt) ?? 500 * 2 ** (attempt - 1)));
      try {
        const res = await this.fetcher.fetch(`${this.cfg.baseUrl}/audio/speech`, {
          method: 'POST',
          headers,
          body,
          maxBytes: MAX_AUDIO_BYTES,
          deadlineMs: this.cfg.timeoutMs,
          maxRedirects: 0,
          throwOnHttpError: false,
        });
        if (res.status >= 200 && res.status < 300) {
          if (/^(application\/json|text\/)/.test(res.contentType)) last = `answered ${res.status} with ${res.contentType}, not audio`;
          else return res.body;
        } else {
          last = `HTTP ${res.status}${res.body.length ? `: ${res.body.toString('utf8', 0, 200).replace(/\s+/g, ' ').trim()}` : ''}`;
          if (res.status < 500 && res.status !== 429) break;
        }
      } catch (err) {
        last = err instanceof FetchError ? `${err.kind}: ${err.message}` : (err as Error).message;
        if (err instanceof FetchError && !['timeout', 'unreachable'].includes(err.kind)) break;
      }
    }
    this.lastError = `external speech engine ${this.cfg.baseUrl}: ${last}`;
    this.downUntil = Date.now() + (this.opts.coolDownMs ?? 60_000);
    throw new ExternalSpeechError(this.lastError);
  }
}
