/**
 * Request normalisation and validation messages (CONTRACT §1): empty strings and nulls mean
 * "absent", and every parameter error names the field and the rule.
 */

/** Drops "" (or blank) and null values from objects, recursively through nested objects and arrays of objects. */
export function dropEmptyValues(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v !== null && typeof v === 'object' ? dropEmptyValues(v) : v));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === null || (typeof v === 'string' && v.trim() === '')) continue;
    out[k] = typeof v === 'object' ? dropEmptyValues(v) : v;
  }
  return out;
}

export interface SchemaIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  /** The schema holding the failed keyword (Ajv's `verbose` option): where enum meanings are read. */
  parentSchema?: Record<string, unknown>;
}

/** The schema keyword with one meaning per enum value (schema-helpers.ts ENUM_MEANINGS). */
const MEANINGS = 'x-enum-descriptions';

/** "0 (portrait 9:16), 1 (landscape 16:9)": the allowed values with what they mean, when the schema says. */
function allowedValues(schema: Record<string, unknown> | undefined): string | null {
  const values = schema?.enum;
  if (!Array.isArray(values)) return null;
  const meanings = Array.isArray(schema?.[MEANINGS]) ? (schema[MEANINGS] as unknown[]) : [];
  return values.map((v, i) => (meanings[i] ? `${String(v)} (${String(meanings[i])})` : String(v))).join(', ');
}

/** The schema of property `name` of an object schema, when it declares it. */
function propertySchema(schema: Record<string, unknown> | undefined, name: string): Record<string, unknown> | undefined {
  const props = schema?.properties as Record<string, Record<string, unknown>> | undefined;
  return props && Object.hasOwn(props, name) ? props[name] : undefined;
}

const typeNames: Record<string, string> = {
  integer: 'an integer',
  number: 'a number',
  string: 'a string',
  boolean: 'a boolean (true or false)',
  array: 'an array',
  object: 'an object',
};

/** "/media/0/type" → "media[0].type" */
export function fieldName(instancePath: string, missing?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (missing) parts.push(missing);
  return parts.reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '');
}

/**
 * One schema issue as "<field> <rule>", e.g. "video_length must be one of 15, 30, 60". For a coded
 * field (an enum with meanings) every rule also says what the codes mean: "aspect_ratio must be one
 * of 0 (portrait 9:16), 1 (landscape 16:9), 2 (square 1:1)", "aspect_ratio is required: one of …".
 */
export function describeIssue(issue: SchemaIssue, container: string): string {
  const p = issue.params;
  const field = fieldName(issue.instancePath) || container;
  switch (issue.keyword) {
    case 'required': {
      const missing = String(p.missingProperty);
      const allowed = allowedValues(propertySchema(issue.parentSchema, missing));
      return `${fieldName(issue.instancePath, missing)} is required${allowed ? `: one of ${allowed}` : ''}`;
    }
    case 'type': {
      const types = String(p.type).split(',');
      const allowed = allowedValues(issue.parentSchema);
      return `${field} must be ${types.map((t) => typeNames[t] ?? t).join(' or ')}${allowed ? `: one of ${allowed}` : ''}`;
    }
    case 'enum':
      return `${field} must be one of ${allowedValues(issue.parentSchema) ?? (p.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `${field} must be ${String(p.allowedValue)}`;
    case 'minLength':
      return Number(p.limit) === 1 ? `${field} must not be empty` : `${field} must be at least ${String(p.limit)} characters`;
    case 'maxLength':
      return `${field} must be at most ${String(p.limit)} characters`;
    case 'minItems':
      return Number(p.limit) === 1 ? `${field} must not be empty` : `${field} must have at least ${String(p.limit)} items`;
    case 'maxItems':
      return `${field} must have at most ${String(p.limit)} items`;
    case 'uniqueItems':
      return `${field} must not contain duplicates`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `${field} must be ${String(p.comparison)} ${String(p.limit)}`;
    case 'format':
      return `${field} must be a valid ${String(p.format)}`;
    case 'pattern':
      return `${field} has an invalid format`;
    default:
      return `${field} ${issue.message ?? 'is invalid'}`;
  }
}

interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
}

const numeric = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * The only conversions CONTRACT §1 allows, guided by the route's schema: a numeric string where a
 * number is expected, a number where a string is expected (video_length: 15), and "true"/"false"
 * for booleans. Anything else (true for an integer, [x] for a string) stays as sent and fails
 * validation with a message naming the field.
 */
export function coerceToSchema(value: unknown, schema: SchemaNode | undefined): unknown {
  if (!schema) return value;
  const type = schema.type;
  if (type === 'object' && schema.properties && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [key, child] of Object.entries(schema.properties)) {
      if (key in out) out[key] = coerceToSchema(out[key], child);
    }
    return out;
  }
  if (type === 'array' && schema.items && Array.isArray(value)) return value.map((v) => coerceToSchema(v, schema.items));
  if ((type === 'integer' || type === 'number') && typeof value === 'string' && numeric.test(value)) return Number(value);
  if (type === 'string' && typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}
