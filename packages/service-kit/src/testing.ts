import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import type { FastifyInstance } from 'fastify';
import type { Identity } from '@sq/contracts';
import {
  IDENTITY_CLIENT_HEADER,
  IDENTITY_CLIENT_SIGNATURE_HEADER,
  IDENTITY_HEADER,
  IDENTITY_SIGNATURE_HEADER,
  INTERNAL_SECRET_HEADER,
} from '@sq/contracts';
import { DEV_INTERNAL_SECRET } from './config';
import { signClient, signIdentity } from './identity';
import { buildService, type ServiceDefinition } from './service';

/**
 * A fresh database on the test PostgreSQL (DATABASE_URL; the test launcher starts the embedded one when it
 * is unset), dropped again by `drop()`. Each test file gets its own, so files run in parallel.
 */
export async function createTestDatabase(prefix = 't'): Promise<{ url: string; drop: () => Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('DATABASE_URL is not set; run tests through `npm test` or set it.');
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: baseUrl, pool: { min: 0, max: 1 } });
  await admin.raw('create database ??', [name]);
  await admin.destroy();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = knexFactory({ client: 'pg', connection: baseUrl, pool: { min: 0, max: 1 } });
      await cleanup.raw('drop database if exists ?? with (force)', [name]);
      await cleanup.destroy();
    },
  };
}

export interface TestService {
  app: FastifyInstance;
  databaseUrl: string;
  /** Headers as the gateway would send them for this identity. */
  as(identity: Identity): Record<string, string>;
  /** Headers as the gateway would send them for a client at this address. */
  from(address: string): Record<string, string>;
  internalHeaders: Record<string, string>;
  close(): Promise<void>;
}

/** The `build()` helper of every service's tests: a real app on a real, fresh PostgreSQL database. */
export async function build(definition: ServiceDefinition, options: { seed?: boolean } = {}): Promise<TestService> {
  const database = await createTestDatabase(definition.name);
  const internalSecret = DEV_INTERNAL_SECRET;
  const app = await buildService(definition, {
    databaseUrl: database.url,
    internalSecret,
    runSeed: options.seed ?? true,
  });
  await app.ready();
  return {
    app,
    databaseUrl: database.url,
    as(identity) {
      const { header, signature } = signIdentity(identity, internalSecret);
      return { [IDENTITY_HEADER]: header, [IDENTITY_SIGNATURE_HEADER]: signature };
    },
    from(address) {
      const { header, signature } = signClient(address, internalSecret);
      return { [IDENTITY_CLIENT_HEADER]: header, [IDENTITY_CLIENT_SIGNATURE_HEADER]: signature };
    },
    internalHeaders: { [INTERNAL_SECRET_HEADER]: internalSecret },
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
