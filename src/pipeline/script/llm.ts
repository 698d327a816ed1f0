/**
 * A client for any OpenAI-compatible chat endpoint (OpenAI, Azure-style proxies, vLLM, llama.cpp
 * server, Ollama's /v1, LiteLLM, ...): POST {baseUrl}/chat/completions. The endpoint is chosen
 * by the operator (config), so it goes out through the global fetch, not the SSRF-checked fetcher.
 * One AbortSignal bounds the whole exchange, body included.
 */
export interface LlmConfig {
  /** e.g. "https://api.openai.com/v1" or "http://127.0.0.1:11434/v1". */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatOptions {
  /** Ask for a JSON object (response_format json_object; retried without it if the server rejects the field). */
  json?: boolean;
  temperature?: number;
  /** Ends the call early (a cancelled job). */
  signal?: AbortSignal;
}

export interface LlmClient {
  readonly model: string;
  /** The assistant message's text. Throws LlmError on any failure. */
  chat(messages: ChatMessage[], options?: ChatOptions): Promise<string>;
}

export class LlmError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LlmError';
  }
}

export function createLlmClient(cfg: LlmConfig, fetchImpl: typeof fetch = fetch): LlmClient {
  const url = `${cfg.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (cfg.apiKey) headers.authorization = `Bearer ${cfg.apiKey}`;

  async function post(body: Record<string, unknown>, signal: AbortSignal): Promise<{ status: number; text: string }> {
    const res = await fetchImpl(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
    return { status: res.status, text: await res.text() };
  }

  return {
    model: cfg.model,
    async chat(messages, options = {}) {
      const timeout = AbortSignal.timeout(cfg.timeoutMs);
      const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
      const body: Record<string, unknown> = { model: cfg.model, messages, temperature: options.temperature ?? 0.7 };
      if (options.json) body.response_format = { type: 'json_object' };
      try {
        let res = await post(body, signal);
        // Servers without JSON mode answer 400 about response_format: ask again without it.
        if (res.status === 400 && options.json && /response_format|json_object/i.test(res.text)) {
          delete body.response_format;
          res = await post(body, signal);
        }
        if (res.status < 200 || res.status >= 300) throw new LlmError(`LLM endpoint answered HTTP ${res.status}: ${res.text.slice(0, 200)}`);
        return contentOf(res.text);
      } catch (err) {
        if (err instanceof LlmError) throw err;
        if (timeout.aborted) throw new LlmError(`LLM endpoint timed out after ${cfg.timeoutMs} ms`, { cause: err });
        throw new LlmError(`LLM endpoint unreachable: ${(err as Error).message}`, { cause: err });
      }
    },
  };
}

function contentOf(text: string): string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new LlmError('LLM endpoint answered with a body that is not JSON', { cause: err });
  }
  const content = (data as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || !content.trim()) throw new LlmError('LLM answer has no choices[0].message.content');
  return content;
}
