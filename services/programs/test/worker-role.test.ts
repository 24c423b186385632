import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@sq/service-kit/testing';
import { freePort } from '@sq/stack/free-port';
import { startRole, waitForOk, type RoleProcess } from '@sq/stack/role-process';
import { QUEUES } from '../src/jobs/queue';

/**
 * The programs service as two Deployments run it: the web role with PROGRAMS_JOB_WORKERS=false only sends
 * jobs; the programs-worker role runs them. A payment-repair job sent while only the web role runs stays
 * waiting; once a worker starts, it completes.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let boss: PgBoss;
const running: RoleProcess[] = [];

const environment = async (extra: Record<string, string>) => ({
  DATABASE_URL: database.url,
  PORT: String(await freePort()),
  OPS_PORT: String(await freePort()),
  PROGRAMS_JOB_POLLING_SECONDS: '0.5',
  LOG_LEVEL: 'warn',
  ...extra,
});

beforeAll(async () => {
  database = await createTestDatabase('workerrole');
  const migrate = startRole(['migrate', 'programs'], { DATABASE_URL: database.url, SEED_DEMO_DATA: 'false' });
  expect(await migrate.exited, migrate.output()).toBe(0);
}, 120_000);

afterAll(async () => {
  await Promise.all(running.map((role) => role.stop()));
  await boss?.stop({ graceful: false, wait: true });
  await database?.drop();
}, 60_000);

describe('programs web and programs-worker roles', () => {
  it(
    'the web role without workers runs no job; the worker role runs it, with no public port of its own',
    { timeout: 180_000 },
    async () => {
      const webEnv = await environment({ MIGRATE_ON_START: 'false', PROGRAMS_JOB_WORKERS: 'false' });
      const web = startRole(['programs'], webEnv);
      running.push(web);
      await waitForOk(`http://127.0.0.1:${webEnv.OPS_PORT}/readyz`, web);
      await waitForOk(`http://127.0.0.1:${webEnv.PORT}/health`, web);

      boss = new PgBoss({ connectionString: database.url, schema: 'programs_jobs', supervise: false, schedule: false });
      await boss.start();
      const id = await boss.send(QUEUES.repair, {});
      expect(id).toBeTruthy();
      // Ten of the web role's polling intervals: a worker there would have taken the job long before.
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      expect((await boss.getJobById(QUEUES.repair, id!))?.state).toBe('created');

      const workerEnv = await environment({ MIGRATE_ON_START: 'false' });
      const worker = startRole(['programs-worker'], workerEnv);
      running.push(worker);
      await waitForOk(`http://127.0.0.1:${workerEnv.OPS_PORT}/readyz`, worker);
      const health = await (await fetch(`http://127.0.0.1:${workerEnv.OPS_PORT}/healthz`)).json();
      expect(health).toEqual({ status: 'ok', service: 'programs-worker' });

      const deadline = Date.now() + 60_000;
      let state: string | undefined;
      while (Date.now() < deadline && state !== 'completed') {
        state = (await boss.getJobById(QUEUES.repair, id!))?.state;
        if (state !== 'completed') await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(state, worker.output().slice(-2_000)).toBe('completed');
      // The worker serves nothing on PORT: only its ops port is open.
      await expect(
        fetch(`http://127.0.0.1:${workerEnv.PORT}/health`, { signal: AbortSignal.timeout(2_000) }),
      ).rejects.toThrow();
      expect(await worker.stop()).toBe(0);
      expect(await web.stop()).toBe(0);
    },
  );
});
