import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback OpenAI-compatible chat server standing in for the operator's LLM: it answers every
 * POST …/chat/completions with `answer()` as the message content and counts the requests.
 */
export interface LlmServer {
  /** For LLM_BASE_URL, e.g. http://127.0.0.1:PORT/v1. */
  baseUrl: string;
  /** Chat requests received so far. */
  calls: number;
  close(): Promise<void>;
}

export async function startLlmServer(answer: () => unknown): Promise<LlmServer> {
  const state = { calls: 0 };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) return res.writeHead(404).end();
      state.calls++;
      const content = JSON.stringify(answer());
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: `chat-${state.calls}`, object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    get calls() {
      return state.calls;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
