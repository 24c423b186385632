import fc from 'fast-check';

/** The parts of an OpenAPI 3.0 schema the services' documents use (zod's openapi-3.0 output). */
export interface Schema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  default?: unknown;
}

/** Strings a careless or hostile client sends: control characters, broken UTF-16, markup, SQL, huge numbers. */
const NASTY_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  '%',
  '%00',
  '%E0%A4%A',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  "$`$'",
  '9'.repeat(40),
  '-1',
  '0',
  '1e309',
  'NaN',
  '2026-02-30',
  'null',
  '[]',
  '{}',
  '\u202e',
  '한글'.repeat(300),
];
const NASTY_NUMBERS = [0, -1, -2_147_483_649, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1e308, 0.5, -0];

export const nastyString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 3000 }),
);

/** Any JSON value, nasty strings and numbers included. */
export const anyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    nastyString,
    fc.constantFrom(...NASTY_NUMBERS),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

function stringFor(schema: Schema): fc.Arbitrary<string> {
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => within(s.length, schema));
    } catch {
      // a pattern fast-check cannot generate from: fall through to length-bounded text
    }
  }
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date')
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'date-time')
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (schema.format === 'uri' || schema.format === 'url') return fc.webUrl();
  if (schema.format === 'uuid') return fc.uuid();
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 200) });
}

const within = (length: number, schema: Schema) =>
  length >= (schema.minLength ?? 0) && length <= (schema.maxLength ?? Infinity);

function numberBound(value: number | boolean | undefined, fallback: number | undefined): number | undefined {
  return typeof value === 'number' ? value : fallback;
}

/** Values that satisfy the schema (as far as its keywords say), mostly small and realistic. */
export function valid(schema: Schema | undefined): fc.Arbitrary<unknown> {
  if (!schema || Object.keys(schema).length === 0) return anyValue;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map(valid));
  if (schema.allOf?.length) return valid(Object.assign({}, ...schema.allOf) as Schema);
  const base = validOfType(schema);
  return schema.nullable ? fc.option(base, { nil: null, freq: 8 }) : base;
}

function validOfType(schema: Schema): fc.Arbitrary<unknown> {
  switch (schema.type) {
    case 'string':
      return stringFor(schema);
    case 'integer': {
      const min =
        numberBound(schema.exclusiveMinimum, undefined) !== undefined
          ? (schema.exclusiveMinimum as number) + 1
          : schema.minimum;
      const max =
        numberBound(schema.exclusiveMaximum, undefined) !== undefined
          ? (schema.exclusiveMaximum as number) - 1
          : schema.maximum;
      // Small ids and counts hit seeded records; the bounds themselves are the classic edge.
      // (A bound beyond 32 bits, such as zod's safe-integer limits, is no edge worth trying.)
      const edges = [min, max].filter((n): n is number => n !== undefined && Math.abs(n) < 2 ** 31);
      return fc.oneof(
        fc.integer({ min: Math.max(min ?? 0, -1_000_000), max: Math.min(max ?? 60, 1_000_000) }),
        ...(edges.length ? [fc.constantFrom(...edges)] : []),
        fc.constant(1),
      );
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? 0, max: schema.maximum ?? 1000, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valid(schema.items), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 8),
      });
    case 'object':
    case undefined: {
      if (!schema.properties)
        return schema.type === 'object'
          ? fc.dictionary(fc.string({ maxLength: 8 }), anyValue, { maxKeys: 3 })
          : anyValue;
      const required = new Set(schema.required ?? []);
      return fc.record(
        Object.fromEntries(Object.entries(schema.properties).map(([key, property]) => [key, valid(property)])),
        { requiredKeys: Object.keys(schema.properties).filter((key) => required.has(key)) },
      );
    }
    default:
      return anyValue;
  }
}

/** The value with a NUL or a surrogate half put into every string (numbers become such strings too). */
function poison(value: unknown, text: string): unknown {
  if (typeof value === 'string') return `${value}${text}`;
  if (typeof value === 'number') return `${value}${text}`;
  if (Array.isArray(value)) return value.map((item) => poison(item, text));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v, text)]));
  return value;
}

/**
 * Values that break the schema somewhere: a wrong type, a nasty string, a number out of range, a missing or
 * extra field, a NUL deep inside an otherwise valid object.
 */
export function invalid(schema: Schema | undefined): fc.Arbitrary<unknown> {
  // Otherwise valid values with text PostgreSQL cannot store in every string: the classic 5xx.
  const poisoned = fc
    .tuple(valid(schema), fc.constantFrom('\u0000', '\ud800'))
    .map(([value, text]) => poison(value, text));
  const whole = fc.oneof(anyValue, nastyString, fc.constantFrom(...NASTY_NUMBERS), poisoned);
  if (!schema?.properties) return whole;
  const keys = Object.keys(schema.properties);
  const oneFieldBroken = fc
    .tuple(
      valid(schema) as fc.Arbitrary<Record<string, unknown>>,
      fc.constantFrom(...keys),
      fc.oneof(anyValue, nastyString),
    )
    .map(([value, key, broken]) => ({ ...value, [key]: broken }));
  const oneFieldMissing = fc
    .tuple(valid(schema) as fc.Arbitrary<Record<string, unknown>>, fc.constantFrom(...keys))
    .map(([value, key]) => Object.fromEntries(Object.entries(value).filter(([k]) => k !== key)));
  return fc.oneof(whole, oneFieldBroken, oneFieldBroken, oneFieldMissing, poisoned);
}

/** A path or query value as text: what a URL can carry. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
