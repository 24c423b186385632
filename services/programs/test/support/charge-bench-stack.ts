import type { AddressInfo } from 'node:net';
import { build, type TestService } from '@sq/service-kit/testing';
import { startTestDatabase, type Database } from '@sq/stack/database';
import { startMailSink, type MailSink } from '@sq/stack/peers/mail-sink';
import { generateWebhookSecret, startSandboxPg, type SandboxPg } from '@sq/stack/peers/sandbox-pg';
import { careercardService } from '../../../careercard/src/service';
import { createProgramsService } from '../../src/service';
import { readProgramsConfig, type ProgramsConfig } from '../../src/config';

/** The sandbox PG's server-API secret and store for the bench (the service is configured with the same). */
export const BENCH_PG_SECRET = 'bench-pg-secret';
export const BENCH_PG_STORE_ID = 'store-bench';
/** Where the console's name and skill-level lookups go: a closed port, so they fail at once (names and levels stay null). */
const UNREACHABLE_PEER = 'http://127.0.0.1:1';
/** The service's own worker polling when PROGRAMS_JOB_POLLING_SECONDS is unset (src/config/index.ts). */
export const SERVICE_DEFAULT_POLLING_SECONDS = readProgramsConfig({}).jobs.pollingSeconds;
/** The service's own batch size and workers per queue when their variables are unset (src/config/index.ts). */
export const SERVICE_DEFAULT_JOBS = readProgramsConfig({}).jobs;

export interface ChargeBenchStack {
  programs: TestService;
  careercard: TestService;
  pg: SandboxPg;
  mail: MailSink;
  config: ProgramsConfig;
  close(): Promise<void>;
}

/**
 * The programs service as it runs in production, for the publish-and-charge bench (e2e/bench/publish-charges.ts):
 * a fresh database on an embedded PostgreSQL of its own (or DATABASE_URL), the real clock, and its real peers as
 * startApplyStack has them (the sandbox PG in-process on loopback, the careercard service, the SMTP sink). Unlike
 * the test suites, the service's own pg-boss workers run the jobs (PROGRAMS_JOB_WORKERS=true) with the given
 * polling (PROGRAMS_JOB_POLLING_SECONDS) and any other settings in `env` (CHARGE_CONCURRENCY, ...); nothing is drained by hand. The account and itskill services are not
 * started: the board then shows no names and the matcher uses the cohort's mean level, as when they are down.
 */
export async function startChargeBenchStack(options: {
  pollingSeconds: number;
  env?: Record<string, string>;
}): Promise<ChargeBenchStack> {
  let database: Database | null = null;
  if (!process.env.DATABASE_URL) {
    database = await startTestDatabase('sidequest_bench_charges');
    process.env.DATABASE_URL = database.url;
  }
  const mail = await startMailSink({ smtpPort: 0, httpPort: 0 });
  const secret = generateWebhookSecret();
  // No webhook address, as in the suites' stack: the charge's answer is what the team-charge job settles.
  const pg = await startSandboxPg({
    apiSecret: BENCH_PG_SECRET,
    storeId: BENCH_PG_STORE_ID,
    webhookSecret: secret,
    webhookUrl: null,
  });
  process.env.UPLOAD_DIR ??= '/tmp/sq-programs-test-uploads';
  const careercard = await build(careercardService, { seed: false });
  await careercard.app.listen({ port: 0, host: '127.0.0.1' });
  process.env.CAREERCARD_SERVICE_URL = `http://127.0.0.1:${(careercard.app.server.address() as AddressInfo).port}`;
  process.env.ACCOUNT_SERVICE_URL = UNREACHABLE_PEER;
  process.env.ITSKILL_SERVICE_URL = UNREACHABLE_PEER;
  process.env.SMTP_HOST = '127.0.0.1';
  process.env.SMTP_PORT = String(mail.smtpPort);
  // The peers' URLs and the SMTP sink set above, then this stack's PG and jobs.
  const config = readProgramsConfig({
    ...process.env,
    PG_API_URL: pg.url,
    PG_API_SECRET: BENCH_PG_SECRET,
    PG_STORE_ID: BENCH_PG_STORE_ID,
    PG_WEBHOOK_SECRET: secret,
    SITE_URL: 'http://localhost:8080',
    PROGRAMS_JOB_WORKERS: 'true',
    PROGRAMS_JOB_POLLING_SECONDS: String(options.pollingSeconds),
    ...options.env,
  });
  // Reference data only (the four products and their refund rules): the bench makes its own cohort.
  const programs = await build(createProgramsService({ config }), { seed: false });
  return {
    programs,
    careercard,
    pg,
    mail,
    config,
    async close() {
      await programs.close();
      await careercard.close();
      await pg.close();
      await mail.close();
      if (database) {
        await database.stop();
        delete process.env.DATABASE_URL;
      }
    },
  };
}
