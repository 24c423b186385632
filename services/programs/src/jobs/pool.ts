import type PgBoss from 'pg-boss';

/** What a pool runs for each job it took: completes or fails the job itself, never throws. */
export type SettleJob = (job: PgBoss.Job<Record<string, unknown>>) => Promise<void>;

export interface JobPool {
  /** Stops taking jobs and resolves once the jobs already taken have settled. */
  stop(): Promise<void>;
}

/**
 * Runs one queue's jobs with up to `concurrency` in flight in this process, for work that mostly waits on
 * someone else (a charge waits about a second for the PG's answer and holds no database connection meanwhile).
 * It takes as many jobs as it has free slots (pg-boss's fetch, SKIP LOCKED, so several instances share the
 * queue), starts each at once, and takes more as soon as one settles; only an empty queue makes it wait the
 * polling interval. pg-boss's own workers instead run a batch and wait for the whole batch (its slowest job)
 * before fetching again.
 */
export function startJobPool(
  boss: PgBoss,
  name: string,
  options: { concurrency: number; pollingMs: number; onError: (error: unknown) => void },
  settle: SettleJob,
): JobPool {
  const running = new Set<Promise<void>>();
  let stopping = false;
  let wake: (() => void) | null = null;
  const nap = (ms: number | null) =>
    new Promise<void>((resolve) => {
      const timer = ms === null ? null : setTimeout(() => resolve(), ms);
      wake = () => {
        if (timer) clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      wake = null;
    });

  const loop = (async () => {
    while (!stopping) {
      const free = options.concurrency - running.size;
      // Every slot busy: wait for one to free.
      if (free <= 0) {
        await nap(null);
        continue;
      }
      let jobs: PgBoss.Job<Record<string, unknown>>[] = [];
      try {
        jobs = await boss.fetch<Record<string, unknown>>(name, { batchSize: free });
      } catch (error) {
        options.onError(error);
      }
      for (const job of jobs) {
        const settled: Promise<void> = settle(job).finally(() => {
          running.delete(settled);
          wake?.();
        });
        running.add(settled);
      }
      // The queue had fewer than asked: nothing more is waiting, so poll again later (or when a slot frees).
      if (jobs.length < free && !stopping) await nap(options.pollingMs);
    }
  })();

  return {
    async stop() {
      stopping = true;
      wake?.();
      await loop;
      await Promise.all(running);
    },
  };
}
