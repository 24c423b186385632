import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';

/**
 * Routes declare zod schemas (shared with the screens through @sq/contracts); this compiler lets Fastify
 * validate with them and turns the first issue of each field into the Korean message the schema carries.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.core.$ZodType> = ({ schema }) => (data) => {
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
