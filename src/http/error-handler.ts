import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, Codes, errors } from '../lib/errors.ts';
import { noteOutcome } from './request-log.ts';
import { describeIssue, type SchemaIssue } from './validation.ts';

interface Outcome {
  httpStatus: number;
  code: number;
  msg: string;
}

/** Framework errors about the request itself (body, content type, URL) are parameter errors. */
const requestErrors: Record<string, (err: FastifyError) => string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () => 'Parameter error: request body is too large (limit 1 MiB)',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => 'Parameter error: Content-Type must be application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => 'Parameter error: Content-Length does not match the body',
  FST_ERR_CTP_EMPTY_JSON_BODY: () => 'Parameter error: request body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: (err) => `Parameter error: body is not valid JSON (${err.message})`,
  FST_ERR_BAD_URL: () => 'Parameter error: the URL path is not valid percent-encoding',
  FST_ERR_MAX_PARAM_LENGTH: () => 'Parameter error: a path parameter is longer than 100 characters',
};

/** The request's path for messages: no query string, at most 200 characters. */
function pathOf(req: FastifyRequest): string {
  const path = (req.raw.url ?? '').split('?')[0] ?? '';
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

/** What a client sees for a missing route or file; also for a /files/ path that is refused. */
export function notFoundError(req: FastifyRequest): AppError {
  const path = pathOf(req);
  return path.startsWith('/files/') ? errors.fileNotFound(path) : errors.routeNotFound(req.method, path);
}

export function classifyError(err: unknown, bodyLimitBytes: number, req: FastifyRequest): Outcome {
  if (err instanceof AppError) return { httpStatus: err.httpStatus, code: err.code, msg: err.message };
  const fe = err as FastifyError & { validation?: SchemaIssue[]; validationContext?: string; status?: number };
  if (Array.isArray(fe.validation) && fe.validation[0]) {
    return { httpStatus: 200, code: Codes.parameter, msg: `Parameter error: ${describeIssue(fe.validation[0], fe.validationContext ?? 'body')}` };
  }
  const known = fe.code ? requestErrors[fe.code] : undefined;
  if (known) {
    const msg = fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? `Parameter error: request body is larger than ${bodyLimitBytes} bytes` : known(fe);
    return { httpStatus: 200, code: Codes.parameter, msg };
  }
  if (fe instanceof SyntaxError) return { httpStatus: 200, code: Codes.parameter, msg: `Parameter error: ${fe.message}` };
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : typeof fe.status === 'number' ? fe.status : 500;
  // Static files: a refused path (traversal, dotfile, directory) reads exactly like a missing file.
  if (status === 403 || status === 404 || status === 405) {
    const notFound = notFoundError(req);
    return { httpStatus: notFound.httpStatus, code: notFound.code, msg: notFound.message };
  }
  if (status >= 400 && status < 500) {
    return { httpStatus: 200, code: Codes.parameter, msg: `Parameter error: ${typeof fe.message === 'string' && fe.message ? fe.message : 'bad request'}` };
  }
  return { httpStatus: 200, code: Codes.system, msg: 'System error: the failure was logged with this rid' };
}

/**
 * Every error, the framework's included, becomes the envelope. Nothing is logged here: the
 * request's one log line (request-log.ts) carries the code, and the fault behind a 50000.
 * `httpStatuses`: routes whose clients judge by the HTTP status (the signed upload PUT) answer
 * every refusal the envelope's API answers with 200 as 400, and a system error as 500.
 */
export function makeErrorHandler(bodyLimitBytes: number, opts: { httpStatuses?: boolean } = {}) {
  return (err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    const outcome = classifyError(err, bodyLimitBytes, req);
    if (opts.httpStatuses && outcome.httpStatus < 400) outcome.httpStatus = outcome.code === Codes.system ? 500 : 400;
    noteOutcome(req, outcome.code === Codes.system ? { code: outcome.code, fault: err } : { code: outcome.code });
    // Sent pre-serialised: the route's success schema does not describe error bodies.
    return reply
      .status(outcome.httpStatus)
      .header('X-Request-Id', req.id)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ code: outcome.code, msg: outcome.msg, rid: req.id }));
  };
}
