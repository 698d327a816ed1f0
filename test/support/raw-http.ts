import http from 'node:http';
import net from 'node:net';

export interface RawResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or undefined. */
  json: any;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * One request with node:http, sending the path exactly as given (fetch would normalise `..`,
 * percent-encoding and the method). `localAddress` picks the client address (any 127.x.y.z).
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  opts: { headers?: Record<string, string>; body?: string | Buffer; localAddress?: string } = {},
): Promise<RawResult> {
  const { hostname, port } = new URL(baseUrl);
  // With a body, always a Content-Length: Node sends GET/DELETE bodies with neither a length nor chunking.
  const headers = opts.body !== undefined ? { 'content-length': String(Buffer.byteLength(opts.body)), ...opts.headers } : opts.headers;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method, path, headers, agent: false, ...(opts.localAddress ? { localAddress: opts.localAddress } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: parse(text) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** Writes bytes on a fresh connection and returns the status and body of the answer (for requests node:http will not send). */
export function rawBytes(baseUrl: string, bytes: string): Promise<RawResult> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.end(bytes));
    let data = '';
    socket.on('data', (d: Buffer) => (data += d.toString('latin1')));
    socket.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' && data ? undefined : reject(err)));
    socket.on('close', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const headers: http.IncomingHttpHeaders = {};
      for (const line of head.split('\r\n').slice(1)) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      const text = rest.join('\r\n\r\n');
      resolve({ status, headers, text, json: parse(text) });
    });
  });
}
