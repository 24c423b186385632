import type { FastifySchemaCompiler } from 'fastify';
import { z, type ZodType } from 'zod';

/**
 * Routes declare zod schemas (shared with the screens through @sq/contracts); this compiler lets Fastify
 * validate with them and turns the first issue of each field into the Korean message the schema carries.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> = ({ schema }) => (data) => {
  const result = schema.safeParse(data);
  if (result.success) return { value: result.data };
  return { error: new ZodValidationError(result.error) };
};

export class ZodValidationError extends Error {
  readonly fields: Record<string, string>;
  constructor(readonly zodError: z.ZodError) {
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

/** Lets @fastify/swagger document routes whose schemas are zod. */
export function zodToOpenApi(schema: unknown): unknown {
  if (schema instanceof z.ZodType) {
    try {
      return z.toJSONSchema(schema, { target: 'openapi-3.0', unrepresentable: 'any', io: 'input' });
    } catch {
      return {};
    }
  }
  return schema;
}
