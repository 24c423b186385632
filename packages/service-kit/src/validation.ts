import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';

/**
 * Routes declare zod schemas (shared with the screens through @sq/contracts); this compiler lets Fastify
 * validate with them and turns the first issue of each field into the Korean message the schema carries.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.core.$ZodType> =
  ({ schema }) =>
  (data) => {
    // z.safeParse works for full zod and zod/mini schemas alike (the account forms are zod/mini).
    const result = z.safeParse(schema, data);
    if (result.success) return { value: result.data };
    return { error: new ZodValidationError(result.error) };
  };

export class ZodValidationError extends Error {
  readonly fields: Record<string, string>;
  constructor(readonly zodError: z.core.$ZodError) {
    const fields: Record<string, string> = {};
    for (const issue of zodError.issues) {
      const key = issue.path.join('.') || '_';
      fields[key] ??= issue.message;
    }
    super(Object.values(fields)[0] ?? 'invalid');
    this.fields = fields;
    this.name = 'ZodValidationError';
  }
}

/** Lets @fastify/swagger document routes whose schemas are zod or zod/mini (any zod core schema). */
export function zodToOpenApi(schema: unknown): unknown {
  if (isZodSchema(schema)) {
    try {
      return z.toJSONSchema(schema, { target: 'openapi-3.0', unrepresentable: 'any', io: 'input' });
    } catch {
      return {};
    }
  }
  return schema;
}

/** Any zod v4 schema, full or mini: both are built on zod's core classes. */
export function isZodSchema(schema: unknown): schema is z.core.$ZodType {
  return schema instanceof z.core.$ZodType;
}

/** A NUL character (PostgreSQL text refuses it: 22021) or a surrogate half without its pair (invalid UTF-8). */
// eslint-disable-next-line no-control-regex -- finding the NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Where (a dotted path, `_` for the value itself) the first string that PostgreSQL cannot store sits in a
 * parsed query, path or body, keys included; null when there is none. Such text is refused centrally
 * (service-kit's app) instead of failing in the database with a 5xx.
 */
export function findUnstorableText(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path.join('.') || '_' : null;
  if (!isPlainData(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return [...path, '_'].join('.');
    const found = findUnstorableText(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/** Parsed JSON, query and path values; raw bodies (Buffers) and streams (uploads) are not text to check. */
function isPlainData(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  return !ArrayBuffer.isView(value) && typeof (value as { pipe?: unknown }).pipe !== 'function';
}
