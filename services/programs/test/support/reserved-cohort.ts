import type { Identity } from '@sq/contracts';
import { TEST_CARDS } from '@sq/stack/peers/sandbox-pg';
import { BENCH_PG_SECRET, BENCH_PG_STORE_ID, type ChargeBenchStack } from './charge-bench-stack';

/** The 14-week team project (ON_TEAM_PUBLISH: reserved at application, charged when the team is published). */
const PRODUCT_SLUG = 'bside';
export const BENCH_OPERATOR: Identity = { userId: 900_001, role: 'ROLE_ADMIN', sid: 'sid-bench-operator' };
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
/** The matcher's seed (deterministic board). */
const MATCH_SEED = 1;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const SEOUL_OFFSET_MS = 9 * HOUR_MS;
const ROLES = ['PLANNER', 'DESIGNER', 'DEVELOPER'] as const;
type Role = (typeof ROLES)[number];
const ROLE_ANSWERS: Record<Role, { jobGroup: string; position: string; roleQuestions: Record<string, unknown> }> = {
  PLANNER: {
    jobGroup: 'JG_PLAN',
    position: 'POS_PM',
    roleQuestions: { role: 'PLANNER', serviceExperience: '사내 서비스 기획 2건', documentTools: ['Figma', 'Notion'] },
  },
  DESIGNER: {
    jobGroup: 'JG_DESIGN',
    position: 'POS_UXUI',
    roleQuestions: { role: 'DESIGNER', designTools: ['Figma'], bestWork: '예약 앱 리디자인' },
  },
  DEVELOPER: {
    jobGroup: 'JG_DEV',
    position: 'POS_BACKEND',
    roleQuestions: { role: 'DEVELOPER', stack: ['TypeScript', 'PostgreSQL'], shippedExperience: '사내 백오피스 출시' },
  },
};

interface TeamMakeup {
  minSize: number;
  maxSize: number;
  roles: { planner: number | null; designer: number | null; developer: number | null };
}

export interface ReservedCohort {
  oddId: number;
  productName: string;
  /** The reserved members' applications. */
  joinIds: number[];
  setupSeconds: number;
}

export interface PublishedCohort {
  teams: number;
  waiting: number;
  /** Team charges the preview announced (the members placed on a team). */
  expectedCharges: number;
  chargeJobs: number;
  publishStartedAt: number;
  publishMs: number;
}

const seoulDay = (at: number) => new Date(at + SEOUL_OFFSET_MS).toISOString().slice(0, 10);

/** Runs `work` for 0..n-1 with at most `concurrency` at a time. */
export async function bounded(n: number, concurrency: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, concurrency) }, async () => {
      while (next < n) await work(next++);
    }),
  );
}

const call = async (
  stack: ChargeBenchStack,
  who: Identity,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) => {
  const response = await stack.programs.app.inject({
    method,
    url,
    headers: stack.programs.as(who),
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return response.json();
};

/**
 * A 14-week team project cohort of `members` reserved members (rounded up to whole teams of the product's
 * make-up), as members get there: an operator creates the cohort (POST /api/admin/cohorts); each member fills the
 * wizard, books, has a billing key issued at the sandbox PG from card credentials (its server API `POST
 * /billing-keys`, no browser) and confirms it (RESERVED), `setupConcurrency` members at a time. Account ids from
 * `firstUserId`.
 */
export async function reserveCohort(
  stack: ChargeBenchStack,
  options: { members: number; setupConcurrency: number; firstUserId: number },
): Promise<ReservedCohort> {
  const product = (await call(stack, BENCH_OPERATOR, 'GET', `/api/products/${PRODUCT_SLUG}`)).product as {
    productId: number;
    name: string;
    teamMakeup: TeamMakeup;
  };
  const seats: Record<Role, number> = {
    PLANNER: product.teamMakeup.roles.planner ?? 0,
    DESIGNER: product.teamMakeup.roles.designer ?? 0,
    DEVELOPER: product.teamMakeup.roles.developer ?? 0,
  };
  const teamPattern = ROLES.flatMap((role) => Array.from({ length: seats[role] }, () => role));
  const members = Math.ceil(options.members / teamPattern.length) * teamPattern.length;

  const now = Date.now();
  const start = now + START_AFTER_DAYS * DAY_MS;
  const cohort = (
    await call(stack, BENCH_OPERATOR, 'POST', '/api/admin/cohorts', {
      productId: product.productId,
      name: `${product.name} 벤치 기수 ${Math.random().toString(36).slice(2, 8)}`,
      recruitStart: new Date(now - RECRUIT_OPENED_HOURS_AGO * HOUR_MS).toISOString(),
      recruitEnd: new Date(now + RECRUIT_DAYS * DAY_MS).toISOString(),
      teamBuildingAnnounceDate: seoulDay(now + ANNOUNCE_AFTER_DAYS * DAY_MS),
      kickoffDate: seoulDay(now + KICKOFF_AFTER_DAYS * DAY_MS),
      startDate: seoulDay(start),
      endDate: seoulDay(start + PROGRAM_WEEKS * 7 * DAY_MS),
      capacity: members,
      roleSeats: null,
    })
  ).cohort as { oddId: number };
  const oddId = cohort.oddId;

  const expiryYear = String((new Date().getUTCFullYear() + CARD_VALID_YEARS) % 100).padStart(2, '0');
  const setupStarted = performance.now();
  const joinIds: number[] = [];
  await bounded(members, options.setupConcurrency, async (i) => {
    const role = teamPattern[i % teamPattern.length]!;
    const answers = ROLE_ANSWERS[role];
    const member: Identity = {
      userId: options.firstUserId + i,
      role: 'ROLE_USER',
      sid: `sid-bench-${options.firstUserId + i}`,
    };
    await call(stack, member, 'POST', `/api/apply/${oddId}/draft`);
    await call(stack, member, 'PUT', `/api/apply/${oddId}/steps/required`, {
      contactEmail: `bench-member-${options.firstUserId + i}@example.com`,
      phone: '010-5555-6666',
      jobGroup: answers.jobGroup,
      position: answers.position,
      careerYears: 'CY_3_5Y',
      experienceMonths: CAREER_MONTHS_MIN + ((i * CAREER_MONTHS_STEP) % CAREER_MONTHS_SPREAD),
      role,
    });
    await call(stack, member, 'PUT', `/api/apply/${oddId}/steps/aside`, {
      wantToBuild: '동네 가게 예약 서비스',
      availableTime: '평일 저녁, 주말 오후',
      friendCareerCardIds: [],
    });
    await call(stack, member, 'PUT', `/api/apply/${oddId}/steps/product`, {
      kind: 'TEAM_PROJECT',
      motivation: '팀으로 출시까지 해 보고 싶어요.',
      roleQuestions: answers.roleQuestions,
    });
    const booked = await call(stack, member, 'POST', `/api/apply/${oddId}/book`, {
      agreeTerms: true,
      agreePrivacy: true,
      agreeRefundPolicy: true,
    });
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
        method: {
          card: {
            credential: {
              number: CARD,
              expiryMonth: '12',
              expiryYear,
              birthOrBusinessRegistrationNumber: '900101',
              passwordTwoDigits: '12',
            },
          },
        },
      }),
    });
    if (!issued.ok) throw new Error(`PG billing key: ${issued.status} ${await issued.text()}`);
    const { billingKey } = ((await issued.json()) as { billingKeyInfo: { billingKey: string } }).billingKeyInfo;
    const confirmed = await call(stack, member, 'POST', `/api/apply/${oddId}/payment/confirm`, {
      billingKey,
      issueId: page.get('issueId'),
    });
    if (confirmed.result !== 'RESERVED') throw new Error(`member ${i}: ${String(confirmed.result)} after the confirm`);
    joinIds.push((confirmed.application as { joinId: number }).joinId);
  });
  return { oddId, productName: product.name, joinIds, setupSeconds: (performance.now() - setupStarted) / 1000 };
}

/** The operator runs the matcher, checks the preview and publishes: one team-charge job per member placed on a team. */
export async function publishCohort(stack: ChargeBenchStack, oddId: number): Promise<PublishedCohort> {
  const board = await call(stack, BENCH_OPERATOR, 'POST', `/api/admin/cohorts/${oddId}/board/run`, {
    seed: MATCH_SEED,
  });
  const preview = await call(stack, BENCH_OPERATOR, 'GET', `/api/admin/cohorts/${oddId}/board/preview`);
  const publishStartedAt = Date.now();
  const published = await call(stack, BENCH_OPERATOR, 'POST', `/api/admin/cohorts/${oddId}/board/publish`);
  return {
    teams: (board.teams as unknown[]).length,
    waiting: (board.waitlist as unknown[]).length,
    expectedCharges: (preview.charges as unknown[]).length,
    chargeJobs: published.chargeJobs as number,
    publishStartedAt,
    publishMs: Date.now() - publishStartedAt,
  };
}

/** The cohort's applications by state. */
export async function statesOf(stack: ChargeBenchStack, oddId: number): Promise<Record<string, number>> {
  const rows: { status: string; n: string }[] = await stack.programs.app
    .knex('application')
    .where({ odd_id: oddId })
    .groupBy('status')
    .select('status')
    .count({ n: '*' });
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** Waits until every team charge of the cohort settled (ASSIGNED or PAYMENT_FAILED), or throws after `timeoutMs`. */
export async function waitForCharges(
  stack: ChargeBenchStack,
  oddId: number,
  expected: number,
  options: { timeoutMs: number; everyMs: number },
): Promise<Record<string, number>> {
  const started = Date.now();
  for (;;) {
    const byState = await statesOf(stack, oddId);
    if ((byState.ASSIGNED ?? 0) + (byState.PAYMENT_FAILED ?? 0) >= expected) return byState;
    if (Date.now() - started > options.timeoutMs)
      throw new Error(
        `charges not settled after ${(options.timeoutMs / 1000).toFixed(0)} s: ${JSON.stringify(byState)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, options.everyMs));
  }
}

/** The PG's charges of these applications, per application (from the sandbox's record): a second one is a duplicate. */
export function pgChargesOf(stack: ChargeBenchStack, joinIds: number[]) {
  const ours = new Set(joinIds);
  const payments = stack.pg.state().payments.filter((p) => ours.has(Number(/^sq-(\d+)-charge/.exec(p.id)?.[1])));
  const perApplication = new Map<number, number>();
  for (const p of payments) {
    const joinId = Number(/^sq-(\d+)-/.exec(p.id)![1]);
    perApplication.set(joinId, (perApplication.get(joinId) ?? 0) + 1);
  }
  const duplicates = [...perApplication.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
  return { payments, perApplication, duplicates };
}
