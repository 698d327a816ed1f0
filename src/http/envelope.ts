import { Type, type TSchema } from 'typebox';

/** Present only when the request was not used exactly as sent (unknown fields, a vendor's voice name). */
const Warnings = Type.Optional(
  Type.Array(Type.String(), {
    description:
      'Extension: where the request was not used as sent: body fields the route does not know and ignored ("unknown field captions (did you mean caption?)"), a voice_id in another vendor\'s naming and the voice used instead; absent when there is nothing to say',
  }),
);

/** The response envelope (CONTRACT §1); `rid` is added to every envelope on its way out. */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({
    code: Type.Integer({ description: 'Business status code; 0 is success' }),
    msg: Type.String(),
    data,
    rid: Type.String({ description: '32-hex request id, also sent as X-Request-Id' }),
    warnings: Warnings,
  });
}

export const BareEnvelope = Type.Object({
  code: Type.Integer({ description: 'Business status code; 0 is success' }),
  msg: Type.String(),
  rid: Type.String({ description: '32-hex request id, also sent as X-Request-Id' }),
  warnings: Warnings,
});

export const ErrorEnvelope = Type.Object(
  {
    code: Type.Integer({ description: '10104, 10105, 18020, 18025, 40000, 429 or 50000' }),
    msg: Type.String({ description: 'Names the field and the rule for parameter errors' }),
    rid: Type.String(),
    warnings: Warnings,
  },
  { description: 'Business error (HTTP 200), rate limit (HTTP 429) or unknown route (HTTP 404)' },
);

/** `rid` is filled in by the server's preSerialization hook. */
export function ok<T>(data: T) {
  return { code: 0 as const, msg: 'success', data, rid: '' };
}

export const okBare = () => ({ code: 0 as const, msg: 'success', rid: '' });
