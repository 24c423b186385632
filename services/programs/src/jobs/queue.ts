import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { Knex } from 'knex';
import type { ProgramsConfig } from '../config';
import { connectionSettings, sqlIn } from '../repositories/db';
import { startJobPool, type JobPool } from './pool';

/**
 * The programs service's job queue: pg-boss on the service's own PostgreSQL (schema `programs_jobs`), so
 * jobs survive restarts and several instances share the work (pg-boss fetches with SKIP LOCKED). Jobs that
 * follow a state change are sent inside the change's transaction (`sendIn`), so the change and its follow-up
 * commit together (a transactional outbox); cron schedules are kept once in the database however many
 * instances run.
 */
export const QUEUES = {
  webhook: 'payment-webhook',
  mail: 'application-mail',
  release: 'reservation-release',
  repair: 'payment-repair',
  autoCancel: 'reservation-auto-cancel',
  // Operators: one charge per member at team publish; the card-update deadline of a declined charge.
  teamCharge: 'team-charge',
  chargeDeadline: 'charge-deadline',
  checkinMisses: 'checkin-misses',
  // A charge that settled on an application that could no longer take it is refunded (payments/charges.ts).
  chargeReversal: 'charge-reversal',
  // The applications' copies of who their members are (operators/people-copy.ts).
  applicantCopy: 'applicant-copy',
  // The daily reconciliation with the PG (reconciliation/reconcile.ts).
  reconciliation: 'money-reconciliation',
  // Between the daily runs: owed refunds and pending charges past their ages enter the exceptions queue.
  exceptionScan: 'money-exception-scan',
  // Webhooks out (webhooks/): the mail to the owner of a subscription turned off for failing; the scan for cohorts that
  // opened; the deletion of old events and their deliveries.
  webhookDisabledMail: 'webhook-disabled-mail',
  webhookCohortOpened: 'webhook-cohort-opened',
  webhookLogPrune: 'webhook-log-prune',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

export interface JobQueue {
  /** Registers what runs a queue's jobs (before `start`). */
  handle(name: QueueName, handler: JobHandler): void;
  send(name: QueueName, data: Record<string, unknown>, options?: PgBoss.SendOptions): Promise<string | null>;
  /** Sends within a knex transaction: the job exists only if the transaction commits. */
  sendIn(
    trx: Knex.Transaction,
    name: QueueName,
    data: Record<string, unknown>,
    options?: PgBoss.SendOptions,
  ): Promise<string | null>;
  /** Runs every job waiting in the given queues now, in this process (tests, operators). Returns how many ran. */
  drain(...names: QueueName[]): Promise<number>;
  /** A cron schedule (Asia/Seoul) kept once in the database, set when the queue starts (register before `start`). */
  schedule(name: QueueName, cron: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/**
 * How long stopping waits for the jobs running (the pools' first, then pg-boss's): within the 45 s termination grace
 * period with the request drain (service-kit ops.ts). A job cut off is taken up again once it expires.
 */
const STOP_WAIT_MS = 10_000;

const RETRY: PgBoss.SendOptions = { retryLimit: 8, retryDelay: 5, retryBackoff: true };

/** What every job is sent with: its retries, and how long it may stay active before it counts as lost. */
const sendDefaults = (config: ProgramsConfig['jobs']): PgBoss.SendOptions => ({
  ...RETRY,
  expireInSeconds: config.expireSeconds,
});

export const jobQueuePlugin = fp<{ config: ProgramsConfig['jobs'] }>(
  async (app, { config }) => {
    const boss = new PgBoss({
      ...connectionSettings(app.knex),
      schema: 'programs_jobs',
      max: config.poolMax,
      application_name: 'programs-jobs',
      // An instance that only sends (the web role beside a programs-worker) leaves cron and maintenance to the
      // instances that run jobs.
      supervise: config.workers,
      schedule: config.workers,
      maintenanceIntervalSeconds: config.maintenanceSeconds,
    });
    const defaults = sendDefaults(config);
    boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
    const handlers = new Map<QueueName, JobHandler>();
    const schedules = new Map<QueueName, string>();
    /**
     * Queues whose jobs run many at once in this process (jobs/pool.ts) instead of pg-boss's batch workers: the
     * team charges, each of which waits about a second for the PG (CHARGE_CONCURRENCY).
     */
    const pooled: Partial<Record<QueueName, number>> = { [QUEUES.teamCharge]: config.chargeConcurrency };
    const pools: JobPool[] = [];
    let started = false;
    // /metrics: jobs waiting (created or waiting to retry) per queue, read from pg-boss when scraped. A queue
    // that only grows has no worker or a failing one.
    app.metrics.gauge(
      'job_queue_depth',
      'pg-boss jobs waiting to run (created or retry), per queue.',
      ['queue'],
      async (gauge) => {
        if (!started) return;
        for (const name of Object.values(QUEUES)) gauge.set({ queue: name }, (await boss.getQueueSize(name)) ?? 0);
      },
    );

    const run = async (name: QueueName, job: PgBoss.Job<Record<string, unknown>>) => {
      const handler = handlers.get(name);
      if (!handler) throw new Error(`no handler for ${name}`);
      await handler(job.data ?? {});
    };

    /** Runs one job and completes it, or fails it (pg-boss retries it by its retry options). */
    const settle = async (name: QueueName, job: PgBoss.Job<Record<string, unknown>>) => {
      try {
        await run(name, job);
        await boss.complete(name, job.id);
      } catch (error) {
        app.log.warn({ err: error, queue: name }, 'job failed');
        await boss.fail(name, job.id, { message: (error as Error).message });
      }
    };

    const queue: JobQueue = {
      handle(name, handler) {
        handlers.set(name, handler);
      },
      schedule(name, cron) {
        schedules.set(name, cron);
      },
      send: (name, data, options) => boss.send(name, data, { ...defaults, ...options }),
      sendIn: (trx, name, data, options) =>
        boss.send(name, data, {
          ...defaults,
          ...options,
          db: { executeSql: sqlIn(trx) },
        }),
      async drain(...names) {
        let ran = 0;
        for (const name of names.length ? names : Object.values(QUEUES)) {
          for (;;) {
            const jobs = await boss.fetch<Record<string, unknown>>(name, { batchSize: 20 });
            if (!jobs.length) break;
            for (const job of jobs) await settle(name, job);
            ran += jobs.length;
          }
        }
        return ran;
      },
    };
    app.decorate('jobs', queue);

    app.addHook('onReady', async () => {
      await boss.start();
      started = true;
      for (const name of Object.values(QUEUES)) {
        // Several instances start together: a queue another one just created is fine.
        if (!(await boss.getQueue(name)))
          await boss.createQueue(name).catch(async (error: unknown) => {
            if (!(await boss.getQueue(name))) throw error;
          });
      }
      await boss.schedule(QUEUES.repair, config.repairCron, {}, { tz: 'Asia/Seoul', retryLimit: 0 });
      await boss.schedule(QUEUES.autoCancel, config.autoCancelCron, {}, { tz: 'Asia/Seoul', retryLimit: 2 });
      for (const [name, cron] of schedules) await boss.schedule(name, cron, {}, { tz: 'Asia/Seoul', retryLimit: 2 });
      if (!config.workers) return;
      for (const name of Object.values(QUEUES)) {
        const concurrency = pooled[name];
        if (concurrency) {
          const onError = (error: unknown) => app.log.error({ err: error, queue: name }, 'job pool fetch failed');
          pools.push(
            startJobPool(boss, name, { concurrency, pollingMs: config.pollingSeconds * 1000, onError }, (job) =>
              settle(name, job),
            ),
          );
          continue;
        }
        for (let worker = 0; worker < config.workersPerQueue; worker++) {
          await boss.work<Record<string, unknown>>(
            name,
            { pollingIntervalSeconds: config.pollingSeconds, batchSize: config.batchSize },
            async (jobs) => {
              // Each job of the batch settles on its own: one failing job is retried alone, the others complete.
              // (pg-boss then completes the batch, which leaves jobs already completed or failed as they are.)
              for (const job of jobs) await settle(name, job);
            },
          );
        }
      }
    });
    app.addHook('onClose', async () => {
      if (!started) return;
      started = false;
      // The pools' jobs in flight settle (complete or fail) before pg-boss stops.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(pools.splice(0).map((pool) => pool.stop())),
        new Promise((resolve) => {
          timer = setTimeout(resolve, STOP_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
      await boss.stop({ graceful: true, wait: true, timeout: STOP_WAIT_MS });
    });
  },
  { name: 'job-queue', dependencies: ['knex', 'ops'] },
);
