import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback OpenAI-compatible chat server (POST …/chat/completions) standing in for the
 * operator's LLM: its answers come from `answer(messages)` (a string is sent as the message
 * content, anything else as its JSON); it records every request body. The real LlmClient talks to it.
 */
export interface LlmServer {
  /** For LLM_BASE_URL, e.g. http://127.0.0.1:PORT/v1. */
  baseUrl: string;
  requests: { messages: { role: string; content: string }[]; body: Record<string, unknown> }[];
  /** Chat requests received so far. */
  readonly calls: number;
  close(): Promise<void>;
}

export async function startLlmServer(answer: (messages: { role: string; content: string }[]) => unknown): Promise<LlmServer> {
  const requests: LlmServer['requests'] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) return void res.writeHead(404).end('{}');
      const body = JSON.parse(raw || '{}') as { messages: { role: string; content: string }[] };
      requests.push({ messages: body.messages, body });
      const answered = answer(body.messages);
      const content = typeof answered === 'string' ? answered : JSON.stringify(answered);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: `chat-${requests.length}`, object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    get calls() {
      return requests.length;
    },
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
