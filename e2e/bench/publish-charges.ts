/**
 * Issue 17's figure: publishing a cohort of reserved members charges them all through the job queue.
 * `npm run bench` prints it last; alone: `BENCH_ONLY=charges npm run bench` or `npx tsx e2e/bench/publish-charges.ts`.
 *
 * The programs service runs in-process on a fresh database with its real peers (embedded PostgreSQL, the
 * sandbox PG on loopback, careercard, the SMTP sink) and its own pg-boss workers: nothing is drained by hand.
 * Setup (not timed in the figure): an operator creates a 14-week team project cohort (POST /api/admin/cohorts,
 * the product's team make-up); each member fills the wizard, books, has a billing key issued at the sandbox
 * PG from card credentials (its server API `POST /billing-keys`, no browser) and confirms it (RESERVED),
 * SETUP_CONCURRENCY members at a time. The operator then runs the matcher and publishes the board.
 * Figure: from the publish request to the last charge the PG recorded; charges per second; duplicate charges
 * (PG payments beyond one per application, from the sandbox's record) must be 0. Timings are this machine's:
 * printed, never asserted.
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import type { Identity } from '@sq/contracts';
import { TEST_CARDS } from '@sq/stack/peers/sandbox-pg';
// The bench needs the service in-process (its job workers, the sandbox PG's record), as the service's tests do:
// its stack is the programs test support's (services/programs/test/support/charge-bench-stack.ts).
// eslint-disable-next-line boundaries/element-types -- a bench of one service's job queue, not of the site
import { BENCH_PG_SECRET, BENCH_PG_STORE_ID, SERVICE_DEFAULT_JOBS, SERVICE_DEFAULT_POLLING_SECONDS, startChargeBenchStack, type ChargeBenchStack } from '../../services/programs/test/support/charge-bench-stack';

/** Reserved members in the cohort (rounded up to whole teams of the product's make-up). */
const MEMBERS = Number(process.env.BENCH_CHARGE_MEMBERS ?? 1_000);
/**
 * PROGRAMS_JOB_POLLING_SECONDS for the bench: the service's own default, so the figure is what a deployment
 * gets (BENCH_CHARGE_POLLING_SECONDS to try another; pg-boss 10's smallest is 0.5). Printed with the figure.
 */
const POLLING_SECONDS = Number(process.env.BENCH_CHARGE_POLLING_SECONDS ?? SERVICE_DEFAULT_POLLING_SECONDS);
/** Jobs one worker takes per poll and workers per queue: the service's defaults (src/jobs/queue.ts, src/config.ts). */
const QUEUE_BATCH_SIZE = SERVICE_DEFAULT_JOBS.batchSize;
const QUEUE_WORKERS = SERVICE_DEFAULT_JOBS.workersPerQueue;
/** Members set up at once (2-core machine: the service, its database and the bench share it). */
const SETUP_CONCURRENCY = Number(process.env.BENCH_CHARGE_SETUP_CONCURRENCY ?? 8);
/** The 14-week team project (ON_TEAM_PUBLISH: reserved at application, charged when the team is published). */
const PRODUCT_SLUG = 'bside';
/** Members' account ids: apart from the demo accounts and the demo applicants (90001 up). */
const FIRST_USER_ID = 700_001;
const OPERATOR: Identity = { userId: 900_001, role: 'ROLE_ADMIN', sid: 'sid-bench-operator' };
/** The cohort's calendar from now: recruiting opened an hour ago and is open a week; the team is announced after it. */
const RECRUIT_OPENED_HOURS_AGO = 1;
const RECRUIT_DAYS = 7;
const ANNOUNCE_AFTER_DAYS = 10;
const KICKOFF_AFTER_DAYS = 12;
const START_AFTER_DAYS = 14;
const PROGRAM_WEEKS = 14;
/** Members' careers: spread over ten years from the product's minimum, so the matcher has something to balance. */
const CAREER_MONTHS_MIN = 6;
const CAREER_MONTHS_SPREAD = 120;
const CAREER_MONTHS_STEP = 37;
/** The card every member registers (approved at the charge), valid this many years ahead. */
const CARD = TEST_CARDS.ok;
const CARD_VALID_YEARS = 5;
/** How often the bench looks at the applications while the workers charge. */
const WATCH_EVERY_MS = 250;
/** Gives up when the charges take this many times the queue's own pace (a poll per job) plus a minute. */
const TIMEOUT_FACTOR = 3;
const TIMEOUT_SLACK_MS = 60_000;
/** The matcher's seed (deterministic board). */
const MATCH_SEED = 1;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const SEOUL_OFFSET_MS = 9 * HOUR_MS;
const ROLES = ['PLANNER', 'DESIGNER', 'DEVELOPER'] as const;
type Role = (typeof ROLES)[number];
const ROLE_ANSWERS: Record<Role, { jobGroup: string; position: string; roleQuestions: Record<string, unknown> }> = {
  PLANNER: { jobGroup: 'JG_PLAN', position: 'POS_PM', roleQuestions: { role: 'PLANNER', serviceExperience: '사내 서비스 기획 2건', documentTools: ['Figma', 'Notion'] } },
  DESIGNER: { jobGroup: 'JG_DESIGN', position: 'POS_UXUI', roleQuestions: { role: 'DESIGNER', designTools: ['Figma'], bestWork: '예약 앱 리디자인' } },
  DEVELOPER: { jobGroup: 'JG_DEV', position: 'POS_BACKEND', roleQuestions: { role: 'DEVELOPER', stack: ['TypeScript', 'PostgreSQL'], shippedExperience: '사내 백오피스 출시' } },
};

interface TeamMakeup {
  minSize: number;
  maxSize: number;
  roles: { planner: number | null; designer: number | null; developer: number | null };
}

export interface PublishChargesResult {
  members: number;
  secondsToLastCharge: number;
  chargesPerSecond: number;
  duplicateCharges: number;
  pgCharges: number;
}

const seoulDay = (at: number) => new Date(at + SEOUL_OFFSET_MS).toISOString().slice(0, 10);
const pick = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const count = (n: number) => n.toLocaleString('en');
const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

/** Runs `work` for 0..n-1 with at most `concurrency` at a time. */
async function bounded(n: number, concurrency: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(n, concurrency) }, async () => {
    while (next < n) await work(next++);
  }));
}

export async function benchPublishCharges(log: (line: string) => void = console.log): Promise<PublishChargesResult> {
  const stack = await startChargeBenchStack({ pollingSeconds: POLLING_SECONDS });
  try {
    return await run(stack, log);
  } finally {
    await stack.close();
  }
}

async function run(stack: ChargeBenchStack, log: (line: string) => void): Promise<PublishChargesResult> {
  const { app } = stack.programs;
  const call = async (who: Identity, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await app.inject({ method, url, headers: stack.programs.as(who), ...(payload ? { payload } : {}) });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    return response.json();
  };

  // The product's team make-up decides the role mix: whole teams of its seats per role.
  const product = (await call(OPERATOR, 'GET', `/api/products/${PRODUCT_SLUG}`)).product as { productId: number; name: string; teamMakeup: TeamMakeup };
  const seats: Record<Role, number> = { PLANNER: product.teamMakeup.roles.planner ?? 0, DESIGNER: product.teamMakeup.roles.designer ?? 0, DEVELOPER: product.teamMakeup.roles.developer ?? 0 };
  const teamPattern = ROLES.flatMap((role) => Array.from({ length: seats[role] }, () => role));
  const teams = Math.ceil(MEMBERS / teamPattern.length);
  const members = teams * teamPattern.length;

  const now = Date.now();
  const recruitEnd = now + RECRUIT_DAYS * DAY_MS;
  const start = now + START_AFTER_DAYS * DAY_MS;
  const cohort = (await call(OPERATOR, 'POST', '/api/admin/cohorts', {
    productId: product.productId,
    name: `${product.name} 벤치 기수`,
    recruitStart: new Date(now - RECRUIT_OPENED_HOURS_AGO * HOUR_MS).toISOString(),
    recruitEnd: new Date(recruitEnd).toISOString(),
    teamBuildingAnnounceDate: seoulDay(now + ANNOUNCE_AFTER_DAYS * DAY_MS),
    kickoffDate: seoulDay(now + KICKOFF_AFTER_DAYS * DAY_MS),
    startDate: seoulDay(start),
    endDate: seoulDay(start + PROGRAM_WEEKS * 7 * DAY_MS),
    capacity: members,
    roleSeats: null,
  })).cohort as { oddId: number };
  const oddId = cohort.oddId;

  // Members apply and reserve, a few at a time.
  const expiryYear = String((new Date().getUTCFullYear() + CARD_VALID_YEARS) % 100).padStart(2, '0');
  const setupStarted = performance.now();
  const joinIds: number[] = [];
  await bounded(members, SETUP_CONCURRENCY, async (i) => {
    const role = teamPattern[i % teamPattern.length]!;
    const answers = ROLE_ANSWERS[role];
    const member: Identity = { userId: FIRST_USER_ID + i, role: 'ROLE_USER', sid: `sid-bench-${i}` };
    await call(member, 'POST', `/api/apply/${oddId}/draft`);
    await call(member, 'PUT', `/api/apply/${oddId}/steps/required`, {
      contactEmail: `bench-member-${i}@example.com`, phone: '010-5555-6666', jobGroup: answers.jobGroup, position: answers.position,
      careerYears: 'CY_3_5Y', experienceMonths: CAREER_MONTHS_MIN + ((i * CAREER_MONTHS_STEP) % CAREER_MONTHS_SPREAD), role,
    });
    await call(member, 'PUT', `/api/apply/${oddId}/steps/aside`, { wantToBuild: '동네 가게 예약 서비스', availableTime: '평일 저녁, 주말 오후', friendCareerCardIds: [] });
    await call(member, 'PUT', `/api/apply/${oddId}/steps/product`, { kind: 'TEAM_PROJECT', motivation: '팀으로 출시까지 해 보고 싶어요.', roleQuestions: answers.roleQuestions });
    const booked = await call(member, 'POST', `/api/apply/${oddId}/book`, { agreeTerms: true, agreePrivacy: true, agreeRefundPolicy: true });
    // The card page's parameters (issue id, customer) as the service sent them; the key is issued server to server.
    const page = new URL((booked.payment as { paymentPageUrl: string }).paymentPageUrl).searchParams;
    const issued = await fetch(`${stack.pg.url}/billing-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `PortOne ${BENCH_PG_SECRET}` },
      body: JSON.stringify({
        storeId: BENCH_PG_STORE_ID,
        issueId: page.get('issueId'),
        issueName: page.get('issueName'),
        customer: { id: page.get('customerId') },
        method: { card: { credential: { number: CARD, expiryMonth: '12', expiryYear, birthOrBusinessRegistrationNumber: '900101', passwordTwoDigits: '12' } } },
      }),
    });
    if (!issued.ok) throw new Error(`PG billing key: ${issued.status} ${await issued.text()}`);
    const { billingKey } = ((await issued.json()) as { billingKeyInfo: { billingKey: string } }).billingKeyInfo;
    const confirmed = await call(member, 'POST', `/api/apply/${oddId}/payment/confirm`, { billingKey, issueId: page.get('issueId') });
    if (confirmed.result !== 'RESERVED') throw new Error(`member ${i}: ${String(confirmed.result)} after the confirm`);
    joinIds.push((confirmed.application as { joinId: number }).joinId);
  });
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  // The operator runs the matcher, checks the preview and publishes.
  const board = await call(OPERATOR, 'POST', `/api/admin/cohorts/${oddId}/board/run`, { seed: MATCH_SEED });
  const placedTeams = (board.teams as unknown[]).length;
  const waiting = (board.waitlist as unknown[]).length;
  const preview = await call(OPERATOR, 'GET', `/api/admin/cohorts/${oddId}/board/preview`);
  const expected = (preview.charges as unknown[]).length;
  const publishStarted = Date.now();
  const published = await call(OPERATOR, 'POST', `/api/admin/cohorts/${oddId}/board/publish`);
  const publishMs = Date.now() - publishStarted;

  // The service's workers charge; the bench only watches.
  const timeoutMs = (expected * POLLING_SECONDS * 1000) / (QUEUE_BATCH_SIZE * QUEUE_WORKERS) * TIMEOUT_FACTOR + TIMEOUT_SLACK_MS;
  const settledStates = ['ASSIGNED', 'PAYMENT_FAILED'];
  const states = async () => {
    const rows: { status: string; n: string }[] = await app.knex('application').where({ odd_id: oddId }).groupBy('status').select('status').count({ n: '*' });
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Record<string, number>;
  };
  let byState = await states();
  while (settledStates.reduce((sum, s) => sum + (byState[s] ?? 0), 0) < expected) {
    if (Date.now() - publishStarted > timeoutMs) throw new Error(`charges not settled after ${(timeoutMs / 1000).toFixed(0)} s: ${JSON.stringify(byState)}`);
    await new Promise((resolve) => setTimeout(resolve, WATCH_EVERY_MS));
    byState = await states();
  }

  // What the PG recorded: charges per application of this cohort.
  const ours = new Set(joinIds);
  const payments = stack.pg.state().payments.filter((p) => ours.has(Number(/^sq-(\d+)-charge/.exec(p.id)?.[1])));
  const perApplication = new Map<number, number>();
  for (const p of payments) {
    const joinId = Number(/^sq-(\d+)-/.exec(p.id)![1]);
    perApplication.set(joinId, (perApplication.get(joinId) ?? 0) + 1);
  }
  const duplicates = [...perApplication.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
  const chargedAt = payments.map((p) => Date.parse(p.paidAt ?? p.failedAt ?? p.updatedAt));
  const firstRequested = Math.min(...payments.map((p) => Date.parse(p.requestedAt)));
  const secondsToLastCharge = (Math.max(...chargedAt) - publishStarted) / 1000;
  // Applications charged (a duplicate is not a second charge of the figure).
  const chargesPerSecond = perApplication.size / secondsToLastCharge;

  // The queue's view: how long each charge job ran (pg-boss's own timestamps).
  const jobs: { run_ms: number }[] = (await app.knex.raw(
    `select extract(epoch from (completed_on - started_on)) * 1000 as run_ms from programs_jobs.job where name = 'team-charge' and state = 'completed'`,
  )).rows;
  const runMs = jobs.map((j) => Number(j.run_ms)).sort((a, b) => a - b);
  const meanRunSeconds = runMs.reduce((sum, ms) => sum + ms, 0) / Math.max(1, runMs.length) / 1000;

  const row = (label: string, value: string, rest = '') => log(`  ${label.padEnd(24)} ${value.padStart(8)}  ${rest}`.trimEnd());
  log(`\nTeam publish: ${count(expected)} reserved members charged by the job queue (${product.name}; pg-boss batch ${QUEUE_BATCH_SIZE}, ${QUEUE_WORKERS} workers per queue, PROGRAMS_JOB_POLLING_SECONDS=${POLLING_SECONDS}, service default ${SERVICE_DEFAULT_POLLING_SECONDS} s)`);
  row('setup (not in the figure)', `${setupSeconds.toFixed(1)} s`, `${count(members)} members reserved, ${SETUP_CONCURRENCY} at a time (billing keys from the PG's server API); ${placedTeams} teams, ${waiting} waiting`);
  row('publish request', `${publishMs.toFixed(0)} ms`, `${count(published.chargeJobs as number)} team-charge jobs; first charge asked ${((firstRequested - publishStarted) / 1000).toFixed(1)} s after publish`);
  row('members', count(expected), Object.entries(byState).map(([s, n]) => `${s} ${count(n)}`).join('  '));
  row('publish -> last charge', `${secondsToLastCharge.toFixed(1)} s`);
  row('charges per second', `${chargesPerSecond.toFixed(2)} /s`);
  row('charges at the PG', count(payments.length), `= members ${count(expected)}  ${verdict(payments.length === expected)}`);
  row('duplicate charges', String(duplicates), `target 0  ${verdict(duplicates === 0)}`);
  row('charge job run time', `${(meanRunSeconds * 1000).toFixed(0)} ms`, `mean; p50 ${pick(runMs, 0.5).toFixed(0)} ms, p99 ${pick(runMs, 0.99).toFixed(0)} ms (pg-boss started -> completed: a batch's jobs start together and run one after another, so this counts the wait for the jobs before it); machine load average ${os.loadavg()[0]!.toFixed(1)} (${os.cpus().length} cores)`);
  return { members: expected, secondsToLastCharge, chargesPerSecond, duplicateCharges: duplicates, pgCharges: payments.length };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchPublishCharges();
