import { Type, type TSchema } from 'typebox';

/** The request id in the examples of the docs. */
export const EXAMPLE_RID = '7f1937d05df97229b03de4812d2203ab';

/** What every envelope response says in the docs. */
export const RESPONSE_TEXT = 'code 0 and data on success; a business error is the same HTTP 200 with code and msg only (ErrorEnvelope; see x-error-codes)';

const code = Type.Integer({ description: 'Business status code; 0 is success' });
const msg = Type.String({ description: '"success", or what went wrong (naming the field for parameter errors)' });
const rid = Type.String({ description: '32-hex request id, also sent as X-Request-Id; quote it when reporting a problem' });
/** Present only when the request was not used exactly as sent (unknown fields, a vendor's voice name). */
const warnings = Type.Optional(
  Type.Array(Type.String(), {
    description:
      'Extension: where the request was not used as sent: body fields the route does not know and ignored ("unknown field captions (did you mean caption?)"), a voice_id in another vendor\'s naming and the voice used instead; absent when there is nothing to say',
  }),
);

/**
 * The response envelope (CONTRACT §1); `rid` is added to every envelope on its way out.
 * `example` is the `data` of the route's documented example response.
 */
export function Envelope<T extends TSchema>(data: T, example?: unknown) {
  const withDescription = { description: 'The result', ...data } as T;
  return Type.Object(
    { code, msg, data: withDescription, rid, warnings },
    { description: RESPONSE_TEXT, ...(example === undefined ? {} : { examples: [{ code: 0, msg: 'success', data: example, rid: EXAMPLE_RID }] }) },
  );
}

export const BareEnvelope = Type.Object({ code, msg, rid, warnings }, { description: RESPONSE_TEXT, examples: [{ code: 0, msg: 'success', rid: EXAMPLE_RID }] });

export const ErrorEnvelope = Type.Object(
  {
    code: Type.Integer({ description: '10104, 10105, 18020, 18025, 40000, 429 or 50000 (see each operation\'s x-error-codes)' }),
    msg: Type.String({ description: 'Names the field and the rule for parameter errors' }),
    rid,
    warnings,
  },
  {
    description: 'Business error (HTTP 200), rate limit (HTTP 429) or unknown route (HTTP 404)',
    examples: [{ code: 40000, msg: 'Parameter error: video_length must be one of 15, 30, 60', rid: EXAMPLE_RID }],
  },
);

/** `rid` is filled in by the server's preSerialization hook. */
export function ok<T>(data: T) {
  return { code: 0 as const, msg: 'success', data, rid: '' };
}

/** Adds a service's notes to the envelope's `warnings` (after any the validation put there). */
export function addWarnings(req: { warnings: string[] | null }, notes: readonly string[]): void {
  if (notes.length > 0) req.warnings = [...(req.warnings ?? []), ...notes];
}

export const okBare = () => ({ code: 0 as const, msg: 'success', rid: '' });
