/**
 * Charging at a real PG's pace: publishing a cohort of reserved members charges them all through the
 * job queue. `npm run bench` prints it last; alone: `BENCH_ONLY=charges npm run bench` or
 * `npx tsx e2e/bench/publish-charges.ts`.
 *
 * The programs service runs in-process on a fresh database with its real peers (embedded PostgreSQL, the
 * sandbox PG on loopback, careercard, the SMTP sink) and its own pg-boss workers: nothing is drained by hand.
 * Two runs on the same service, each with a cohort of its own (services/programs/test/support/reserved-cohort.ts:
 * an operator creates a 14-week team project cohort; each member fills the wizard, books, has a billing key issued
 * at the sandbox PG and confirms it, SETUP_CONCURRENCY members at a time; the operator runs the matcher and
 * publishes): the sandbox answering each charge at once, then after PG_DELAYS_MS[1] (a real PG takes about a
 * second). Figures per run: from the publish request to the last charge the PG recorded, against the target;
 * charges per second; the most charges the sandbox had in progress at once (CHARGE_CONCURRENCY bounds it); 429s;
 * duplicate charges (PG payments beyond one per application, from the sandbox's record), which must be 0. Timings are this machine's: printed, never asserted.
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
// The bench needs the service in-process (its job workers, the sandbox PG's record), as the service's tests do:
// its stack is the programs test support's (services/programs/test/support/charge-bench-stack.ts).
/* eslint-disable boundaries/element-types -- a bench of one service's job queue, not of the site */
import {
  SERVICE_DEFAULT_JOBS,
  SERVICE_DEFAULT_POLLING_SECONDS,
  startChargeBenchStack,
  type ChargeBenchStack,
} from '../../services/programs/test/support/charge-bench-stack';
/* eslint-enable boundaries/element-types */
/* eslint-disable boundaries/element-types -- the same cohort the service's pace test publishes */
import {
  pgChargesOf,
  publishCohort,
  reserveCohort,
  waitForCharges,
} from '../../services/programs/test/support/reserved-cohort';
/* eslint-enable boundaries/element-types */

/** Reserved members in each cohort (rounded up to whole teams of the product's make-up). */
const MEMBERS = Number(process.env.BENCH_CHARGE_MEMBERS ?? 1_000);
/**
 * PROGRAMS_JOB_POLLING_SECONDS for the bench: the service's own default, so the figure is what a deployment
 * gets (BENCH_CHARGE_POLLING_SECONDS to try another; pg-boss 10's smallest is 0.5). Printed with the figure.
 */
const POLLING_SECONDS = Number(process.env.BENCH_CHARGE_POLLING_SECONDS ?? SERVICE_DEFAULT_POLLING_SECONDS);
/** CHARGE_CONCURRENCY: the service's default unless BENCH_CHARGE_CONCURRENCY says otherwise. */
const CHARGE_CONCURRENCY = Number(process.env.BENCH_CHARGE_CONCURRENCY ?? SERVICE_DEFAULT_JOBS.chargeConcurrency);
/** The sandbox PG's answer time per charge in each run: at once, and a real PG's pace (SANDBOX_PG_CHARGE_DELAY_MS). */
const PG_DELAYS_MS = [0, Number(process.env.BENCH_CHARGE_PG_DELAY_MS ?? 800)];
/** The goal at a real PG's pace: 1,000 members charged within 90 s of the publish. */
const TARGET = { members: 1_000, seconds: 90 };
/** Members set up at once (2-core machine: the service, its database and the bench share it). */
const SETUP_CONCURRENCY = Number(process.env.BENCH_CHARGE_SETUP_CONCURRENCY ?? 8);
/** Members' account ids: apart from the demo accounts and the demo applicants (90001 up), a block per run. */
const FIRST_USER_ID = 700_001;
const USER_IDS_PER_RUN = 100_000;
/** How often the bench looks at the applications while the workers charge. */
const WATCH_EVERY_MS = 250;
/** Gives up when the charges take longer than this many times one charge after another at the PG's pace, plus a minute. */
const TIMEOUT_FACTOR = 1;
const TIMEOUT_SLACK_MS = 60_000;
const ONE_CHARGE_MS = 200;

export interface PublishChargesResult {
  members: number;
  pgDelayMs: number;
  secondsToLastCharge: number;
  chargesPerSecond: number;
  maxInFlight: number;
  rateLimited: number;
  duplicateCharges: number;
  pgCharges: number;
}

const pick = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const count = (n: number) => n.toLocaleString('en');
const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

export async function benchPublishCharges(log: (line: string) => void = console.log): Promise<PublishChargesResult[]> {
  const stack = await startChargeBenchStack({
    pollingSeconds: POLLING_SECONDS,
    env: { CHARGE_CONCURRENCY: String(CHARGE_CONCURRENCY) },
  });
  try {
    log(
      `\nTeam publish: reserved members charged by the job queue (CHARGE_CONCURRENCY=${CHARGE_CONCURRENCY}, service default ${SERVICE_DEFAULT_JOBS.chargeConcurrency}; PROGRAMS_JOB_POLLING_SECONDS=${POLLING_SECONDS}; target at a real PG's pace: ${count(TARGET.members)} within ${TARGET.seconds} s)`,
    );
    const results: PublishChargesResult[] = [];
    for (const [run, pgDelayMs] of PG_DELAYS_MS.entries())
      results.push(await runOnce(stack, pgDelayMs, FIRST_USER_ID + run * USER_IDS_PER_RUN, log));
    return results;
  } finally {
    await stack.close();
  }
}

async function runOnce(
  stack: ChargeBenchStack,
  pgDelayMs: number,
  firstUserId: number,
  log: (line: string) => void,
): Promise<PublishChargesResult> {
  const { app } = stack.programs;
  stack.pg.faults.chargeDelayMs = 0;
  const cohort = await reserveCohort(stack, { members: MEMBERS, setupConcurrency: SETUP_CONCURRENCY, firstUserId });
  stack.pg.faults.chargeDelayMs = pgDelayMs;
  stack.pg.resetChargeLoad();
  const published = await publishCohort(stack, cohort.oddId);
  const expected = published.expectedCharges;

  // The service's workers charge; the bench only watches.
  const timeoutMs = expected * (pgDelayMs + ONE_CHARGE_MS) * TIMEOUT_FACTOR + TIMEOUT_SLACK_MS;
  const byState = await waitForCharges(stack, cohort.oddId, expected, { timeoutMs, everyMs: WATCH_EVERY_MS });

  // What the PG recorded: charges per application of this cohort, and the charges it had in progress at once.
  const { payments, perApplication, duplicates } = pgChargesOf(stack, cohort.joinIds);
  const load = stack.pg.chargeLoad();
  const askedTwice = load.taken.length - new Set(load.taken.map((t) => t.paymentId)).size;
  const chargedAt = payments.map((p) => Date.parse(p.paidAt ?? p.failedAt ?? p.updatedAt));
  const firstRequested = Math.min(...payments.map((p) => Date.parse(p.requestedAt)));
  const secondsToLastCharge = (Math.max(...chargedAt) - published.publishStartedAt) / 1000;
  // Applications charged (a duplicate is not a second charge of the figure).
  const chargesPerSecond = perApplication.size / secondsToLastCharge;

  // The queue's view: how long each charge job ran (pg-boss's own timestamps), this cohort's jobs only.
  const jobs: { run_ms: number }[] = (
    await app.knex.raw(
      `select extract(epoch from (completed_on - started_on)) * 1000 as run_ms from programs_jobs.job where name = 'team-charge' and state = 'completed' and (data->>'joinId')::int = any(?)`,
      [cohort.joinIds],
    )
  ).rows;
  const runMs = jobs.map((j) => Number(j.run_ms)).sort((a, b) => a - b);
  const meanRunMs = runMs.reduce((sum, ms) => sum + ms, 0) / Math.max(1, runMs.length);
  // The target is for 1,000 members at a real PG's pace; another size or pace is printed without a verdict.
  const targetApplies = pgDelayMs > 0 && expected >= TARGET.members;

  const row = (label: string, value: string, rest = '') =>
    log(`  ${label.padEnd(24)} ${value.padStart(8)}  ${rest}`.trimEnd());
  log(`\n  PG answers each charge after ${pgDelayMs} ms (sandbox SANDBOX_PG_CHARGE_DELAY_MS)`);
  row(
    'setup (not in the figure)',
    `${cohort.setupSeconds.toFixed(1)} s`,
    `${count(cohort.joinIds.length)} members reserved, ${SETUP_CONCURRENCY} at a time (billing keys from the PG's server API); ${published.teams} teams, ${published.waiting} waiting`,
  );
  row(
    'publish request',
    `${published.publishMs.toFixed(0)} ms`,
    `${count(published.chargeJobs)} team-charge jobs; first charge asked ${((firstRequested - published.publishStartedAt) / 1000).toFixed(1)} s after publish`,
  );
  row(
    'members',
    count(expected),
    Object.entries(byState)
      .map(([s, n]) => `${s} ${count(n)}`)
      .join('  '),
  );
  row(
    'publish -> last charge',
    `${secondsToLastCharge.toFixed(1)} s`,
    targetApplies ? `target ≤ ${TARGET.seconds} s  ${verdict(secondsToLastCharge <= TARGET.seconds)}` : '',
  );
  // The queue's share apart from the publish request's (seats and jobs written in one transaction).
  row(
    'first -> last charge',
    `${((Math.max(...chargedAt) - firstRequested) / 1000).toFixed(1)} s`,
    'the charging alone, after the publish request answered and the first job was taken',
  );
  row(
    'charges per second',
    `${chargesPerSecond.toFixed(2)} /s`,
    pgDelayMs > 0 ? `one after another at this pace: ${(1000 / pgDelayMs).toFixed(2)} /s` : '',
  );
  row(
    'max charges in flight',
    String(load.maxInFlight),
    `at the PG at once; CHARGE_CONCURRENCY ${CHARGE_CONCURRENCY}  ${verdict(load.maxInFlight <= CHARGE_CONCURRENCY)}`,
  );
  row('429s from the PG', String(load.rateLimited.length));
  row(
    'charges at the PG',
    count(payments.length),
    `= members ${count(expected)}  ${verdict(payments.length === expected)}`,
  );
  row(
    'duplicate charges',
    String(duplicates),
    `target 0  ${verdict(duplicates === 0)} (payment ids beyond one per application; ${askedTwice} payment ids asked twice, which the PG refuses)`,
  );
  row(
    'charge job run time',
    `${meanRunMs.toFixed(0)} ms`,
    `mean; p50 ${pick(runMs, 0.5).toFixed(0)} ms, p99 ${pick(runMs, 0.99).toFixed(0)} ms (pg-boss started -> completed); machine load average ${os.loadavg()[0]!.toFixed(1)} (${os.cpus().length} cores)`,
  );
  return {
    members: expected,
    pgDelayMs,
    secondsToLastCharge,
    chargesPerSecond,
    maxInFlight: load.maxInFlight,
    rateLimited: load.rateLimited.length,
    duplicateCharges: duplicates,
    pgCharges: payments.length,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchPublishCharges();
