import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, Codes } from '../lib/errors.ts';
import { describeIssue, type SchemaIssue } from './validation.ts';

interface Outcome {
  httpStatus: number;
  code: number;
  msg: string;
}

/** Framework errors about the request itself (body, content type) are parameter errors. */
const requestErrors: Record<string, (err: FastifyError) => string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () => 'Parameter error: request body is too large (limit 1 MiB)',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => 'Parameter error: Content-Type must be application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => 'Parameter error: Content-Length does not match the body',
  FST_ERR_CTP_EMPTY_JSON_BODY: () => 'Parameter error: request body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: (err) => `Parameter error: body is not valid JSON (${err.message})`,
};

export function classifyError(err: unknown, bodyLimitBytes: number): Outcome {
  if (err instanceof AppError) return { httpStatus: err.httpStatus, code: err.code, msg: err.message };
  const fe = err as FastifyError & { validation?: SchemaIssue[]; validationContext?: string };
  if (Array.isArray(fe.validation) && fe.validation[0]) {
    return { httpStatus: 200, code: Codes.parameter, msg: `Parameter error: ${describeIssue(fe.validation[0], fe.validationContext ?? 'body')}` };
  }
  const known = fe.code ? requestErrors[fe.code] : undefined;
  if (known) {
    const msg = fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? `Parameter error: request body is larger than ${bodyLimitBytes} bytes` : known(fe);
    return { httpStatus: 200, code: Codes.parameter, msg };
  }
  if (fe instanceof SyntaxError || (fe.statusCode === 400 && typeof fe.message === 'string')) {
    return { httpStatus: 200, code: Codes.parameter, msg: `Parameter error: ${fe.message}` };
  }
  return { httpStatus: 200, code: Codes.system, msg: 'System error: the failure was logged with this rid' };
}

export function makeErrorHandler(bodyLimitBytes: number) {
  return (err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    const outcome = classifyError(err, bodyLimitBytes);
    if (outcome.code === Codes.system) req.log.error({ err, rid: req.id }, 'unhandled error');
    // Sent pre-serialised: the route's success schema does not describe error bodies.
    return reply
      .status(outcome.httpStatus)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ code: outcome.code, msg: outcome.msg, rid: req.id }));
  };
}
