import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback OpenAI-compatible chat server (POST /v1/chat/completions) whose answers come from
 * `answer(messages)`; records every request body. The real LlmClient talks to it.
 */
export interface LlmServer {
  baseUrl: string;
  requests: { messages: { role: string; content: string }[]; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

export async function startLlmServer(answer: (messages: { role: string; content: string }[]) => string): Promise<LlmServer> {
  const state: LlmServer = { baseUrl: '', requests: [], close: async () => {} };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return void res.writeHead(404).end('{}');
      const body = JSON.parse(raw || '{}') as { messages: { role: string; content: string }[] };
      state.requests.push({ messages: body.messages, body });
      const content = answer(body.messages);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  return state;
}
