import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** What a request ended as, noted by the envelope hook and the error handler for its log line. */
interface Outcome {
  /** The envelope's business code, when the response was an envelope. */
  code: number;
  /** A fault behind a 50000: logged with the request's line, at error level. */
  fault?: unknown;
}

const outcomes = new WeakMap<object, Outcome>();

export function noteOutcome(req: FastifyRequest, outcome: Outcome): void {
  outcomes.set(req, outcome);
}

const MAX_LOGGED_URL = 300;

/**
 * One log line per request, written when the response is finished (issue 11, item 17): method,
 * URL, HTTP status, business code, time and client address. Info for everything a client caused
 * (2xx-4xx and business errors); error only for 5xx and for 50000 (with the fault). Replaces
 * Fastify's "incoming request" + "request completed" pair.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const outcome = outcomes.get(request);
    const url = request.raw.url ?? '';
    const fields = {
      method: request.method,
      url: url.length > MAX_LOGGED_URL ? `${url.slice(0, MAX_LOGGED_URL)}…` : url,
      status: reply.statusCode,
      code: outcome?.code,
      ms: Number.isFinite(reply.elapsedTime) ? Math.round(reply.elapsedTime * 10) / 10 : undefined,
      ip: request.ip,
    };
    const line = `${fields.method} ${fields.url} ${fields.status}${outcome ? ` code ${outcome.code}` : ''}`;
    if (error) reply.log.error({ ...fields, err: error }, line);
    else if (outcome?.fault !== undefined) reply.log.error({ ...fields, err: outcome.fault }, line);
    else if (reply.statusCode >= 500) reply.log.error(fields, line);
    else reply.log.info(fields, line);
  }
}
