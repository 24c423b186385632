import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Identity } from '@sq/contracts';
import { canTransition, type ApplicationState, type BookResponse } from '@sq/contracts/api/applications';
import type { MoneyException } from '@sq/contracts/api/money';
import { TEST_CARDS, TODAY, newMember, startApplyStack, type ApplyStack } from './support/apply-stack';
import { memberClient } from './support/member-client';
import { openTeamProjectCohort } from './support/publish-teams';

/**
 * A model-based test of money: fast-check drives random sequences of what members, operators, the
 * PG and the jobs do to one cohort of the 14-week project — apply, card registration, confirm (repeated and
 * concurrent), duplicated and late webhooks, publish, a declined charge, a card update and its deadline, member
 * cancel, removal, team stop, company ended, rewards, the repair job, auto-cancel, the clock moving on (weeks, or
 * hours within a card-update deadline), repeated declines with card updates charged at once, cancellations made in
 * the PG's console, and the network failing between the service and the PG (a charge's answer lost after the PG
 * charged: a crash between the PG's call and our write; a charge request lost, a first one or a retry with a new
 * card; reads unanswered; a cancellation's answer lost) — against the real programs service and the sandbox PG.
 * After every step it checks what must always hold; after the run, once the jobs and the repair have caught up,
 * what must hold eventually:
 *  - the PG's cancellations equal the ledger (every one booked, the console's as PG_DIRECT and only those;
 *    eventually all settled);
 *  - refunded ≤ paid for every payment, at the PG and in our books;
 *  - refunded ≤ the largest entitlement applied (refund cases never stack), and a console cancellation made
 *    before the site refunded anything counts toward it;
 *  - one charge per application at the PG; no application charged in a state that forbids it without a
 *    compensating refund of the whole charge;
 *  - no charge stays PENDING after the repair job ran past its delay (with the network whole);
 *  - a member whose team charge was declined can register another card until the deadline of the first decline
 *    (my page offers it), and the cohort's waitlist is not auto-cancelled before that deadline;
 *  - at most one live billing key per application;
 *  - a member is charged only while on a living team: a charge paid after the member's team was stopped or the
 *    cohort ended (also through replacements, deadline backfills, card updates, the repair job) went back whole;
 *  - nothing owed is given up: the card company refusing cancellations (longer than any job retries) voids no case,
 *    and what is owed is paid once its next attempt is due;
 *  - the state history replays to the current state through allowed transitions only;
 *  - the reconciliation with the PG after each step finds only mismatches the model expects at that moment (console
 *    cancellations and billing keys on their way), and once everything caught up, none at all.
 * CI runs MONEY_MODEL_RUNS (default 8) sequences of up to MONEY_MODEL_STEPS (default 24) steps with the fixed
 * MONEY_MODEL_SEED; set them to run longer or to replay a failure (fast-check prints its seed and path).
 */
const RUNS = Number(process.env.MONEY_MODEL_RUNS ?? 8);
const STEPS = Number(process.env.MONEY_MODEL_STEPS ?? 24);
const SEED = Number(process.env.MONEY_MODEL_SEED ?? 20261125);

const ADMIN: Identity = { userId: 900_201, role: 'ROLE_ADMIN', sid: 'sid-money-model' };
/** The instants a run moves through: recruiting, after the announcement, then into the 14 weeks. */
const TIMELINE = [
  TODAY,
  new Date('2026-12-20T12:00:00+09:00'),
  new Date('2027-01-14T12:00:00+09:00'),
  new Date('2027-02-01T12:00:00+09:00'),
  new Date('2027-02-13T12:00:00+09:00'),
  new Date('2027-04-25T12:00:00+09:00'),
];

/** PAYMENT_UPDATE_DEADLINE_HOURS (operators' config default): a declined team charge's card-update deadline. */
const DEADLINE_MS = 48 * 3_600_000;
const CONSOLE_REASON = '상담 후 일부 환불 (PG 콘솔)';

let stack: ApplyStack;
let webhookUrl: string;
/** Every application the runs made: the invariants are checked over all of them. */
const applications = new Set<number>();
/** The members behind them (my page is read as they see it). */
const clients = new Map<number, ReturnType<typeof memberClient>>();
/** When each application's team charge was first declined: its card-update deadline is 48 hours after. */
const firstDeclines = new Map<number, Date>();
/** What the PG's console gave back per payment id, and per application before the site refunded anything. */
const consoleTotals = new Map<string, number>();
const consoleBeforeSiteRefunds = new Map<number, number>();
/** How many steps of each kind ran (printed: a run that did nothing would prove nothing). */
const stepsRun = new Map<string, number>();

beforeAll(async () => {
  stack = await startApplyStack();
  await stack.programs.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `http://127.0.0.1:${(stack.programs.app.server.address() as AddressInfo).port}/api/payments/webhook`;
  stack.pg.setWebhookUrl(webhookUrl);
});
afterAll(async () => {
  await stack?.close();
});

const knex = () => stack.programs.app.knex;
const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  stack.programs.app.inject({ method, url, headers: stack.programs.as(ADMIN), ...(payload ? { payload } : {}) });
const drainAll = () => stack.programs.app.jobs.drain();
const isServerError = (status: number) => status >= 500 && status !== 503;

interface Member {
  client: ReturnType<typeof memberClient>;
  joinId: number;
  query: Record<string, string> | null;
  /** The last card page opened for the member (the browser may go back to it). */
  page: BookResponse;
}
interface Model {
  oddId: number;
  members: Member[];
  published: boolean;
  teamId: number | null;
  phase: number;
}
type Real = { model: Model };
type Step = fc.AsyncCommand<Model, Real>;

const newCohort = () => openTeamProjectCohort(stack, '모델 테스트');

const member = (model: Model, index: number) => model.members[index % model.members.length]!;
const command = (name: string, check: (m: Model) => boolean, run: (m: Model) => Promise<void>): Step => ({
  check,
  async run(model) {
    await run(model);
    stepsRun.set(name.replace(/\(.*/, ''), (stepsRun.get(name.replace(/\(.*/, '')) ?? 0) + 1);
    await noteDeclines();
    await checkAlways();
    await checkReconciliation();
  },
  toString: () => name,
});

/** Team charges declined in the step just run (members on a team, PAYMENT_FAILED): the first decline's instant. */
async function noteDeclines(): Promise<void> {
  const declined: number[] = await knex()('application as a')
    .join('team_member as m', 'm.join_id', 'a.join_id')
    .whereIn('a.join_id', [...applications])
    .where('a.status', 'PAYMENT_FAILED')
    .pluck('a.join_id');
  for (const joinId of declined) if (!firstDeclines.has(joinId)) firstDeclines.set(joinId, stack.now());
}

/** Whether a member of the cohort is within the card-update deadline of a declined team charge, not charged yet. */
async function deadlineOpen(model: Model, at: Date): Promise<boolean> {
  const waiting: number[] = await knex()('application as a')
    .join('team_member as m', 'm.join_id', 'a.join_id')
    .where('a.odd_id', model.oddId)
    .whereIn('a.status', ['PAYMENT_FAILED', 'RESERVED'])
    .pluck('a.join_id');
  return waiting.some(
    (joinId) => firstDeclines.has(joinId) && firstDeclines.get(joinId)!.getTime() + DEADLINE_MS > at.getTime(),
  );
}

/**
 * The clock moves to `at` and the auto-cancel runs: while a member's card-update deadline is open, the cohort's
 * waitlist stays (a seat freed at the deadline goes to it).
 */
async function moveClock(model: Model, at: Date): Promise<void> {
  const open = await deadlineOpen(model, at);
  const waitlisted: number[] = await knex()('application')
    .where({ odd_id: model.oddId, status: 'WAITLISTED' })
    .pluck('join_id');
  stack.setNow(at);
  await stack.programs.app.jobs.send('reservation-auto-cancel', {});
  await stack.programs.app.jobs.drain('reservation-auto-cancel', 'reservation-release');
  if (open && waitlisted.length) {
    const cancelled = await knex()('application')
      .whereIn('join_id', waitlisted)
      .where('status', 'AUTO_CANCELLED')
      .pluck('join_id');
    expect(cancelled, 'waitlist auto-cancelled while a card-update deadline is open').toEqual([]);
  }
}

/** A new member applies and registers a card; with `returns`, the browser comes back to the site at once. */
const apply = (card: keyof typeof TEST_CARDS, returns: boolean) =>
  command(
    `apply(${card}, ${returns})`,
    (m) => m.phase === 0 && !m.published && m.members.length < 8,
    async (model) => {
      const client = memberClient(stack, newMember());
      await client.fillAnswers(model.oddId, 'TEAM_PROJECT');
      const booked = await client.book(model.oddId);
      expect(booked.statusCode, booked.body).toBe(200);
      const joinId = booked.json().application.joinId as number;
      applications.add(joinId);
      clients.set(joinId, client);
      const query = await client.payOnCardPage(booked.json(), TEST_CARDS[card]);
      model.members.push({ client, joinId, query, page: booked.json() });
      if (returns) expect(isServerError((await client.confirm(model.oddId, query)).statusCode)).toBe(false);
    },
  );

const confirm = (index: number, times: number) =>
  command(
    `confirm(${index}, x${times})`,
    (m) => m.members.some((x) => x.query),
    async (model) => {
      const chosen = model.members.filter((x) => x.query);
      const target = chosen[index % chosen.length]!;
      const answers = await Promise.all(
        Array.from({ length: times }, () => target.client.confirm(model.oddId, target.query!)),
      );
      for (const a of answers) expect(isServerError(a.statusCode), a.body).toBe(false);
    },
  );

const rebook = (index: number) =>
  command(
    `rebook(${index})`,
    (m) => m.phase === 0 && !m.published && m.members.length > 0,
    async (model) => {
      const target = member(model, index);
      const booked = await target.client.book(model.oddId);
      expect(isServerError(booked.statusCode), booked.body).toBe(false);
      if (booked.statusCode !== 200) return;
      target.page = booked.json();
      target.query = await target.client.payOnCardPage(target.page, TEST_CARDS.ok);
    },
  );

/**
 * The member goes back to the last card page still open in the browser and registers a card that works (after the
 * first was declined there, or again); with `returns`, the browser comes back to the site, else only the PG's
 * webhook tells.
 */
const samePage = (index: number, returns: boolean) =>
  command(
    `samePage(${index}, ${returns})`,
    (m) => m.members.length > 0,
    async (model) => {
      const target = member(model, index);
      target.query = await target.client.payOnCardPage(target.page, TEST_CARDS.ok);
      if (returns)
        expect(isServerError((await target.client.confirm(model.oddId, target.query)).statusCode)).toBe(false);
    },
  );

const redeliver = (pick: number) =>
  command(
    `redeliver(${pick})`,
    () => stack.pg.state().webhooks.length > 0,
    async () => {
      const webhooks = stack.pg.state().webhooks;
      stack.pg.redeliverWebhook(webhooks[pick % webhooks.length]!.webhookId);
      await stack.pg.webhooksSettled();
      await stack.programs.app.jobs.drain('payment-webhook');
    },
  );

const publish = command(
  'publish',
  (m) => !m.published && m.phase <= 1 && m.members.length > 0,
  async (model) => {
    // Days pass before the board is built: the PG's webhooks have been taken in by then.
    await stack.pg.webhooksSettled();
    await drainAll();
    const run = await admin('POST', `/api/admin/cohorts/${model.oddId}/board/run`, { seed: 1 });
    expect(run.statusCode, run.body).toBe(200);
    const board = run.json();
    const everyone = [
      ...board.teams.flatMap((t: { members: { joinId: number }[] }) => t.members),
      ...board.waitlist,
    ] as { joinId: number }[];
    // One team; from four members on, the last waits on the waitlist (a replacement or a deadline backfill seats it).
    for (const [i, { joinId }] of everyone.entries()) {
      const toTeam = everyone.length >= 4 && i === everyone.length - 1 ? null : 'A';
      expect((await admin('POST', `/api/admin/cohorts/${model.oddId}/board/move`, { joinId, toTeam })).statusCode).toBe(
        200,
      );
    }
    const published = await admin('POST', `/api/admin/cohorts/${model.oddId}/board/publish`);
    expect(published.statusCode, published.body).toBe(200);
    model.published = true;
    await stack.programs.app.jobs.drain('team-charge');
    model.teamId = (await knex()('team').where({ odd_id: model.oddId, team_key: 'A' }).first())?.team_id ?? null;
  },
);

const deadlines = command(
  'deadlines',
  (m) => m.published,
  async () => {
    expect((await admin('POST', '/api/admin/payment-deadlines/run')).statusCode).toBe(200);
    await stack.programs.app.jobs.drain('team-charge');
  },
);

/**
 * A member whose team charge was declined registers another card on my page (while the deadline is open); then
 * the deadline job charges it at once (`charged`: declined again, or through; `lost`: the charge's request never
 * reaches the PG, which shows the earlier attempt), or later (`later`).
 */
const cardUpdate = (index: number, card: keyof typeof TEST_CARDS, then: 'later' | 'charged' | 'lost') =>
  command(
    `cardUpdate(${index}, ${card}, ${then})`,
    (m) => m.published && m.members.some((x) => firstDeclines.has(x.joinId)),
    async (model) => {
      const declined = model.members.filter((x) => firstDeclines.has(x.joinId));
      const target = declined[index % declined.length]!;
      const opened = await target.client.inject('POST', `/api/applications/${target.joinId}/card`);
      expect(isServerError(opened.statusCode), opened.body).toBe(false);
      if (opened.statusCode !== 200) return;
      target.page = opened.json();
      target.query = await target.client.payOnCardPage(target.page, TEST_CARDS[card]);
      expect(isServerError((await target.client.confirm(model.oddId, target.query)).statusCode)).toBe(false);
      if (then === 'later') return;
      if (then === 'lost') stack.pg.faults.loseChargeRequests = 1;
      expect((await admin('POST', '/api/admin/payment-deadlines/run')).statusCode).toBe(200);
      await stack.programs.app.jobs.drain('team-charge');
    },
  );

/** An operator gives money back in the PG's console (its webhook comes whenever the jobs run). */
const consoleCancel = (index: number, tenThousands: number) =>
  command(
    `consoleCancel(${index}, ${tenThousands})`,
    (m) => m.published && m.members.length > 0,
    async (model) => {
      const cancellable = stack.pg
        .state()
        .payments.filter(
          (p) =>
            ['PAID', 'PARTIAL_CANCELLED'].includes(p.status) &&
            model.members.some((x) => p.id === `sq-${x.joinId}-charge`),
        );
      if (!cancellable.length) return;
      const record = cancellable[index % cancellable.length]!;
      const paymentId = record.id;
      const target = model.members.find((x) => paymentId === `sq-${x.joinId}-charge`)!;
      const amount = Math.min(record.amount.paid - record.amount.cancelled, tenThousands * 10_000);
      const siteRefunded = await knex()('refund')
        .where({ join_id: target.joinId })
        .whereNot({ refund_case: 'PG_DIRECT' })
        .whereIn('status', ['REQUESTED', 'SUCCEEDED'])
        .first();
      // The console is not behind the service's network: its faults stay for the service's next calls.
      const armed = stack.pg.faults.dropCancelAnswers;
      stack.pg.faults.dropCancelAnswers = 0;
      const answer = await fetch(`${stack.pg.url}/payments/${paymentId}/cancel`, {
        method: 'POST',
        headers: { authorization: `PortOne ${stack.config.pg.apiSecret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ amount, reason: CONSOLE_REASON }),
      });
      stack.pg.faults.dropCancelAnswers = armed;
      expect(answer.status, await answer.text()).toBe(200);
      consoleTotals.set(paymentId, (consoleTotals.get(paymentId) ?? 0) + amount);
      if (!siteRefunded)
        consoleBeforeSiteRefunds.set(target.joinId, (consoleBeforeSiteRefunds.get(target.joinId) ?? 0) + amount);
    },
  );

const cancel = (index: number, times: number) =>
  command(
    `cancel(${index}, x${times})`,
    (m) => m.members.length > 0,
    async (model) => {
      const target = member(model, index);
      const answers = await Promise.all(Array.from({ length: times }, () => target.client.cancel(target.joinId)));
      for (const a of answers) expect(isServerError(a.statusCode), a.body).toBe(false);
    },
  );

const remove = (index: number, reason: 'LEFT' | 'DROPPED' | 'SUPPORT', times: number) =>
  command(
    `remove(${index}, ${reason}, x${times})`,
    (m) => m.published && m.members.length > 0,
    async (model) => {
      const target = member(model, index);
      const preview = await admin('POST', `/api/admin/applications/${target.joinId}/removal/preview`, { reason });
      expect(isServerError(preview.statusCode), preview.body).toBe(false);
      if (preview.statusCode !== 200) return;
      const expectedRefundKrw = preview.json().refundKrw;
      const answers = await Promise.all(
        Array.from({ length: times }, () =>
          admin('POST', `/api/admin/applications/${target.joinId}/removal`, { reason, expectedRefundKrw }),
        ),
      );
      for (const a of answers) expect(isServerError(a.statusCode), a.body).toBe(false);
    },
  );

const groupRefund = (scope: 'team' | 'cohort', times: number) =>
  command(
    `${scope === 'team' ? 'teamStop' : 'companyEnded'}(x${times})`,
    (m) => m.published && (scope === 'cohort' || m.teamId !== null),
    async (model) => {
      const base =
        scope === 'team' ? `/api/admin/teams/${model.teamId}/refunds` : `/api/admin/cohorts/${model.oddId}/refunds`;
      const refundCase = scope === 'team' ? 'TEAM_STOP' : 'COMPANY_ENDED';
      const preview = await admin('POST', `${base}/preview`, { refundCase });
      expect(preview.statusCode, preview.body).toBe(200);
      const answers = await Promise.all(
        Array.from({ length: times }, () =>
          admin('POST', base, { refundCase, expectedTotalKrw: preview.json().totalKrw }),
        ),
      );
      for (const a of answers) expect(isServerError(a.statusCode), a.body).toBe(false);
    },
  );

/**
 * Operators accept a replacement onto the team: a waitlisted member when there is one, else any member (refused: on
 * the team already, a stopped team or an ended cohort).
 */
const replace = (index: number) =>
  command(
    `replace(${index})`,
    (m) => m.published && m.teamId !== null && m.members.length > 0,
    async (model) => {
      const waiting: number[] = await knex()('application')
        .where({ odd_id: model.oddId })
        .whereIn('status', ['WAITLISTED', 'RESERVED'])
        .whereNotIn('join_id', knex()('team_member').select('join_id'))
        .pluck('join_id');
      const joinId = waiting.length ? waiting[index % waiting.length]! : member(model, index).joinId;
      const accepted = await admin('POST', `/api/admin/teams/${model.teamId}/replacements`, { joinId });
      expect(isServerError(accepted.statusCode), accepted.body).toBe(false);
      if (accepted.statusCode === 200) stepsRun.set('replaced', (stepsRun.get('replaced') ?? 0) + 1);
      await stack.programs.app.jobs.drain('team-charge');
    },
  );

const reward = (index: number) =>
  command(
    `reward(${index})`,
    (m) => m.published && m.members.length > 0,
    async (model) => {
      await stack.programs.app.payments
        .refund(member(model, index).joinId, 'REWARD', { reward: 'COMPLETION', target: null, reason: '14주 완주 환급' })
        .catch((error: { statusCode?: number }) => {
          if (!error.statusCode || error.statusCode >= 500) throw error;
        });
    },
  );

/** The repair job (its delay is 0 here): with the network whole, no charge is left PENDING after it. */
const repair = command(
  'repair',
  () => true,
  async () => {
    const { chargeDelayMs, ...network } = stack.pg.faults;
    const whole = chargeDelayMs === 0 && Object.values(network).every((n) => n === 0);
    await stack.programs.app.jobs.send('payment-repair', {});
    await stack.programs.app.jobs.drain('payment-repair', 'reservation-release');
    if (whole)
      expect(
        await knex()('payment')
          .whereIn('join_id', [...applications])
          .where({ status: 'PENDING' })
          .pluck('payment_id'),
        'charges PENDING after the repair job',
      ).toEqual([]);
  },
);

/**
 * The network between the service and the PG fails for the next few calls (the sandbox's own fault
 * switches): a charge done and its answer lost (a crash between the PG's charge and our write), a charge
 * request lost before the PG took it, reads of a payment unanswered.
 */
type Fault = 'dropChargeAnswers' | 'loseChargeRequests' | 'dropPaymentReads' | 'dropCancelAnswers' | 'refuseCancels';
const fault = (kind: Fault, count: number) =>
  command(
    `fault(${kind}, ${count})`,
    () => true,
    async () => {
      stack.pg.faults[kind] = count;
    },
  );

const tick = command(
  'tick',
  (m) => m.phase < TIMELINE.length - 1 && (m.published || m.members.length >= 3),
  async (model) => {
    model.phase += 1;
    await moveClock(model, new Date(Math.max(TIMELINE[model.phase]!.getTime(), stack.now().getTime())));
  },
);

/** Hours pass within a phase (a card-update deadline may end): the auto-cancel and the deadline job run. */
const hours = (n: number) =>
  command(
    `hours(${n})`,
    (m) =>
      m.published &&
      (m.phase === TIMELINE.length - 1 || stack.now().getTime() + n * 3_600_000 < TIMELINE[m.phase + 1]!.getTime()),
    async (model) => {
      await moveClock(model, new Date(stack.now().getTime() + n * 3_600_000));
      expect((await admin('POST', '/api/admin/payment-deadlines/run')).statusCode).toBe(200);
      await stack.programs.app.jobs.drain('team-charge', 'reservation-release');
    },
  );

const jobs = command(
  'jobs',
  () => true,
  async () => {
    await stack.pg.webhooksSettled();
    await drainAll();
  },
);

const applyStep = fc
  .tuple(fc.constantFrom<keyof typeof TEST_CARDS>('ok', 'ok', 'ok', 'declined', 'insufficientFunds'), fc.boolean())
  .map(([card, returns]) => apply(card, returns));
// Each run opens with members applying (below); publishing is listed three times and replacing twice, so most runs
// reach the money and some seat a waitlisted member on a running team.
const steps = [
  applyStep,
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 3 })).map(([i, n]) => confirm(i, n)),
  fc.nat().map(rebook),
  fc.tuple(fc.nat(), fc.boolean()).map(([i, returns]) => samePage(i, returns)),
  fc.nat().map(redeliver),
  fc.constant(publish),
  fc.constant(publish),
  fc.constant(publish),
  fc.constant(deadlines),
  fc
    .tuple(
      fc.nat(),
      fc.constantFrom<keyof typeof TEST_CARDS>('ok', 'insufficientFunds'),
      fc.constantFrom<'later' | 'charged' | 'lost'>('later', 'charged', 'lost'),
    )
    .map(([i, card, then]) => cardUpdate(i, card, then)),
  fc
    .tuple(
      fc.nat(),
      fc.constantFrom<keyof typeof TEST_CARDS>('ok', 'insufficientFunds'),
      fc.constantFrom<'later' | 'charged' | 'lost'>('charged', 'lost'),
    )
    .map(([i, card, then]) => cardUpdate(i, card, then)),
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 35 })).map(([i, n]) => consoleCancel(i, n)),
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 35 })).map(([i, n]) => consoleCancel(i, n)),
  fc.integer({ min: 1, max: 60 }).map(hours),
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 3 })).map(([i, n]) => cancel(i, n)),
  fc
    .tuple(
      fc.nat(),
      fc.constantFrom<'LEFT' | 'DROPPED' | 'SUPPORT'>('LEFT', 'DROPPED', 'SUPPORT'),
      fc.integer({ min: 1, max: 3 }),
    )
    .map(([i, r, n]) => remove(i, r, n)),
  fc
    .tuple(fc.constantFrom<'team' | 'cohort'>('team', 'cohort'), fc.integer({ min: 1, max: 2 }))
    .map(([s, n]) => groupRefund(s, n)),
  fc.nat().map(reward),
  fc.constant(repair),
  fc
    .tuple(
      fc.constantFrom<Fault>(
        'dropChargeAnswers',
        'loseChargeRequests',
        'loseChargeRequests',
        'dropPaymentReads',
        'dropCancelAnswers',
      ),
      fc.integer({ min: 1, max: 3 }),
    )
    .map(([kind, n]) => fault(kind, n)),
  // The card company refuses cancellations for longer than any job's own retries: what is owed stays owed.
  fc.integer({ min: 1, max: 12 }).map((n) => fault('refuseCancels', n)),
  fc.nat().map(replace),
  fc.nat().map(replace),
  fc.constant(tick),
  fc.constant(jobs),
];

interface Books {
  apps: Map<
    number,
    { status: ApplicationState; history: { from_status: ApplicationState | null; to_status: ApplicationState }[] }
  >;
  payments: { payment_id: string; join_id: number; status: string; amount_krw: number; cancelled_krw: number }[];
  refunds: { payment_id: string; join_id: number; status: string; amount_krw: number; refund_case: string }[];
  entitlements: { join_id: number; entitlement_krw: number }[];
}

async function books(): Promise<Books> {
  const ids = [...applications];
  const [rows, history, payments, refunds, entitlements] = await Promise.all([
    knex()('application').whereIn('join_id', ids).select('join_id', 'status'),
    knex()('application_history')
      .whereIn('join_id', ids)
      .orderBy('history_id')
      .select('join_id', 'from_status', 'to_status'),
    knex()('payment').whereIn('join_id', ids).select('*'),
    knex()('refund').whereIn('join_id', ids).select('*'),
    knex()('refund_entitlement').whereIn('join_id', ids).whereNull('voided_at').select('join_id', 'entitlement_krw'),
  ]);
  const apps: Books['apps'] = new Map(rows.map((r) => [r.join_id as number, { status: r.status, history: [] }]));
  for (const h of history) apps.get(h.join_id)!.history.push(h);
  return { apps, payments, refunds, entitlements };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** RECONCILIATION_MAX_WINDOW_DAYS: the longest window one reconciliation run reads. */
const WINDOW_MS = 31 * 86_400_000;

/**
 * The operators' reconciliation run over [from, until) (the PG's records by cursor, against the ledger and the
 * applications' keys), then the open exceptions of this test's applications.
 */
async function reconcileOver(from: Date, until: Date): Promise<MoneyException[]> {
  const run = await admin('POST', '/api/admin/money/runs', { from: from.toISOString(), until: until.toISOString() });
  expect(run.statusCode, run.body).toBe(200);
  expect(run.json().run.status).toBe('DONE');
  const open = await admin('GET', '/api/admin/money/exceptions');
  expect(open.statusCode, open.body).toBe(200);
  const ours = (e: MoneyException) =>
    (e.joinId !== null && applications.has(e.joinId)) ||
    [...applications].some((joinId) => e.paymentId?.startsWith(`sq-${joinId}-`));
  return (open.json().exceptions as MoneyException[]).filter(ours);
}

/**
 * After a step, the reconciliation over the last window finds only what the model expects mid-run: the PG's
 * cancellations made in its console and not booked yet (their webhook is on its way), and billing keys on their way
 * to the application (a card page answered, its webhook or the member's return not taken in yet). A payment the PG
 * took and we did not book, or one booked and not at the PG, is never expected.
 */
async function checkReconciliation(): Promise<void> {
  const until = new Date(stack.now().getTime() + 60_000);
  const open = await reconcileOver(new Date(until.getTime() - WINDOW_MS), until);
  const payments = new Map<string, { cancelled_krw: number }>(
    (
      await knex()('payment')
        .whereIn('join_id', [...applications])
        .select('payment_id', 'cancelled_krw')
    ).map((p) => [p.payment_id, p]),
  );
  const consoleBooked = new Map<string, number>(
    (
      await knex()('refund')
        .whereIn('join_id', [...applications])
        .where({ refund_case: 'PG_DIRECT', status: 'SUCCEEDED' })
        .groupBy('payment_id')
        .select('payment_id', knex().raw('sum(amount_krw)::int as booked'))
    ).map((r) => [r.payment_id, r.booked]),
  );
  for (const exception of open) {
    if (exception.kind === 'KEY_ISSUED_UNHELD') continue;
    const paymentId = exception.paymentId ?? '';
    const consoleUnbooked = (consoleTotals.get(paymentId) ?? 0) > (consoleBooked.get(paymentId) ?? 0);
    expect(
      exception.kind === 'AMOUNT_DIFFERS' && consoleUnbooked,
      `reconciliation after the step: ${exception.kind} ${exception.detail} (our books: ${JSON.stringify(payments.get(exception.paymentId ?? ''))})`,
    ).toBe(true);
  }
}

/** What must hold after every step. */
async function checkAlways(): Promise<void> {
  const { apps, payments, refunds, entitlements } = await books();
  const pg = stack.pg.state();
  // A member within the deadline of their first declined team charge is offered another card on my page.
  const seated = new Set<number>(
    await knex()('team_member')
      .whereIn('join_id', [...applications])
      .pluck('join_id'),
  );
  for (const [joinId, declinedAt] of firstDeclines) {
    const deadlineAt = new Date(declinedAt.getTime() + DEADLINE_MS);
    if (
      apps.get(joinId)?.status !== 'PAYMENT_FAILED' ||
      !seated.has(joinId) ||
      deadlineAt.getTime() <= stack.now().getTime()
    )
      continue;
    expect(
      (await clients.get(joinId)!.detailOf(joinId)).cardUpdate,
      `my page of ${joinId}, declined at ${declinedAt.toISOString()}`,
    ).toEqual({ open: true, deadlineAt: deadlineAt.toISOString() });
  }
  // Nothing owed is given up: a refusal never voids a case (the movement stays REQUESTED and is asked again).
  expect(
    await knex()('refund_entitlement')
      .whereIn('join_id', [...applications])
      .whereNotNull('voided_at')
      .pluck('join_id'),
    'cases voided',
  ).toEqual([]);
  const pgById = new Map(pg.payments.map((p) => [p.id, p]));
  for (const [joinId, app] of apps) {
    // The history replays to the current state through allowed transitions only.
    let state: ApplicationState | null = null;
    for (const h of app.history) {
      expect(h.from_status, `history of ${joinId}`).toBe(state);
      if (state) expect(canTransition(state, h.to_status), `${joinId}: ${state} -> ${h.to_status}`).toBe(true);
      state = h.to_status;
    }
    expect(state, `current state of ${joinId}`).toBe(app.status);
    // One charge per application at the PG.
    const charged = pg.payments.filter(
      (p) =>
        payments.some((q) => q.payment_id === p.id && q.join_id === joinId) &&
        p.status !== 'FAILED' &&
        p.status !== 'READY',
    );
    expect(charged.length, `charges of ${joinId}`).toBeLessThanOrEqual(1);
    // Refunded ≤ the largest entitlement applied (PG_DIRECT is outside the site's rules).
    const refunded = sum(
      refunds
        .filter((r) => r.join_id === joinId && r.status !== 'FAILED' && r.refund_case !== 'PG_DIRECT')
        .map((r) => r.amount_krw),
    );
    const largest = Math.max(0, ...entitlements.filter((e) => e.join_id === joinId).map((e) => e.entitlement_krw));
    expect(refunded, `refunded of ${joinId} against its largest entitlement`).toBeLessThanOrEqual(largest);
  }
  for (const payment of payments) {
    expect(payment.cancelled_krw).toBeGreaterThanOrEqual(0);
    expect(payment.cancelled_krw, `${payment.payment_id} refunded ≤ paid`).toBeLessThanOrEqual(payment.amount_krw);
    const movements = refunds.filter((r) => r.payment_id === payment.payment_id);
    const succeeded = sum(movements.filter((r) => r.status === 'SUCCEEDED').map((r) => r.amount_krw));
    const requested = sum(movements.filter((r) => r.status === 'REQUESTED').map((r) => r.amount_krw));
    expect(payment.cancelled_krw, `${payment.payment_id}: our books`).toBe(succeeded);
    const record = pgById.get(payment.payment_id);
    if (!record) continue;
    expect(record.amount.cancelled, `${payment.payment_id}: PG refunded ≤ paid`).toBeLessThanOrEqual(
      record.amount.total,
    );
    // Every cancellation at the PG is in the ledger (settled, or in flight until the repair settles it), but the
    // console's not booked yet (its webhook or the next refund of the payment books it).
    const consoleBooked = sum(
      movements.filter((r) => r.status === 'SUCCEEDED' && r.refund_case === 'PG_DIRECT').map((r) => r.amount_krw),
    );
    const consoleUnbooked = Math.max(0, (consoleTotals.get(payment.payment_id) ?? 0) - consoleBooked);
    expect(record.amount.cancelled, `${payment.payment_id}: PG cancellations booked`).toBeGreaterThanOrEqual(succeeded);
    expect(record.amount.cancelled, `${payment.payment_id}: PG cancellations booked`).toBeLessThanOrEqual(
      succeeded + requested + consoleUnbooked,
    );
  }
}

/** What must hold once the webhooks, the jobs and the repair have caught up with a run. */
async function checkEventually(): Promise<void> {
  Object.assign(stack.pg.faults, {
    dropChargeAnswers: 0,
    loseChargeRequests: 0,
    dropPaymentReads: 0,
    dropCancelAnswers: 0,
    refuseCancels: 0,
  });
  for (let round = 0; round < 3; round++) {
    // Refunds the PG refused are asked again when due: the clock moves to the latest next attempt.
    const due = await knex()('refund')
      .whereIn('join_id', [...applications])
      .where({ status: 'REQUESTED' })
      .max({ at: 'next_attempt_at' })
      .first();
    if (due?.at && new Date(due.at).getTime() > stack.now().getTime()) stack.setNow(new Date(due.at));
    await stack.pg.webhooksSettled();
    await drainAll();
    await stack.programs.app.jobs.send('payment-repair', {});
    await drainAll();
  }
  await noteDeclines();
  await checkAlways();
  const { apps, payments, refunds } = await books();
  const pg = stack.pg.state();
  const held = new Map<number, string>(
    (
      await knex()('application')
        .whereIn('join_id', [...applications])
        .whereNotNull('billing_key')
        .whereNull('billing_key_released_at')
        .select('join_id', 'billing_key')
    ).map((r) => [r.join_id, r.billing_key]),
  );
  expect(
    refunds.filter((r) => r.status === 'REQUESTED'),
    'refunds still in flight',
  ).toEqual([]);
  expect(
    payments.filter((p) => p.status === 'PENDING').map((p) => p.payment_id),
    'charges still PENDING',
  ).toEqual([]);
  for (const payment of payments) {
    const record = pg.payments.find((p) => p.id === payment.payment_id);
    if (record)
      expect(record.amount.cancelled, `${payment.payment_id}: the PG's cancellations equal the ledger`).toBe(
        payment.cancelled_krw,
      );
    // The console's cancellations are booked as such, and nothing else is.
    const direct = sum(
      refunds
        .filter((r) => r.payment_id === payment.payment_id && r.status === 'SUCCEEDED' && r.refund_case === 'PG_DIRECT')
        .map((r) => r.amount_krw),
    );
    expect(direct, `${payment.payment_id}: console cancellations booked as PG_DIRECT`).toBe(
      consoleTotals.get(payment.payment_id) ?? 0,
    );
  }
  const entitlements = (await books()).entitlements;
  for (const joinId of apps.keys()) {
    // What the console gave back before the site refunded anything counts toward what the rules owe.
    const site = sum(
      refunds
        .filter((r) => r.join_id === joinId && r.status === 'SUCCEEDED' && r.refund_case !== 'PG_DIRECT')
        .map((r) => r.amount_krw),
    );
    const largest = Math.max(0, ...entitlements.filter((e) => e.join_id === joinId).map((e) => e.entitlement_krw));
    expect(
      site,
      `${joinId}: refunded by the site beside the console's ${consoleBeforeSiteRefunds.get(joinId) ?? 0}`,
    ).toBeLessThanOrEqual(Math.max(0, largest - (consoleBeforeSiteRefunds.get(joinId) ?? 0)));
  }
  // A member is charged only while on a living team: a charge paid after the member's team stopped or the cohort
  // ended went back whole.
  const afterEnd: { payment_id: string; amount_krw: number; cancelled_krw: number }[] = await knex()('payment as p')
    .join('application as a', 'a.join_id', 'p.join_id')
    .join('cohort as c', 'c.odd_id', 'a.odd_id')
    .leftJoin('team_member as m', 'm.join_id', 'a.join_id')
    .leftJoin('team as t', 't.team_id', 'm.team_id')
    .whereIn('p.join_id', [...applications])
    .whereNotNull('p.paid_at')
    .where((q) => q.whereRaw('p.paid_at > t.stopped_at').orWhereRaw('p.paid_at > c.ended_at'))
    .select('p.payment_id', 'p.amount_krw', 'p.cancelled_krw');
  for (const p of afterEnd)
    expect(p.cancelled_krw, `${p.payment_id} charged after its team stopped or its cohort ended`).toBe(p.amount_krw);
  // Reconciliation over the whole run, window after window, finds nothing left: every payment and cancellation
  // matched, and no key issued to us that an application does not hold.
  let open: MoneyException[] = [];
  for (
    let from = new Date(TODAY.getTime() - 86_400_000);
    from < stack.now();
    from = new Date(from.getTime() + WINDOW_MS)
  ) {
    open = await reconcileOver(from, new Date(Math.min(from.getTime() + WINDOW_MS, stack.now().getTime() + 60_000)));
  }
  expect(
    open.map((e) => `${e.kind} ${e.detail}`),
    'open money exceptions once everything caught up',
  ).toEqual([]);
  for (const [joinId, app] of apps) {
    const charged = pg.payments.filter(
      (p) => payments.some((q) => q.payment_id === p.id && q.join_id === joinId) && p.amount.paid > 0,
    );
    // A charge the application never took (it was no longer in a state to be charged: no move to PAID or
    // ASSIGNED in its history) went back whole. One it took is refunded by the rules, like any other.
    const took = app.history.some((h) => h.to_status === 'PAID' || h.to_status === 'ASSIGNED');
    if (!took)
      for (const p of charged)
        expect(p.amount.cancelled, `${joinId} (${app.status}) charged without a compensating refund`).toBe(
          p.amount.total,
        );
    // At most one live billing key per application, and only the one it holds: never an issued key we do not track.
    const live = pg.billingKeys.filter((k) => k.status === 'ISSUED' && k.issueId.startsWith(`sq-${joinId}-`));
    expect(live.length, `live billing keys of ${joinId}`).toBeLessThanOrEqual(1);
    for (const key of live)
      expect(
        held.get(joinId),
        `${joinId} (${app.status}): a key issued at the PG that the application does not hold`,
      ).toBe(key.billingKey);
  }
}

describe('money, model-based', () => {
  it(`keeps the PG and the ledger in agreement over ${RUNS} random sequences of up to ${STEPS} steps`, async () => {
    await fc.assert(
      // Each run opens with three to six members applying, so the random steps after it reach the money.
      fc.asyncProperty(
        fc.array(applyStep, { minLength: 3, maxLength: 6 }),
        fc.commands(steps, { maxCommands: STEPS, size: 'max' }),
        async (opening, commands) => {
          stack.setNow(TODAY);
          const model: Model = { oddId: await newCohort(), members: [], published: false, teamId: null, phase: 0 };
          for (const step of opening) await step.run(model, { model });
          await fc.asyncModelRun(() => ({ model, real: { model } }), commands);
          await checkEventually();
        },
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: !process.env.MONEY_MODEL_SHRINK },
    );
    const pg = stack.pg.state();
    console.log(
      `money model: ${applications.size} applications, ${pg.payments.length} PG payments, ${pg.payments.reduce((n, p) => n + (p.cancellations?.length ?? 0), 0)} PG cancellations; steps ${JSON.stringify(Object.fromEntries(stepsRun))}`,
    );
    // The runs reached the money paths, not only the wizard.
    expect(stepsRun.get('publish') ?? 0).toBeGreaterThan(0);
    expect(stepsRun.get('replaced') ?? 0, 'replacements accepted').toBeGreaterThan(0);
    expect(pg.payments.some((p) => (p.cancellations?.length ?? 0) > 0)).toBe(true);
  }, 600_000);
});
