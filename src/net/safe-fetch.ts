import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import type { LookupFunction, Socket } from 'node:net';
import { Transform, Writable, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { Agent, buildConnector } from 'undici';
import { isIpLiteral, isPublicAddress } from './address-policy.ts';

export { decodeHtml } from './charset.ts';

/**
 * The one fetcher for user-supplied URLs (CONTRACT §8): product pages, media and webhook targets.
 *
 * - http(s) only, no credentials in URLs.
 * - Every address a connection uses is public unicast. Host names are resolved inside the socket's
 *   own DNS lookup (undici `connect.lookup`), so the address judged is the address connected to and
 *   DNS rebinding has no window; IP literals (which skip lookup) are judged before connecting; the
 *   socket's remote address is judged once more after connecting. Redirects are followed here, one
 *   hop at a time, so every hop goes through the same checks.
 * - One deadline covers the whole exchange: connecting, redirects, headers and the body.
 * - Bodies are decompressed here and the cap applies to the decompressed bytes.
 */

export type FetchFailure =
  | 'bad_url'
  | 'address_not_allowed'
  | 'unreachable'
  | 'timeout'
  | 'too_large'
  | 'too_many_redirects'
  | 'redirect_not_allowed'
  | 'bad_content_type'
  | 'http_status';

export class FetchError extends Error {
  constructor(
    readonly kind: FetchFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FetchError';
  }
}

export type Resolver = (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;

export interface SafeFetcherOptions {
  /** Lifts the public-address rule (operator allowlist for private deployments, and tests). The scheme rule stays. */
  allowPrivate: boolean;
  /** DNS resolution; defaults to the system resolver (dns.lookup, all addresses). */
  resolver?: Resolver;
  userAgent?: string;
  /**
   * Reuse connections between fetches (webhook deliveries): one pooled Agent whose connector
   * applies the same address checks to every new connection (lookup and remote address), so a
   * kept connection was checked when it was made. Without it, every fetch has its own Agent.
   * In this mode remoteAddress is the address of the origin's most recent connection.
   */
  keepAlive?: { connectionsPerOrigin: number; idleMs?: number; connectTimeoutMs?: number };
}

export interface FetchOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Cap on the decompressed body. */
  maxBytes: number;
  /** Overall deadline for the whole exchange, redirects and body included. */
  deadlineMs: number;
  /** Default 5; 0 returns a 3xx as it is. */
  maxRedirects?: number;
  /** Checked on a 2xx final response's media type (lowercased, without parameters). */
  accept?: (contentType: string) => boolean;
  /** Default true for GET, false for POST: a non-2xx final status is a FetchError 'http_status'. */
  throwOnHttpError?: boolean;
  /** Keep the first maxBytes of a longer body instead of failing with 'too_large' (the connection is then closed). */
  truncateBody?: boolean;
}

export interface FetchResult {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  /** Lowercased names; repeated headers joined with ", ". After decompression content-encoding and content-length are dropped. */
  headers: Record<string, string>;
  contentType: string;
  body: Buffer;
  elapsedMs: number;
  /** The IP address the final response came from. */
  remoteAddress: string;
}

export interface SafeFetcher {
  fetch(url: string, options: FetchOptions): Promise<FetchResult>;
  /** Destroys every connection, aborting fetches in flight. */
  close(): Promise<void>;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const DEFAULT_MAX_REDIRECTS = 5;
const DEFAULT_USER_AGENT = 'Reelsmith/0.1 (+safe-fetch)';
/** Request headers a caller may not set: framing and routing belong to the fetcher. */
const RESERVED_REQUEST_HEADERS = new Set(['host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'upgrade', 'expect', 'te', 'accept-encoding']);
/** Dropped when a redirect leaves the origin. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

const systemResolver: Resolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

function addressNotAllowed(host: string, addresses: string[]): FetchError {
  const which = addresses.length ? ` (${addresses.join(', ')})` : '';
  return new FetchError('address_not_allowed', `${host}${which} is not a public address`);
}

/** Judges one IP address a connection would use. */
export type AddressPolicy = (address: string) => boolean;

const anyAddress: AddressPolicy = () => true;

/**
 * The lookup the sockets use. Answers are filtered through the address policy before Node
 * connects, so the address judged is the address connected to, and whatever a resolver says the
 * next time is judged again. Exported for tests.
 */
export function createGuardedLookup(resolver: Resolver, allowed: AddressPolicy): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    Promise.resolve()
      .then(() => resolver(hostname))
      .then(
        (answers) => {
          const family = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
          const wanted = family ? answers.filter((a) => a.family === family) : answers;
          const usable = wanted.filter((a) => allowed(a.address));
          const first = usable[0];
          if (!first) {
            const err: NodeJS.ErrnoException = wanted.length
              ? addressNotAllowed(hostname, wanted.map((a) => a.address))
              : Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' });
            callback(err, '', 0);
            return;
          }
          if (options.all) callback(null, usable.map((a): LookupAddress => ({ address: a.address, family: a.family })));
          else callback(null, first.address, first.family);
        },
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), '', 0),
      );
  };
}

/** The target rules for the first URL ('bad_url') and for redirect targets ('redirect_not_allowed'). */
function checkTarget(url: URL, allowed: AddressPolicy, kind: 'bad_url' | 'redirect_not_allowed'): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError(kind, `${url.protocol} URLs are not fetched, only http: and https:`);
  if (url.username || url.password) throw new FetchError(kind, 'URLs with credentials are not fetched');
  // Node connects to IP literals without calling lookup, so they are judged here.
  if (isIpLiteral(url.hostname) && !allowed(url.hostname.replace(/^\[|\]$/g, ''))) throw addressNotAllowed(url.hostname, []);
}

function originKey(protocol: string, host: string): string {
  return `${protocol}//${host}`;
}

/** A Transform for Content-Encoding "deflate": zlib-wrapped as the RFC says, or raw as some servers send. */
class InflateAuto extends Transform {
  #inner: zlib.Inflate | zlib.InflateRaw | null = null;
  #ended: Promise<void> | null = null;

  override _transform(chunk: Buffer, _enc: BufferEncoding, callback: TransformCallback): void {
    if (!this.#inner) {
      if (chunk.length === 0) return callback();
      const opts = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
      const inner = (chunk[0]! & 0x0f) === 0x08 ? zlib.createInflate(opts) : zlib.createInflateRaw(opts);
      inner.on('data', (d: Buffer) => this.push(d));
      inner.on('error', (err) => this.destroy(err));
      this.#ended = new Promise((resolve) => inner.once('end', resolve));
      this.#inner = inner;
    }
    this.#inner.write(chunk, () => callback());
  }

  override _flush(callback: TransformCallback): void {
    if (!this.#inner) return callback();
    this.#inner.end();
    void this.#ended?.then(() => callback());
  }

  override _destroy(err: Error | null, callback: (error?: Error | null) => void): void {
    this.#inner?.destroy();
    callback(err);
  }
}

const KNOWN_CODINGS = new Set(['gzip', 'x-gzip', 'deflate', 'br']);

function decoderFor(coding: string): Transform | null {
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
    case 'deflate':
      return new InflateAuto();
    case 'br':
      return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
    default:
      return null;
  }
}

/** Ends a body read early in truncateBody mode; never leaves readBody. */
class BodyTruncated extends Error {}

function tooLarge(maxBytes: number): FetchError {
  return new FetchError('too_large', `the response body is larger than ${maxBytes} bytes`);
}

/**
 * Reads a body through its decoders, counting decompressed bytes against maxBytes and wire bytes
 * against a slightly larger cap (so that a stream of empty compressed blocks cannot run forever).
 * Throwing from a stage destroys the whole pipeline, the response stream included, which aborts
 * the connection.
 */
async function readBody(body: Readable, decoders: Transform[], maxBytes: number, signal: AbortSignal, truncate = false): Promise<Buffer> {
  const rawCap = decoders.length ? wireCap(maxBytes) : maxBytes;
  const over = () => (truncate ? new BodyTruncated() : tooLarge(maxBytes));
  let wire = 0;
  const chunks: Buffer[] = [];
  let total = 0;
  const wireCounter = new Transform({
    transform(chunk: Buffer, _enc, callback) {
      wire += chunk.length;
      // Uncompressed, the sink keeps what fits; compressed, wire overflow ends the read.
      if (wire > rawCap && (decoders.length || !truncate)) callback(over());
      else callback(null, chunk);
    },
  });
  const sink = new Writable({
    write(chunk: Buffer, _enc, callback) {
      if (total + chunk.length > maxBytes) {
        if (truncate) {
          chunks.push(chunk.subarray(0, maxBytes - total));
          total = maxBytes;
        }
        return callback(over());
      }
      total += chunk.length;
      chunks.push(chunk);
      callback();
    },
  });
  try {
    await pipeline([body, wireCounter, ...decoders, sink], { signal });
  } catch (err) {
    if (!(err instanceof BodyTruncated)) throw err;
  }
  return Buffer.concat(chunks, total);
}

function wireCap(maxBytes: number): number {
  // Compression never grows data by more than a few bytes per block; allow for that, no more.
  return maxBytes + Math.ceil(maxBytes / 256) + 1024;
}

/** Drops a response body we will not read; destroying it aborts the request, which is fine here. */
function discard(body: Readable): void {
  body.on('error', () => undefined);
  body.destroy();
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

function mapError(err: unknown, timedOut: boolean, deadlineMs: number): FetchError {
  if (err instanceof FetchError) return err;
  if (timedOut) return new FetchError('timeout', `no complete response within ${deadlineMs} ms`);
  const e = err as { code?: string; message?: string; cause?: unknown };
  if (e?.cause instanceof FetchError) return e.cause;
  switch (e?.code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return new FetchError('timeout', `no complete response within ${deadlineMs} ms`);
    case 'UND_ERR_RES_EXCEEDED_MAX_SIZE':
      return new FetchError('too_large', e.message ?? 'the response body is too large');
    default:
      return new FetchError('unreachable', `the server could not be reached: ${e?.code ? `${e.code} ` : ''}${e?.message ?? String(err)}`.trim());
  }
}

export function createSafeFetcher(opts: SafeFetcherOptions): SafeFetcher {
  return createSafeFetcherWithAddressPolicy(opts, opts.allowPrivate ? anyAddress : isPublicAddress);
}

/**
 * The fetcher with an explicit address policy in place of "public unicast only" (`allowPrivate` is
 * ignored). For tests, which need a real loopback connection to stand in for a public address
 * while every other address stays refused; production code uses createSafeFetcher.
 */
export function createSafeFetcherWithAddressPolicy(opts: SafeFetcherOptions, allowed: AddressPolicy): SafeFetcher {
  const resolver = opts.resolver ?? systemResolver;
  const lookup = createGuardedLookup(resolver, allowed);
  const userAgent = opts.userAgent ?? DEFAULT_USER_AGENT;
  const live = new Set<Agent>();
  let closed = false;
  let pooled: { agent: Agent; remoteByOrigin: Map<string, string> } | null = null;

  /** Every new connection: guarded lookup, then the connected address judged once more. */
  function checkedConnector(connectTimeoutMs: number, remoteByOrigin: Map<string, string>): buildConnector.connector {
    const base = buildConnector({ lookup, timeout: connectTimeoutMs });
    return (connOpts, callback) => {
      base(connOpts, (err: Error | null, socket: Socket | null) => {
        if (err || !socket) return callback(err ?? new Error('no socket'), null);
        const remote = socket.remoteAddress ?? '';
        // The lookup already refused private answers; this also covers IP literals and anything else that bypasses lookup.
        if (!allowed(remote)) {
          socket.destroy();
          return callback(addressNotAllowed(connOpts.hostname, [remote]), null);
        }
        remoteByOrigin.set(originKey(connOpts.protocol, connOpts.host ?? `${connOpts.hostname}:${connOpts.port}`), remote);
        callback(null, socket);
      });
    };
  }

  /**
   * One Agent per fetch: connections never outlive the exchange (no keep-alive to leak), and each
   * socket can be tied to the hop it served, which is how remoteAddress is known.
   */
  function agentFor(deadlineMs: number, remoteByOrigin: Map<string, string>): Agent {
    const connect = checkedConnector(deadlineMs + 1000, remoteByOrigin);
    return new Agent({ connect, connections: 1, headersTimeout: deadlineMs, bodyTimeout: deadlineMs, keepAliveTimeout: 1000 });
  }

  function pooledAgent(keepAlive: NonNullable<SafeFetcherOptions['keepAlive']>): { agent: Agent; remoteByOrigin: Map<string, string> } {
    if (!pooled) {
      const remoteByOrigin = new Map<string, string>();
      const connect = checkedConnector(keepAlive.connectTimeoutMs ?? 10_000, remoteByOrigin);
      const idleMs = keepAlive.idleMs ?? 4000;
      pooled = { agent: new Agent({ connect, connections: keepAlive.connectionsPerOrigin, keepAliveTimeout: idleMs, keepAliveMaxTimeout: idleMs }), remoteByOrigin };
    }
    return pooled;
  }

  async function fetch(rawUrl: string, options: FetchOptions): Promise<FetchResult> {
    if (closed) throw new FetchError('unreachable', 'the fetcher is closed');
    const started = performance.now();
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw new FetchError('bad_url', 'not an absolute URL');
    }
    checkTarget(url, allowed, 'bad_url');

    const firstMethod = options.method ?? 'GET';
    const maxRedirects = Math.max(0, options.maxRedirects ?? DEFAULT_MAX_REDIRECTS);
    const throwOnHttpError = options.throwOnHttpError ?? firstMethod === 'GET';
    let method: 'GET' | 'POST' = firstMethod;
    let body = options.body;
    const headers: Record<string, string> = { 'user-agent': userAgent, accept: '*/*' };
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      const lower = name.toLowerCase();
      if (!RESERVED_REQUEST_HEADERS.has(lower)) headers[lower] = value;
    }
    headers['accept-encoding'] = 'gzip, deflate, br';

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new FetchError('timeout', `no complete response within ${options.deadlineMs} ms`));
    }, options.deadlineMs);
    const shared = opts.keepAlive ? pooledAgent(opts.keepAlive) : null;
    const remoteByOrigin = shared?.remoteByOrigin ?? new Map<string, string>();
    const agent = shared?.agent ?? agentFor(options.deadlineMs, remoteByOrigin);
    if (!shared) live.add(agent);

    try {
      for (let redirects = 0; ; ) {
        const res = await agent.request({
          origin: url.origin,
          path: url.pathname + url.search,
          method,
          headers,
          body: method === 'POST' ? body : undefined,
          signal: controller.signal,
          ...(shared ? { headersTimeout: options.deadlineMs, bodyTimeout: options.deadlineMs } : {}),
        });
        const status = res.statusCode;
        const resHeaders = flattenHeaders(res.headers);
        const location = resHeaders.location;

        if (REDIRECT_STATUSES.has(status) && maxRedirects > 0 && location !== undefined) {
          await res.body.dump({ limit: 64 * 1024, signal: controller.signal });
          if (redirects >= maxRedirects) throw new FetchError('too_many_redirects', `more than ${maxRedirects} redirects`);
          redirects++;
          let next: URL;
          try {
            next = new URL(location, url);
          } catch {
            throw new FetchError('redirect_not_allowed', `the redirect target is not a URL: ${location.slice(0, 200)}`);
          }
          checkTarget(next, allowed, 'redirect_not_allowed');
          if (status === 303 || (method === 'POST' && (status === 301 || status === 302))) {
            method = 'GET';
            body = undefined;
            delete headers['content-type'];
          }
          if (next.origin !== url.origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
          url = next;
          continue;
        }

        const ok = status >= 200 && status < 300;
        const redirectReturned = REDIRECT_STATUSES.has(status) && maxRedirects === 0;
        if (throwOnHttpError && !ok && !redirectReturned) {
          discard(res.body);
          throw new FetchError('http_status', `the server answered HTTP ${status}`, status);
        }
        const contentType = mediaType(resHeaders['content-type']);
        if (ok && options.accept && !options.accept(contentType)) {
          discard(res.body);
          throw new FetchError('bad_content_type', `unexpected content type ${contentType || '(none)'}`);
        }

        const codings = (resHeaders['content-encoding'] ?? '')
          .split(',')
          .map((c) => c.trim().toLowerCase())
          .filter((c) => c && c !== 'identity');
        // Unknown codings (we never asked for them) are passed through undecoded; the cap still holds.
        const decoding = codings.length > 0 && codings.every((c) => KNOWN_CODINGS.has(c));
        // "gzip, br" was gzipped first, so br is undone first.
        const chain = decoding ? codings.reverse().map((c) => decoderFor(c)!) : [];
        const declared = Number(resHeaders['content-length']);
        if (!options.truncateBody && Number.isFinite(declared) && declared > (chain.length ? wireCap(options.maxBytes) : options.maxBytes)) {
          discard(res.body);
          throw tooLarge(options.maxBytes);
        }
        const data = await readBody(res.body, chain, options.maxBytes, controller.signal, options.truncateBody);
        if (decoding) {
          delete resHeaders['content-encoding'];
          delete resHeaders['content-length'];
        }
        return {
          url: url.href,
          status,
          headers: resHeaders,
          contentType,
          body: data,
          elapsedMs: Math.round(performance.now() - started),
          remoteAddress: remoteByOrigin.get(originKey(url.protocol, url.host)) ?? '',
        };
      }
    } catch (err) {
      throw mapError(err, timedOut, options.deadlineMs);
    } finally {
      clearTimeout(timer);
      if (!shared) {
        live.delete(agent);
        await agent.destroy().catch(() => undefined);
      }
    }
  }

  return {
    fetch,
    async close() {
      closed = true;
      const agents = [...live];
      live.clear();
      if (pooled) agents.push(pooled.agent);
      pooled = null;
      await Promise.all(agents.map((a) => a.destroy().catch(() => undefined)));
    },
  };
}
