import type { AddressInfo } from 'node:net';
import { IDENTITY_HEADER, IDENTITY_SIGNATURE_HEADER } from '@sq/contracts';
import {
  DEV_INTERNAL_SECRET,
  buildService,
  generateJwtKeys,
  signIdentity,
  type ServiceDefinition,
} from '@sq/service-kit';
import { build, type TestService } from '@sq/service-kit/testing';
import { accountService } from '../../../../account/src/service';
import { itskillService } from '../../../../itskill/src/service';
import { createProgramsService } from '../../../src/service';
import { readProgramsConfig } from '../../../src/config';

export interface ScaleStack {
  programs: TestService;
  account: TestService;
  itskill: TestService;
  close(options?: { keepDatabases: boolean }): Promise<void>;
}

const addressOf = (service: TestService) => `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;

/** Databases of an earlier run (SCALE_KEEP_DATABASES) to time again, by service; their migrations are brought up to date. */
export type ScaleDatabases = Record<'programs' | 'account' | 'itskill', string>;

/** A service on an existing database: started as `build` does, and stopped without dropping the database. */
async function onDatabase(definition: ServiceDefinition, databaseUrl: string): Promise<TestService> {
  const app = await buildService(definition, { databaseUrl, internalSecret: DEV_INTERNAL_SECRET, runSeed: false });
  await app.ready();
  return {
    app,
    databaseUrl,
    as(identity) {
      const { header, signature } = signIdentity(identity, DEV_INTERNAL_SECRET);
      return { [IDENTITY_HEADER]: header, [IDENTITY_SIGNATURE_HEADER]: signature };
    },
    from() {
      throw new Error('not used by the scale bench');
    },
    internalHeaders: {},
    close: () => app.close(),
  };
}

/**
 * The services behind the pages the scale bench times, each on a fresh database of the test PostgreSQL
 * (DATABASE_URL) with its real migrations and reference data and no demo data: programs (job workers off, so
 * nothing runs beside the timed requests), and, on loopback, the account service (the console's names and
 * career card IDs) and the itskill service (skill levels) it calls.
 */
export async function startScaleStack(databases?: ScaleDatabases): Promise<ScaleStack> {
  const start = (definition: ServiceDefinition, name: keyof ScaleDatabases) =>
    databases ? onDatabase(definition, databases[name]) : build(definition, { seed: false });
  // The account service signs tokens: a throwaway key pair, as its own tests use.
  const keys = generateJwtKeys();
  process.env.JWT_PRIVATE_KEY ??= keys.privateKey;
  process.env.JWT_PUBLIC_KEY ??= keys.publicKey;
  const account = await start(accountService, 'account');
  await account.app.listen({ port: 0, host: '127.0.0.1' });
  const itskill = await start(itskillService, 'itskill');
  await itskill.app.listen({ port: 0, host: '127.0.0.1' });
  process.env.ACCOUNT_SERVICE_URL = addressOf(account);
  process.env.ITSKILL_SERVICE_URL = addressOf(itskill);
  const programs = await start(
    createProgramsService({ config: readProgramsConfig({ ...process.env, PROGRAMS_JOB_WORKERS: 'false' }) }),
    'programs',
  );
  return {
    programs,
    account,
    itskill,
    async close(options = { keepDatabases: false }) {
      // Kept: the services stop and the generated databases stay for EXPLAIN (their names are printed).
      for (const service of [programs, itskill, account])
        await (options.keepDatabases ? service.app.close() : service.close());
    },
  };
}
