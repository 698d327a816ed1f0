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

interface ObjectSchemaNode {
  type?: string | string[];
  properties?: Record<string, ObjectSchemaNode>;
  items?: ObjectSchemaNode;
  additionalProperties?: unknown;
  anyOf?: ObjectSchemaNode[];
  oneOf?: ObjectSchemaNode[];
  allOf?: ObjectSchemaNode[];
}

/** At most this many unknown fields are named; the rest are counted. */
const MAX_FIELD_WARNINGS = 10;
/** Names longer than this get no suggestion (and are shortened in the warning). */
const MAX_NAME = 64;

/**
 * Edit distance counting an insert, a delete, a substitution or a swap of two neighbours as one
 * (optimal string alignment), for "did you mean" on short field names: "nmae" is 1 from "name".
 */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

const squash = (s: string) => s.toLowerCase().replace(/[-_\s]/g, '');

/**
 * The known field a mistyped one most likely meant: the same name in another spelling
 * (`voiceId`, `Voice-ID` for voice_id), else the nearest by edit distance when it is close
 * (1 edit for names up to 4 characters, 2 for longer ones). Undefined when none is close.
 */
export function nearestField(name: string, known: readonly string[]): string | undefined {
  if (name.length > MAX_NAME) return undefined;
  const exact = known.find((k) => squash(k) === squash(name));
  if (exact) return exact;
  const limit = name.length <= 4 ? 1 : 2;
  let best: { field: string; d: number } | undefined;
  for (const k of known) {
    const d = editDistance(name.toLowerCase(), k.toLowerCase());
    if (d <= limit && (!best || d < best.d)) best = { field: k, d };
  }
  return best?.field;
}

/** The properties an object schema declares (through anyOf/oneOf/allOf too), or null when it takes any field. */
function declaredProperties(schema: ObjectSchemaNode): Record<string, ObjectSchemaNode> | null {
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) return null;
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (!schema.properties && branches.length === 0) return null;
  const out: Record<string, ObjectSchemaNode> = { ...schema.properties };
  for (const b of branches) {
    const props = declaredProperties(b);
    if (props === null) return null;
    Object.assign(out, props);
  }
  return out;
}

/**
 * CONTRACT §1 keeps unknown body fields accepted; this names them, so a client learns that
 * `captions` did nothing: "unknown field captions (did you mean caption?)", "unknown field
 * media[0].descripton (did you mean description?)", "unknown field colour (ignored)". Walks the
 * body along the route's schema (so its depth is the schema's), nested objects and arrays too.
 */
export function unknownFieldWarnings(body: unknown, schema: ObjectSchemaNode | undefined): string[] {
  const unknown: string[] = [];
  const walk = (value: unknown, node: ObjectSchemaNode | undefined, path: string): void => {
    if (!node || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      if (node.items) value.forEach((v, i) => walk(v, node.items, `${path}[${i}]`));
      return;
    }
    const props = declaredProperties(node);
    if (!props) return;
    const known = Object.keys(props);
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const child = Object.hasOwn(props, key) ? props[key] : undefined;
      if (child) {
        walk(v, child, path ? `${path}.${key}` : key);
        continue;
      }
      if (unknown.length > MAX_FIELD_WARNINGS) continue;
      const shown = key.length > MAX_NAME ? `${key.slice(0, MAX_NAME)}…` : key;
      const guess = nearestField(key, known);
      unknown.push(`unknown field ${path ? `${path}.` : ''}${shown} (${guess ? `did you mean ${guess}?` : 'ignored'})`);
    }
  };
  walk(body, schema, '');
  if (unknown.length > MAX_FIELD_WARNINGS) return [...unknown.slice(0, MAX_FIELD_WARNINGS), 'more unknown fields were ignored'];
  return unknown;
}
