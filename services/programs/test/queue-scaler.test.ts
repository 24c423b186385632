import fs from 'node:fs';
import path from 'node:path';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@sq/service-kit/testing';
import { QUEUES } from '../src/jobs/queue';

/**
 * The query KEDA's PostgreSQL scaler runs for deploy/components/queue-scaler, on a real pg-boss schema: the jobs
 * due now, created or waiting to retry, across every queue; active, finished and later jobs not counted.
 */
const scaledObject = fs.readFileSync(
  path.join(import.meta.dirname, '../../../deploy/components/queue-scaler/scaled-object.yaml'),
  'utf8',
);
const query = /^\s*query: "(.+)"$/m.exec(scaledObject)![1]!;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let boss: PgBoss;

beforeAll(async () => {
  database = await createTestDatabase('queuescaler');
  boss = new PgBoss({
    connectionString: database.url,
    schema: 'programs_jobs',
    supervise: false,
    schedule: false,
    max: 2,
  });
  await boss.start();
  for (const name of Object.values(QUEUES)) await boss.createQueue(name);
}, 120_000);

afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await database?.drop();
});

// pg-boss's own connection (the service's tests have no other PostgreSQL client than pg-boss and knex).
const depth = async () =>
  Number(((await boss.getDb().executeSql(query, [])) as { rows: Array<{ count: string }> }).rows[0]!.count);

describe('the queue-scaler component’s query', () => {
  it('counts the jobs due now in every queue, not the active, finished or later ones', async () => {
    expect(await depth()).toBe(0);
    const [first, second] = Object.values(QUEUES) as [string, string];
    await boss.send(first, { n: 1 });
    await boss.send(first, { n: 2 });
    await boss.send(second, { n: 3 });
    await boss.send(second, { n: 4 }, { startAfter: 3_600 });
    expect(await depth()).toBe(3);
    // Taken by a worker: no longer waiting.
    const [taken] = await boss.fetch(first);
    expect(await depth()).toBe(2);
    await boss.complete(first, taken!.id);
    expect(await depth()).toBe(2);
  });
});
