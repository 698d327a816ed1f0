import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * A client for any OpenAI-compatible speech-to-text endpoint (OpenAI, faster-whisper-server /
 * speaches, whisper.cpp's server, LocalAI, vLLM …): POST {baseUrl}/audio/transcriptions with
 * `response_format: verbose_json`, which answers the text with timed `segments`. Like the LLM
 * client, the endpoint is the operator's (config), so it goes out through the global fetch.
 */
export interface SttConfig {
  /** e.g. "https://api.openai.com/v1" or "http://127.0.0.1:8000/v1". */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

/** One stretch of speech: seconds from the start of the audio, and what was said. */
export interface TimedSegment {
  start: number;
  end: number;
  text: string;
}

export interface Transcript {
  /** The language the server heard, as it names it ("english", "en"), when it says. */
  language: string | null;
  segments: TimedSegment[];
}

export interface SttClient {
  readonly model: string;
  /** The speech of a WAV file as timed segments (empty when none was heard). Throws SttError on any failure. */
  transcribe(wavPath: string, opts?: { language?: string | null; signal?: AbortSignal }): Promise<Transcript>;
}

export class SttError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SttError';
  }
}

export function createSttClient(cfg: SttConfig, fetchImpl: typeof fetch = fetch): SttClient {
  const url = `${cfg.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
  return {
    model: cfg.model,
    async transcribe(wavPath, opts = {}) {
      const timeout = AbortSignal.timeout(cfg.timeoutMs);
      const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
      const form = new FormData();
      form.append('file', new Blob([await fs.readFile(wavPath)], { type: 'audio/wav' }), path.basename(wavPath));
      form.append('model', cfg.model);
      form.append('response_format', 'verbose_json');
      form.append('timestamp_granularities[]', 'segment');
      if (opts.language) form.append('language', opts.language);
      const headers: Record<string, string> = { accept: 'application/json' };
      if (cfg.apiKey) headers.authorization = `Bearer ${cfg.apiKey}`;
      let status: number;
      let text: string;
      try {
        const res = await fetchImpl(url, { method: 'POST', headers, body: form, signal });
        status = res.status;
        text = await res.text();
      } catch (err) {
        if (timeout.aborted) throw new SttError(`speech-to-text endpoint timed out after ${cfg.timeoutMs} ms`, { cause: err });
        throw new SttError(`speech-to-text endpoint unreachable: ${(err as Error).message}`, { cause: err });
      }
      if (status < 200 || status >= 300) throw new SttError(`speech-to-text endpoint answered HTTP ${status}: ${text.slice(0, 200)}`);
      return parseTranscript(text);
    },
  };
}

/** verbose_json → segments with text, in order; a server without segments gives one segment over its `duration`. */
export function parseTranscript(body: string): Transcript {
  let data: { language?: unknown; duration?: unknown; text?: unknown; segments?: unknown };
  try {
    data = JSON.parse(body) as typeof data;
  } catch (err) {
    throw new SttError('speech-to-text endpoint answered with a body that is not JSON', { cause: err });
  }
  const language = typeof data.language === 'string' && data.language ? data.language.toLowerCase() : null;
  const raw = Array.isArray(data.segments) ? (data.segments as { start?: unknown; end?: unknown; text?: unknown }[]) : null;
  if (raw === null) {
    const t = typeof data.text === 'string' ? data.text.trim() : '';
    const duration = Number(data.duration);
    if (!t) return { language, segments: [] };
    if (!(duration > 0)) throw new SttError('speech-to-text answer has neither segments nor a duration (ask for response_format verbose_json)');
    return { language, segments: [{ start: 0, end: duration, text: t }] };
  }
  const segments = raw
    .map((s) => ({ start: Number(s.start), end: Number(s.end), text: typeof s.text === 'string' ? s.text.trim() : '' }))
    .filter((s) => Number.isFinite(s.start) && Number.isFinite(s.end) && s.end > s.start && /[\p{L}\p{N}]/u.test(s.text))
    .sort((a, b) => a.start - b.start);
  return { language, segments };
}
