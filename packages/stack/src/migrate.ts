import {
  SERVICE_PORTS,
  createKnex,
  prepareDatabase,
  seedsDemoData,
  type PreparedSchema,
  type ServiceName,
} from '@sq/service-kit';
import { SERVICE_DEFINITIONS, gatewayMigrations } from './role-modules';

/** Every schema a `migrate` role brings to head, in the order `migrate all` takes them (none reads another's). */
export const SCHEMAS = ['gateway', ...(Object.keys(SERVICE_PORTS) as ServiceName[])] as const;
export type SchemaName = (typeof SCHEMAS)[number];

async function migrateSchema(
  schema: SchemaName,
  databaseUrl: string,
  env: NodeJS.ProcessEnv,
): Promise<PreparedSchema & { total: number }> {
  if (schema === 'gateway') {
    const gateway = await gatewayMigrations();
    const knex = createKnex({ databaseUrl, schema, pool: { min: 0, max: 2 } });
    try {
      return {
        ...(await gateway.migrateGateway(knex, databaseUrl)),
        total: Object.keys(gateway.GATEWAY_MIGRATIONS).length,
      };
    } finally {
      await knex.destroy();
    }
  }
  const definition = await SERVICE_DEFINITIONS[schema as ServiceName]();
  const knex = createKnex({ databaseUrl, schema: definition.schema, pool: { min: 0, max: 2 } });
  try {
    // The same seeds as a start: reference data always, demo data only outside production.
    const prepared = await prepareDatabase(knex, { ...definition, databaseUrl, runSeed: seedsDemoData(env) });
    return { ...prepared, total: Object.keys(definition.migrations).length };
  } finally {
    await knex.destroy();
  }
}

/**
 * The `migrate <schema|all>` role: each schema brought to head under its advisory lock (prepareDatabase), so
 * several at once (a Job per schema, pods of a rollout, a retried Job) apply each migration once. Prints one
 * line per schema; resolves when all are at head.
 */
export async function migrate(
  target: string,
  env: NodeJS.ProcessEnv = process.env,
  print: (line: string) => void = console.log,
): Promise<void> {
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is not set: the migrate role runs against an existing PostgreSQL.');
  const schemas = target === 'all' ? [...SCHEMAS] : [target as SchemaName];
  for (const schema of schemas) {
    const { applied, total } = await migrateSchema(schema, databaseUrl, env);
    print(
      applied.length
        ? `[migrate] ${schema}: applied ${applied.length} of ${total} (${applied.join(', ')})`
        : `[migrate] ${schema}: at head (${total} migrations)`,
    );
  }
}

export const isSchemaName = (value: string | undefined): value is SchemaName | 'all' =>
  value === 'all' || (SCHEMAS as readonly string[]).includes(value ?? '');
