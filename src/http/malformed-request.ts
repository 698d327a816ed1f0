import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { errors } from '../lib/errors.ts';
import { hexId } from '../lib/ids.ts';

/**
 * Fastify's clientErrorHandler: a request Node's HTTP parser refused (unknown method, bad header,
 * control characters in the URL, headers too large) never reaches a route. It still gets the
 * envelope — 40000 with HTTP 400 (431 for oversized headers, 408 for a request that timed out) —
 * and one info line in the log.
 */
export function malformedRequest(this: FastifyInstance, err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  // Bytes after a request that said Connection: close (say, a GET body sent without a length):
  // that request is answered as usual and the connection then closed; the extra bytes are ignored.
  if (err.code === 'HPE_CLOSED_CONNECTION') return;
  // As Node does: no second answer once a response has started on this connection.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const what =
    status === 431 ? 'the request headers are too large' : status === 408 ? 'the request was not received in time' : `malformed HTTP request (${err.code ?? 'parse error'})`;
  const rid = hexId();
  const error = errors.badRequest(what);
  const body = JSON.stringify({ code: error.code, msg: error.message, rid });
  this.log.info({ rid, status, code: error.code, err: { code: err.code, message: err.message } }, `malformed request ${status} code ${error.code}`);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${rid}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
