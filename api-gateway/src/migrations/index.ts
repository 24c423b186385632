import type { Knex } from 'knex';
import { prepareDatabase, type Migration, type PreparedSchema } from '@sq/service-kit';
import { rateLimit } from './001_rate_limit';
import { remoteRegistry } from './010_remote_registry';
import { rum } from './020_rum';
import { rumVisitors } from './030_rum_visitors';
import { idempotency } from './050_idempotency';

/** The gateway's own schema (`gateway`): ordered by name; names never change once released. */
export const GATEWAY_MIGRATIONS: Record<string, Migration> = {
  '001_rate_limit': rateLimit,
  '010_remote_registry': remoteRegistry,
  '020_rum': rum,
  '030_rum_visitors': rumVisitors,
  '050_idempotency': idempotency,
};

/** Brings the gateway schema to head; safe from several gateway instances at once (prepareDatabase's lock). */
export function migrateGateway(knex: Knex, databaseUrl: string): Promise<PreparedSchema> {
  return prepareDatabase(knex, { databaseUrl, schema: 'gateway', migrations: GATEWAY_MIGRATIONS, runSeed: false });
}
