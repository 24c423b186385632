import fs from 'node:fs';
import path from 'node:path';
import { startTestDatabase } from '@sq/stack/database';
import { freePort } from '@sq/stack/free-port';
import { DATA_DIR, prepareDataDir } from '@sq/stack/paths';
import { startStack } from '@sq/stack/stack';
import type { ServiceName } from '@sq/service-kit';

/**
 * The composed site for e2e and bench: every bundle built and published to a CDN folder of its own, a
 * fresh PostgreSQL, services and gateway on free ports, so runs in parallel never meet.
 */
export async function startTestSite(options: { build?: boolean } = {}): Promise<{
  url: string;
  cdnDir: string;
  mailboxUrl: string;
  paymentUrl: string;
  databaseUrl: string;
  services: Record<string, string>;
  stop: () => Promise<void>;
}> {
  const database = await startTestDatabase('sidequest_e2e');
  prepareDataDir();
  const cdnDir = fs.mkdtempSync(path.join(DATA_DIR, 'e2e-cdn-'));
  const services = ['account', 'content', 'programs', 'careercard', 'itskill'] as ServiceName[];
  const servicePorts = Object.fromEntries(
    await Promise.all(services.map(async (name) => [name, await freePort()])),
  ) as Record<ServiceName, number>;
  const stack = await startStack({
    port: Number(process.env.E2E_PORT ?? (await freePort())),
    servicePorts,
    cdnDir,
    build: options.build,
    logDir: path.join(cdnDir, 'logs'),
    database,
    // Every e2e browser comes from 127.0.0.1: per-IP limits (the API's and field figures') would couple unrelated tests. The per-account
    // sign-in limit stays as configured (the brute-force test relies on it); the per-IP ones are
    // covered by the gateway and account suites.
    // PROGRAMS_CLOCK_CONTROL: a test may move the programs service's clock (PUT /internal/clock), e.g. to a
    // sprint day before its 22:00 check-in close whatever hour the run is at; it puts it back when done.
    // The canary watcher at test speed (canary-rollback.e2e.ts): a look every second, deciding after a dozen
    // visitors (five on each side at least) rather than the production 50 page views and 20 visitors a side. The margin stays wide (a canary must fail on more than
    // half its views beyond the stable rate) so a stray error on a working canary (releases.e2e.ts) never
    // rolls it back mid-test.
    extraEnv: {
      RATE_LIMIT_MAX: '1000000',
      RUM_RATE_LIMIT_MAX: '1000000',
      SIGNIN_MAX_FAILURES_PER_IP: '100000',
      LOG_LEVEL: 'warn',
      PROGRAMS_CLOCK_CONTROL: 'true',
      RELEASE_WATCH_INTERVAL_MS: '1000',
      RELEASE_WATCH_WINDOW_MS: '300000',
      RELEASE_ROLLBACK_MIN_VIEWS: '6',
      RELEASE_ROLLBACK_MIN_VISITORS: '5',
      RELEASE_ROLLBACK_MARGIN: '0.5',
    },
  });
  return {
    url: stack.url,
    cdnDir,
    mailboxUrl: stack.mailboxUrl,
    databaseUrl: stack.databaseUrl,
    paymentUrl: stack.paymentUrl,
    services: stack.services,
    stop: async () => {
      await stack.stop();
      await database.stop();
      fs.rmSync(cdnDir, { recursive: true, force: true });
    },
  };
}
