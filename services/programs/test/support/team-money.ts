import { afterAll, beforeAll, expect } from 'vitest';
import type { Identity } from '@sq/contracts';
import type { BookResponse, CardUpdateResponse } from '@sq/contracts/api/applications';
import { TEST_CARDS, newMember, startApplyStack, type ApplyStack } from './apply-stack';
import { memberClient } from './member-client';

const OPERATOR: Identity = { userId: 900_501, role: 'ROLE_ADMIN', sid: 'sid-team-money' };
/** The 14-week project cohorts of openTeamProjectCohort: the team-building announcement (publish) day. */
export const ANNOUNCE = new Date('2026-12-16T10:00:00+09:00');
/** The card-update deadline after a declined team charge (PAYMENT_UPDATE_DEADLINE_HOURS' default). */
export const DEADLINE_HOURS = 48;

/**
 * A team project's money lifecycle driven as operators and members do it, through the real programs service and the
 * sandbox PG: reserve, publish (team A and the waitlist), card update, the deadline run, the repair job, team stop,
 * company ended, replacement. Jobs run when a step drains them.
 */
export function teamMoney(stack: ApplyStack) {
  const knex = () => stack.programs.app.knex;
  const jobs = () => stack.programs.app.jobs;
  const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    stack.programs.app.inject({ method, url, headers: stack.programs.as(OPERATOR), ...(payload ? { payload } : {}) });
  /** Runs the money jobs until none is left (one may queue another: the repair job a reversal, a charge a release). */
  const drainMoney = async () => {
    while ((await jobs().drain('payment-repair', 'team-charge', 'charge-reversal', 'reservation-release')) > 0);
  };

  async function reserve(oddId: number, card: string = TEST_CARDS.ok) {
    const member = memberClient(stack, newMember());
    const reserved = await member.applyAndPay(oddId, 'TEAM_PROJECT', card);
    expect(reserved.result).toBe('RESERVED');
    return { member, joinId: reserved.application.joinId as number };
  }

  return {
    admin,
    reserve,
    stateOf: async (joinId: number) =>
      (await knex()('application').where({ join_id: joinId }).first()).status as string,
    app: async (joinId: number) => knex()('application').where({ join_id: joinId }).first(),
    /** What the PG charged the member and did not give back (every payment of the application, from the PG's records). */
    keptAtPg: (joinId: number) =>
      stack.pg
        .state()
        .payments.filter(
          (p) =>
            p.id.startsWith(`sq-${joinId}-charge`) && ['PAID', 'PARTIAL_CANCELLED', 'CANCELLED'].includes(p.status),
        )
        .reduce((sum, p) => sum + p.amount.total - (p.amount.cancelled ?? 0), 0),
    keyAtPg: (billingKey: string) => stack.pg.state().billingKeys.find((k) => k.billingKey === billingKey)?.status,
    teamOf: async (joinId: number) =>
      ((await knex()('team_member').where({ join_id: joinId }).first('team_id'))?.team_id as number | undefined) ??
      null,
    drainMoney,
    /** On `at`: `onTeam` on team A, `waiting` on the waitlist, published, the team charges run; team A's id. */
    async publish(oddId: number, onTeam: number[], waiting: number[], at: Date = ANNOUNCE): Promise<number> {
      stack.setNow(at);
      expect((await admin('POST', `/api/admin/cohorts/${oddId}/board/run`, { seed: 1 })).statusCode).toBe(200);
      for (const joinId of onTeam)
        expect(
          (await admin('POST', `/api/admin/cohorts/${oddId}/board/move`, { joinId, toTeam: 'A' })).statusCode,
        ).toBe(200);
      for (const joinId of waiting)
        expect(
          (await admin('POST', `/api/admin/cohorts/${oddId}/board/move`, { joinId, toTeam: null })).statusCode,
        ).toBe(200);
      const published = await admin('POST', `/api/admin/cohorts/${oddId}/board/publish`);
      expect(published.statusCode, published.body).toBe(200);
      await jobs().drain('team-charge');
      return (await knex()('team_member').where({ join_id: onTeam[0] }).first('team_id')).team_id as number;
    },
    /** The member registers another card on my page (after a declined team charge) and comes back; the confirm's answer. */
    async updateCard(oddId: number, who: Awaited<ReturnType<typeof reserve>>, card: string) {
      const opened = await who.member.inject('POST', `/api/applications/${who.joinId}/card`);
      if (opened.statusCode !== 200) return { opened };
      const query = await who.member.payOnCardPage(opened.json<CardUpdateResponse>() as unknown as BookResponse, card);
      return { opened, query, confirmed: await who.member.confirm(oddId, query) };
    },
    async deadlineRun() {
      const run = await admin('POST', '/api/admin/payment-deadlines/run');
      expect(run.statusCode, run.body).toBe(200);
      await drainMoney();
      return run.json();
    },
    async repairJob() {
      await jobs().send('payment-repair', {});
      await drainMoney();
    },
    /** Operators stop the team (preview, then confirm with the previewed total); the confirm's answer. */
    async stopTeam(teamId: number) {
      const preview = await admin('POST', `/api/admin/teams/${teamId}/refunds/preview`, { refundCase: 'TEAM_STOP' });
      expect(preview.statusCode, preview.body).toBe(200);
      const confirmed = await admin('POST', `/api/admin/teams/${teamId}/refunds`, {
        refundCase: 'TEAM_STOP',
        expectedTotalKrw: preview.json().totalKrw,
      });
      await drainMoney();
      return confirmed;
    },
    /** Operators confirm the company ended the cohort (preview, then confirm); the confirm's answer. */
    async endCohort(oddId: number) {
      const preview = await admin('POST', `/api/admin/cohorts/${oddId}/refunds/preview`, {
        refundCase: 'COMPANY_ENDED',
      });
      expect(preview.statusCode, preview.body).toBe(200);
      const confirmed = await admin('POST', `/api/admin/cohorts/${oddId}/refunds`, {
        refundCase: 'COMPANY_ENDED',
        expectedTotalKrw: preview.json().totalKrw,
      });
      await drainMoney();
      return confirmed;
    },
  };
}

export type TeamMoney = ReturnType<typeof teamMoney>;

/**
 * A money test file's stack: the programs service with the sandbox PG (startApplyStack) and its team-money steps,
 * started before the file's tests and closed after them; `use` receives both. The team-money paths call no account
 * or itskill service: their URLs refuse at once rather than time out.
 */
export function useTeamMoneyStack(use: (started: { stack: ApplyStack; money: TeamMoney }) => void): void {
  let stack: ApplyStack | undefined;
  beforeAll(async () => {
    process.env.ACCOUNT_SERVICE_URL = 'http://127.0.0.1:1';
    process.env.ITSKILL_SERVICE_URL = 'http://127.0.0.1:1';
    stack = await startApplyStack();
    use({ stack, money: teamMoney(stack) });
  });
  afterAll(async () => {
    await stack?.close();
  });
}
