import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sq/contracts';
import type { Identity } from '@sq/contracts';
import { REFUND_BLOCK_TEXT } from '@sq/contracts/api/operators/team-changes';
import { TODAY, newMember, startApplyStack, type ApplyStack } from './support/apply-stack';
import { memberClient } from './support/member-client';
import { openTeamProjectCohort } from './support/publish-teams';
import { teamMoney } from './support/team-money';
import { repairRefunds } from '../src/payments/refunds';

/**
 * The refund ledger through the operators' and members' routes, against the sandbox PG: a case applies once
 * per application, entitlements do not stack, and repeated or concurrent requests make one movement.
 * The 14-week project (cohort 112, 300,000원) starts 2027-01-04: start + 28 days is in the team stop's 40 %
 * phase and the company-ended 90 % phase; start + 40 days is in the company-ended 50 % phase.
 */
let stack: ApplyStack;
const ADMIN: Identity = { userId: 900_101, role: 'ROLE_ADMIN', sid: 'sid-ledger-admin' };
const TEAM_PROJECT = 112;
const COURSE = 304;
const FEE = 300_000;
const START_PLUS_28 = new Date('2027-02-01T12:00:00+09:00');

beforeAll(async () => {
  stack = await startApplyStack();
  // The demo's reservations of the cohort have no billing key; these tests build their own teams.
  await knex()('application')
    .where({ odd_id: TEAM_PROJECT })
    .where('user_id', '>=', 90_001)
    .where('user_id', '<', 100_000)
    .delete();
});
afterAll(async () => {
  await stack?.close();
});

const knex = () => stack.programs.app.knex;
const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  stack.programs.app.inject({ method, url, headers: stack.programs.as(ADMIN), ...(payload ? { payload } : {}) });
const paymentOf = async (joinId: number) =>
  knex()('payment')
    .where({ join_id: joinId, status: 'PAID' })
    .orWhere({ join_id: joinId, status: 'PARTIAL_CANCELLED' })
    .orWhere({ join_id: joinId, status: 'CANCELLED' })
    .first();
/** The cancellations the PG made on an application's payment (the PG's record, not ours). */
const pgCancellations = (joinId: number) =>
  stack.pg
    .state()
    .payments.filter((p) => p.id.startsWith(`sq-${joinId}-`))
    .flatMap((p) => p.cancellations ?? []);
const pgCancelled = (joinId: number) => pgCancellations(joinId).reduce((sum, c) => sum + c.totalAmount, 0);

async function reservedMember(): Promise<number> {
  const member = memberClient(stack, newMember());
  await member.applyAndPay(TEAM_PROJECT, 'TEAM_PROJECT');
  const [joinId] = await knex()('application')
    .where({ user_id: member.identity.userId, odd_id: TEAM_PROJECT })
    .pluck('join_id');
  return joinId as number;
}

/** Six members reserved, put on teams A and B by the operator, published and charged. */
async function publishedTeams(): Promise<{ a: number[]; b: number[]; teamA: number; teamB: number }> {
  const members: number[] = [];
  for (let i = 0; i < 6; i++) members.push(await reservedMember());
  expect((await admin('POST', `/api/admin/cohorts/${TEAM_PROJECT}/board/run`, { seed: 1 })).statusCode).toBe(200);
  for (const [i, joinId] of members.entries()) {
    const moved = await admin('POST', `/api/admin/cohorts/${TEAM_PROJECT}/board/move`, {
      joinId,
      toTeam: i < 3 ? 'A' : 'B',
    });
    expect(moved.statusCode).toBe(200);
  }
  const board = (await admin('GET', `/api/admin/cohorts/${TEAM_PROJECT}/board`)).json();
  for (const team of board.teams)
    if (!['A', 'B'].includes(team.key))
      for (const m of team.members)
        await admin('POST', `/api/admin/cohorts/${TEAM_PROJECT}/board/move`, { joinId: m.joinId, toTeam: null });
  expect((await admin('POST', `/api/admin/cohorts/${TEAM_PROJECT}/board/publish`)).statusCode).toBe(200);
  await stack.programs.app.jobs.drain('team-charge');
  for (const joinId of members)
    expect((await knex()('application').where({ join_id: joinId }).first()).status).toBe('ASSIGNED');
  const teams = await knex()('team').where({ odd_id: TEAM_PROJECT }).orderBy('team_key');
  const teamA = teams.find((t) => t.team_key === 'A')!.team_id as number;
  const teamB = teams.find((t) => t.team_key === 'B')!.team_id as number;
  return { a: members.slice(0, 3), b: members.slice(3), teamA, teamB };
}

describe('the refund ledger', () => {
  let teams: Awaited<ReturnType<typeof publishedTeams>>;

  it('refunds a removal sent in a burst once: one 200, the rest find the member off the team, one cancellation at the PG', async () => {
    teams = await publishedTeams();
    const leaving = teams.b[2]!;
    const preview = (
      await admin('POST', `/api/admin/applications/${leaving}/removal/preview`, { reason: 'SUPPORT' })
    ).json();
    expect(preview).toMatchObject({ paidKrw: FEE, refundedKrw: 0, refundKrw: FEE, note: null });
    const burst = await Promise.all(
      Array.from({ length: 6 }, () =>
        admin('POST', `/api/admin/applications/${leaving}/removal`, {
          reason: 'SUPPORT',
          expectedRefundKrw: preview.refundKrw,
        }),
      ),
    );
    expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 404, 404, 404, 404, 404]);
    for (const refused of burst.filter((r) => r.statusCode === 404))
      expect(refused.json().message).toBe(MESSAGES.adminNotOnTeam);
    expect(pgCancellations(leaving)).toHaveLength(1);
    expect(pgCancelled(leaving)).toBe(FEE);
    expect((await knex()('application').where({ join_id: leaving }).first()).status).toBe('REFUNDED');
    teams.b = teams.b.slice(0, 2);
  });

  it('pays the largest entitlement, not the sum: a team stopped at 40 % then the company ending at 90 % refunds 90 % in all', async () => {
    stack.setNow(START_PLUS_28);
    const stop = (
      await admin('POST', `/api/admin/teams/${teams.teamA}/refunds/preview`, { refundCase: 'TEAM_STOP' })
    ).json();
    expect(stop.lines.map((l: { refundKrw: number }) => l.refundKrw)).toEqual([120_000, 120_000, 120_000]);
    expect(
      (
        await admin('POST', `/api/admin/teams/${teams.teamA}/refunds`, {
          refundCase: 'TEAM_STOP',
          expectedTotalKrw: stop.totalKrw,
        })
      ).statusCode,
    ).toBe(200);
    for (const joinId of teams.a) expect(pgCancelled(joinId)).toBe(120_000);

    // The company ends the cohort: team A is owed 270,000 in all (150,000 more), team B 270,000.
    const ended = (
      await admin('POST', `/api/admin/cohorts/${TEAM_PROJECT}/refunds/preview`, { refundCase: 'COMPANY_ENDED' })
    ).json();
    const byJoin = new Map(ended.lines.map((l: { joinId: number }) => [l.joinId, l]));
    for (const joinId of teams.a)
      expect(byJoin.get(joinId)).toMatchObject({
        paidKrw: FEE,
        refundedKrw: 120_000,
        entitledKrw: 270_000,
        refundKrw: 150_000,
      });
    for (const joinId of teams.b)
      expect(byJoin.get(joinId)).toMatchObject({
        paidKrw: FEE,
        refundedKrw: 0,
        entitledKrw: 270_000,
        refundKrw: 270_000,
      });
    expect(ended.totalKrw).toBe(3 * 150_000 + 2 * 270_000);
    expect(
      (
        await admin('POST', `/api/admin/cohorts/${TEAM_PROJECT}/refunds`, {
          refundCase: 'COMPANY_ENDED',
          expectedTotalKrw: ended.totalKrw,
        })
      ).statusCode,
    ).toBe(200);
    for (const joinId of [...teams.a, ...teams.b]) {
      expect(pgCancelled(joinId)).toBe(270_000);
      expect((await paymentOf(joinId)).cancelled_krw).toBe(270_000);
      expect((await knex()('application').where({ join_id: joinId }).first()).status).toBe('PARTIALLY_REFUNDED');
    }
  });

  it('does not apply a case twice: confirming the company-ended refund again is refused and the preview says why', async () => {
    const again = (
      await admin('POST', `/api/admin/cohorts/${TEAM_PROJECT}/refunds/preview`, { refundCase: 'COMPANY_ENDED' })
    ).json();
    expect(again.totalKrw).toBe(0);
    for (const line of again.lines)
      expect(line).toMatchObject({
        refundKrw: 0,
        refundedKrw: 270_000,
        block: 'CASE_APPLIED',
        note: REFUND_BLOCK_TEXT.CASE_APPLIED,
      });
    const replay = await admin('POST', `/api/admin/cohorts/${TEAM_PROJECT}/refunds`, {
      refundCase: 'COMPANY_ENDED',
      expectedTotalKrw: 3 * 150_000 + 2 * 270_000,
    });
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toBe(MESSAGES.adminRefundChanged);
    const zero = await admin('POST', `/api/admin/cohorts/${TEAM_PROJECT}/refunds`, {
      refundCase: 'COMPANY_ENDED',
      expectedTotalKrw: 0,
    });
    expect(zero.statusCode).toBe(409);
    expect(zero.json().message).toBe(MESSAGES.adminNothingToRefund);
    // Team B stopping now (40 %) is covered by the 90 % already refunded: nothing more.
    const stopB = (
      await admin('POST', `/api/admin/teams/${teams.teamB}/refunds/preview`, { refundCase: 'TEAM_STOP' })
    ).json();
    for (const line of stopB.lines)
      expect(line).toMatchObject({
        entitledKrw: 120_000,
        refundKrw: 0,
        block: 'COVERED',
        note: REFUND_BLOCK_TEXT.COVERED,
      });
    for (const joinId of [...teams.a, ...teams.b]) expect(pgCancellations(joinId).length).toBeLessThanOrEqual(2);
    stack.setNow(TODAY);
  });

  it('does not use up a reward before its day, and pays it then only above what was refunded already', async () => {
    const joinId = teams.a[0]!;
    const reward = () =>
      stack.programs.app.payments.refund(joinId, 'REWARD', {
        reward: 'COMPLETION',
        target: null,
        reason: '14주 완주 환급',
      });
    // The completion reward (100 %) is payable from start + 105 days: before it, nothing moves and nothing is applied.
    stack.setNow(START_PLUS_28);
    expect(await reward()).toEqual({ status: 'NOTHING_TO_REFUND' });
    expect(await knex()('refund_entitlement').where({ join_id: joinId, case_key: 'REWARD:COMPLETION' })).toEqual([]);
    // On its day: owed the whole fee, 270,000 of it already back, so 30,000 more; asked again, nothing.
    stack.setNow(new Date('2027-04-20T12:00:00+09:00'));
    expect(await reward()).toEqual({ status: 'REFUNDED', refundKrw: 30_000 });
    expect(await reward()).toEqual({ status: 'NOTHING_TO_REFUND' });
    expect(pgCancelled(joinId)).toBe(FEE);
    stack.setNow(TODAY);
  });

  it('confirms two identical group refunds sent at once as one refund per member', async () => {
    // A cohort of its own (the demo cohort's company ending above ended it: it seats and charges nobody now).
    const money = teamMoney(stack);
    stack.setNow(TODAY);
    const oddId = await openTeamProjectCohort(stack, '동시');
    const members = [(await money.reserve(oddId)).joinId, (await money.reserve(oddId)).joinId];
    const teamId = await money.publish(oddId, members, []);
    stack.setNow(START_PLUS_28);
    const stop = (
      await admin('POST', `/api/admin/teams/${teamId}/refunds/preview`, { refundCase: 'TEAM_STOP' })
    ).json();
    const fresh = stop.lines.filter((l: { joinId: number }) => members.includes(l.joinId));
    expect(fresh.map((l: { refundKrw: number }) => l.refundKrw)).toEqual([120_000, 120_000]);
    const both = await Promise.all(
      [0, 1].map(() =>
        admin('POST', `/api/admin/teams/${teamId}/refunds`, {
          refundCase: 'TEAM_STOP',
          expectedTotalKrw: stop.totalKrw,
        }),
      ),
    );
    expect(both.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    for (const joinId of members) {
      expect(pgCancellations(joinId)).toHaveLength(1);
      expect(pgCancelled(joinId)).toBe(120_000);
    }
    stack.setNow(TODAY);
  });

  it("books a cancellation made in the PG's console once, however many repairs read it at once", async () => {
    const member = memberClient(stack, newMember());
    const paid = await member.applyAndPay(COURSE, 'COURSE');
    const joinId = paid.application.joinId;
    const paymentId = (await paymentOf(joinId)).payment_id as string;
    const cancelled = await fetch(`${stack.pg.url}/payments/${paymentId}/cancel`, {
      method: 'POST',
      headers: { authorization: `PortOne ${stack.config.pg.apiSecret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 100_000, reason: '상담 후 일부 환불' }),
    });
    expect(cancelled.status).toBe(200);
    // Webhook jobs and repairs on several instances read the PG's record at the same moment.
    const record = await stack.programs.app.payments.pg.getPayment(paymentId);
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => repairRefunds(stack.programs.app.payments.deps, paymentId, record)),
    );
    expect(outcomes.filter((o) => o === 'SETTLED')).toHaveLength(1);
    expect(await knex()('refund').where({ join_id: joinId })).toEqual([
      expect.objectContaining({ refund_case: 'PG_DIRECT', amount_krw: 100_000, status: 'SUCCEEDED' }),
    ]);
    expect((await paymentOf(joinId)).cancelled_krw).toBe(100_000);
    // What the member is owed on cancelling counts the 100,000 already back.
    const detail = await member.detailOf(joinId);
    expect(detail.payment).toMatchObject({ refundedKrw: 100_000 });
  });

  it("refunds a member's cancellation sent several times at once once", async () => {
    const member = memberClient(stack, newMember());
    await member.applyAndPay(COURSE, 'COURSE');
    const [joinId] = await knex()('application')
      .where({ user_id: member.identity.userId, odd_id: COURSE })
      .pluck('join_id');
    const detail = await member.detailOf(joinId);
    expect(detail.cancel.allowed).toBe(true);
    const burst = await Promise.all(Array.from({ length: 5 }, () => member.cancel(joinId)));
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(pgCancellations(joinId)).toHaveLength(1);
    expect(pgCancelled(joinId)).toBe(detail.cancel.refundKrw);
  });

  it("refunds the rest of a group when one member's refund is refused, names that one, and applies the case to them alone later", async () => {
    // A fresh team of two on a new cohort of the 14-week project.
    const created = await admin('POST', '/api/admin/cohorts', {
      productId: 1,
      name: '환불 거절 확인 기수',
      recruitStart: '2026-11-20T00:00:00+09:00',
      recruitEnd: '2026-11-29T23:59:59+09:00',
      teamBuildingAnnounceDate: '2026-12-16',
      kickoffDate: '2027-01-02',
      startDate: '2027-01-04',
      endDate: '2027-04-11',
      capacity: null,
      roleSeats: null,
    });
    expect(created.statusCode, created.body).toBe(200);
    const oddId = created.json().cohort.oddId as number;
    const members: number[] = [];
    for (let i = 0; i < 2; i++) {
      const member = memberClient(stack, newMember());
      await member.applyAndPay(oddId, 'TEAM_PROJECT');
      members.push(
        (await knex()('application').where({ user_id: member.identity.userId, odd_id: oddId }).first()).join_id,
      );
    }
    expect((await admin('POST', `/api/admin/cohorts/${oddId}/board/run`, { seed: 1 })).statusCode).toBe(200);
    for (const joinId of members)
      await admin('POST', `/api/admin/cohorts/${oddId}/board/move`, { joinId, toTeam: 'R' });
    expect((await admin('POST', `/api/admin/cohorts/${oddId}/board/publish`)).statusCode).toBe(200);
    await stack.programs.app.jobs.drain('team-charge');
    const [stuck, other] = members as [number, number];
    // A refund of the first is still on its way (its PG answer lost): a second one of that payment must wait.
    const payment = await paymentOf(stuck);
    await knex()('refund').insert({
      payment_id: payment.payment_id,
      join_id: stuck,
      refund_case: 'INDIVIDUAL',
      amount_krw: 1_000,
      reason: '응답을 잃은 환불',
      status: 'REQUESTED',
      actor: 'OPERATOR',
    });
    stack.setNow(START_PLUS_28);
    const preview = (
      await admin('POST', `/api/admin/cohorts/${oddId}/refunds/preview`, { refundCase: 'COMPANY_ENDED' })
    ).json();
    const confirmed = await admin('POST', `/api/admin/cohorts/${oddId}/refunds`, {
      refundCase: 'COMPANY_ENDED',
      expectedTotalKrw: preview.totalKrw,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // Each outcome names its member for the console; these members' names are not copied yet (no account service
    // here): null, which the console shows by number.
    expect(
      preview.lines.map((l: { joinId: number; alias: string | null; name: string | null }) => [
        l.joinId,
        l.alias,
        l.name,
      ]),
    ).toEqual([
      [stuck, null, null],
      [other, null, null],
    ]);
    expect(confirmed.json().outcomes).toEqual([
      { joinId: stuck, alias: null, name: null, status: 'REFUSED', message: MESSAGES.refundInProgress },
      { joinId: other, alias: null, name: null, status: 'REFUNDED', refundKrw: 270_000 },
    ]);
    expect(pgCancelled(other)).toBe(270_000);
    expect(pgCancelled(stuck)).toBe(0);
    const entry = (await admin('GET', `/api/admin/audit-log?oddId=${oddId}`))
      .json()
      .entries.find((e: { action: string }) => e.action === 'COMPANY_ENDED_REFUND');
    // The audit log, kept after a member withdraws, holds no names.
    expect(entry.after.outcomes).toEqual([
      { joinId: stuck, status: 'REFUSED', message: MESSAGES.refundInProgress },
      { joinId: other, status: 'REFUNDED', refundKrw: 270_000 },
    ]);
    expect(entry.after.lines.map((l: object) => Object.keys(l))).toEqual([
      expect.not.arrayContaining(['alias', 'name']),
      expect.not.arrayContaining(['alias', 'name']),
    ]);
    // The lost answer settled (here: the movement given up), the case is applied to the first alone.
    await knex()('refund').where({ join_id: stuck, status: 'REQUESTED' }).update({ status: 'FAILED' });
    const again = (
      await admin('POST', `/api/admin/cohorts/${oddId}/refunds/preview`, { refundCase: 'COMPANY_ENDED' })
    ).json();
    expect(again.totalKrw).toBe(270_000);
    expect(
      (
        await admin('POST', `/api/admin/cohorts/${oddId}/refunds`, {
          refundCase: 'COMPANY_ENDED',
          expectedTotalKrw: 270_000,
        })
      ).statusCode,
    ).toBe(200);
    expect(pgCancelled(stuck)).toBe(270_000);
    expect(pgCancelled(other)).toBe(270_000);
    stack.setNow(TODAY);
  });
});
