import { createHmac, timingSafeEqual } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';

/**
 * A real webhook receiver on 127.0.0.1 (node:http), standing in for a customer's server.
 * It records every request with its raw body; tests decide the answers.
 */
export interface Received {
  /** Arrival, Unix ms. */
  at: number;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: any;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
}

export interface Receiver {
  port: number;
  url(path?: string): string;
  received: Received[];
  /** Requests to one path. */
  on(path: string): Received[];
  /** Resolves when pred holds over the received list (checked on each request and every 20 ms). */
  waitFor(pred: (received: Received[]) => boolean, timeoutMs?: number, what?: string): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(answer: (r: Received, nthOnPath: number) => Answer = () => ({ status: 200, body: 'ok' })): Promise<Receiver> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        // kept as text
      }
      const r: Received = { at: Date.now(), path: req.url ?? '/', headers: req.headers, body, json };
      received.push(r);
      const a = answer(r, received.filter((x) => x.path === r.path).length);
      const send = () => {
        res.writeHead(a.status, { 'content-type': 'text/plain', ...a.headers });
        res.end(a.body ?? '');
      };
      if (a.delayMs) setTimeout(send, a.delayMs);
      else send();
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const port = address.port;
  return {
    port,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    on: (path) => received.filter((r) => r.path === path),
    async waitFor(pred, timeoutMs = 15_000, what = 'condition') {
      const deadline = Date.now() + timeoutMs;
      while (!pred(received)) {
        if (Date.now() > deadline) throw new Error(`receiver: timed out waiting for ${what}; got ${received.length} requests`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The receiver code the JoggAI docs publish: hex HMAC-SHA256 of the raw body, key = the secret's UTF-8 bytes. */
export function joggVerify(payload: string, signature: string, secret: string): boolean {
  const expected = createHmac('sha256', secret).update(payload).digest('hex');
  return signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
}

/** Verifies a request with both schemes; throws when either fails. */
export function verifyBoth(r: Received, secret: string): void {
  const sig = r.headers['x-webhook-signature'];
  if (typeof sig !== 'string' || !joggVerify(r.body, sig, secret)) throw new Error('X-Webhook-Signature does not verify');
  new Webhook(secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  });
}
