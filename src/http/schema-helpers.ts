import { Type, type TSchema } from 'typebox';

/**
 * Enums as plain JSON Schema `enum` (not anyOf of literals), so a violation yields one clear
 * message: "video_length must be one of 15, 30, 60".
 */
export function StringEnum<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

export function IntEnum<const T extends readonly number[]>(values: T, options: Record<string, unknown> = {}) {
  return Type.Unsafe<T[number]>({ type: 'integer', enum: [...values], ...options });
}

export const Opt = <T extends TSchema>(schema: T) => Type.Optional(schema);
