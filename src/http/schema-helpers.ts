import { Type, type TSchema } from 'typebox';

/**
 * Enums as plain JSON Schema `enum` (not anyOf of literals), so a violation yields one clear
 * message: "video_length must be one of 15, 30, 60".
 *
 * `meanings` (one per value, in order) say what coded values stand for; they are kept as
 * `x-enum-descriptions` (the OpenAPI tools' name for it) and every validation message about the
 * field shows them: "aspect_ratio must be one of 0 (portrait 9:16), 1 (landscape 16:9), 2 (square 1:1)".
 */
export interface EnumOptions {
  meanings?: readonly string[];
  [key: string]: unknown;
}

/** The schema keyword that carries the meanings; registered with Ajv in server.ts. */
export const ENUM_MEANINGS = 'x-enum-descriptions';

function enumSchema(type: 'string' | 'integer', values: readonly (string | number)[], options: EnumOptions): Record<string, unknown> {
  const { meanings, ...rest } = options;
  if (meanings && meanings.length !== values.length) throw new Error(`enum ${values.join(',')}: ${meanings.length} meanings for ${values.length} values`);
  return { type, enum: [...values], ...(meanings ? { [ENUM_MEANINGS]: [...meanings] } : {}), ...rest };
}

export function StringEnum<const T extends readonly string[]>(values: T, options: EnumOptions = {}) {
  return Type.Unsafe<T[number]>(enumSchema('string', values, options));
}

export function IntEnum<const T extends readonly number[]>(values: T, options: EnumOptions = {}) {
  return Type.Unsafe<T[number]>(enumSchema('integer', values, options));
}

/** aspect_ratio of the create routes. */
export const ASPECT_RATIO_MEANINGS = ['portrait 9:16', 'landscape 16:9', 'square 1:1'] as const;

/**
 * The aspect_ratio filter of every catalog list: -1 means all (the n8n node sends it by default),
 * as does an absent or empty value.
 */
export const AspectRatioFilter = () =>
  Type.Optional(
    IntEnum([-1, 0, 1, 2], {
      meanings: ['all', ...ASPECT_RATIO_MEANINGS],
      description: 'Filter: -1 all (same as absent), 0 portrait 9:16, 1 landscape 16:9, 2 square 1:1',
    }),
  );

export const Opt = <T extends TSchema>(schema: T) => Type.Optional(schema);
