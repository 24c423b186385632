import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sq/contracts';
import type { Identity } from '@sq/contracts';
import { generateJwtKeys } from '@sq/service-kit';
import { build, type TestService } from '@sq/service-kit/testing';
import { accountService } from '../../account/src/service';
import { TEST_CARDS, TODAY, newMember, startApplyStack, type ApplyStack } from './support/apply-stack';
import { memberClient } from './support/member-client';
import { loadContext } from '../src/repositories/application-lifecycle-repository';
import { quoteFor } from '../src/core/refunds/refund-quote';

let stack: ApplyStack;
let account: TestService;
const ADMIN: Identity = { userId: 900_001, role: 'ROLE_ADMIN', sid: 'sid-admin' };
const ADMIN_2: Identity = { userId: 900_002, role: 'ROLE_ADMIN', sid: 'sid-admin-2' };
const SPRINT = 212;
const SPRINT_FEE = 30_000;

beforeAll(async () => {
  // The account service answers the applicant copy's name lookups; itskill is not running (levels stay null).
  // The account service signs tokens: a throwaway key pair, as its own tests use.
  const keys = generateJwtKeys();
  process.env.JWT_PRIVATE_KEY ??= keys.privateKey;
  process.env.JWT_PUBLIC_KEY ??= keys.publicKey;
  account = await build(accountService, { seed: false });
  await account.app.listen({ port: 0, host: '127.0.0.1' });
  process.env.ACCOUNT_SERVICE_URL = `http://127.0.0.1:${(account.app.server.address() as AddressInfo).port}`;
  process.env.ITSKILL_SERVICE_URL = 'http://127.0.0.1:1';
  stack = await startApplyStack();
});
afterEach(() => stack.setNow(TODAY));
afterAll(async () => {
  await stack?.close();
  await account?.close();
});

const knex = () => stack.programs.app.knex;
const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who: Identity = ADMIN) =>
  stack.programs.app.inject({ method, url, headers: stack.programs.as(who), ...(payload ? { payload } : {}) });
const stateOf = async (joinId: number) => (await knex()('application').where({ join_id: joinId }).first()).status;
const historyOf = async (joinId: number) =>
  (await knex()('application_history').where({ join_id: joinId }).orderBy('history_id')).map((h) => h.to_status);
const pgPayments = (joinId: number) => stack.pg.state().payments.filter((p) => p.id.startsWith(`sq-${joinId}-`));
const count = async (table: string, where: Record<string, unknown> = {}) =>
  Number((await knex()(table).where(where).count({ n: '*' }))[0]!.n);

const identities = new Map<number, Identity>();
/** A sprinter's names as the account service has them: what the team pages' answers name them by once copied. */
const accountNames = async (joinId: number) => {
  const row = await account.app
    .knex('user_account')
    .where({ user_id: identities.get(joinId)!.userId })
    .first('user_alias', 'user_name');
  return { joinId, alias: row.user_alias as string, name: row.user_name as string };
};
const asMember = (joinId: number, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  stack.programs.app.inject({
    method,
    url,
    headers: stack.programs.as(identities.get(joinId)!),
    ...(payload ? { payload } : {}),
  });

/**
 * A member with an account row (name, career card ID) who applies to the sprint and reserves with the card; `copied`
 * false leaves the application's copy of their names to the next applicant-copy run.
 */
async function sprinter(name: string, experienceMonths: number, card: string = TEST_CARDS.ok, copied = true) {
  const identity = newMember();
  await account.app.knex('user_account').insert({
    user_id: identity.userId,
    email: `m${identity.userId}@example.com`,
    contact_email: `c${identity.userId}@example.com`,
    user_name: name,
    user_alias: `alias${identity.userId}`,
    user_phone: '01012345678',
    profile_id: `card${identity.userId}`,
  });
  const member = memberClient(stack, identity);
  await member.fillAnswers(SPRINT, 'SPRINT', { required: { experienceMonths } });
  const booked = await member.book(SPRINT);
  const query = await member.payOnCardPage(booked.json(), card);
  const confirmed = await member.confirm(SPRINT, query);
  expect(confirmed.statusCode).toBe(200);
  identities.set(booked.json().application.joinId, identity);
  // The application's copy of who the member is (names from the account; itskill is down, so no level).
  if (copied) await stack.programs.app.jobs.drain('applicant-copy');
  return { identity, member, joinId: booked.json().application.joinId as number };
}

describe('team building: publish, charge once, declined card, backfill, auto-cancel', () => {
  it('publishes once under two operators, charges each member once, frees a declined seat to the waitlist after the deadline', async () => {
    const members = [];
    for (let i = 0; i < 7; i++)
      members.push(await sprinter(`스프린터${i}`, 12 + i * 6, i === 1 ? TEST_CARDS.insufficientFunds : TEST_CARDS.ok));
    const declined = members[1]!;
    for (const m of members) expect(await stateOf(m.joinId)).toBe('RESERVED');

    // The matcher proposes teams of 3 or 4 (the sprint's matching minimum), everyone placed.
    const run = await admin('POST', `/api/admin/cohorts/${SPRINT}/board/run`, { seed: 7 });
    expect(run.statusCode).toBe(200);
    const teams = run.json().teams as {
      key: string;
      members: { joinId: number; explanation: string; name: string | null }[];
    }[];
    expect(teams.flatMap((t) => t.members).length).toBe(7);
    for (const team of teams) expect(team.members.length).toBeGreaterThanOrEqual(3);
    expect(teams[0]!.members[0]!.explanation).not.toBe('');
    expect(teams.flatMap((t) => t.members).map((m) => m.name)).toContain('스프린터0');

    // The operator moves one member of the bigger team (not the declined one) to the waitlist and locks a member.
    const big = teams.find((t) => t.members.length === 4)!;
    const waiting = big.members.find((m) => m.joinId !== declined.joinId)!.joinId;
    const moved = await admin('POST', `/api/admin/cohorts/${SPRINT}/board/move`, { joinId: waiting, toTeam: null });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().waitlist.map((w: { joinId: number }) => w.joinId)).toEqual([waiting]);
    const lockedId = teams[0]!.members.find((m) => m.joinId !== waiting)!.joinId;
    expect(
      (await admin('POST', `/api/admin/cohorts/${SPRINT}/board/lock`, { joinId: lockedId, locked: true })).statusCode,
    ).toBe(200);

    const preview = (await admin('GET', `/api/admin/cohorts/${SPRINT}/board/preview`)).json();
    expect(preview.charges).toHaveLength(6);
    expect(preview.totalKrw).toBe(6 * SPRINT_FEE);
    expect(preview.waitlisted).toEqual([waiting]);

    // Two operators publish at the same moment: one effect.
    const [a, b] = await Promise.all([
      admin('POST', `/api/admin/cohorts/${SPRINT}/board/publish`),
      admin('POST', `/api/admin/cohorts/${SPRINT}/board/publish`, undefined, ADMIN_2),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().message).toBe(MESSAGES.adminAlreadyPublished);
    expect(await count('team', { odd_id: SPRINT })).toBe(2);
    expect(await count('team_member')).toBe(6);
    expect(await count('audit_log', { action: 'BOARD_PUBLISH' })).toBe(1);
    expect(await stateOf(waiting)).toBe('WAITLISTED');
    // After publishing the board does not change any more.
    expect((await admin('POST', `/api/admin/cohorts/${SPRINT}/board/run`, {})).statusCode).toBe(409);

    // The charge jobs run, and run again: one payment per member.
    await stack.programs.app.jobs.drain('team-charge');
    for (const m of members)
      if (m.joinId !== waiting) await stack.programs.app.jobs.send('team-charge', { joinId: m.joinId });
    await stack.programs.app.jobs.drain('team-charge');
    for (const m of members) {
      if (m.joinId === waiting) continue;
      expect(pgPayments(m.joinId)).toHaveLength(1);
      if (m === declined) continue;
      expect(await stateOf(m.joinId)).toBe('ASSIGNED');
      const history = await historyOf(m.joinId);
      expect(history.slice(history.indexOf('RESERVED'))).toEqual(['RESERVED', 'ASSIGNED']);
    }
    expect(pgPayments(waiting)).toHaveLength(0);

    // The declined card: PAYMENT_FAILED, a deadline, and a mail with the link to change the card.
    expect(await stateOf(declined.joinId)).toBe('PAYMENT_FAILED');
    const deadline = await knex()('charge_deadline').where({ join_id: declined.joinId }).first();
    expect(new Date(deadline.deadline_at).getTime()).toBe(TODAY.getTime() + 48 * 3_600_000);
    const email = (await knex()('application').where({ join_id: declined.joinId }).first()).answers.required
      .contactEmail as string;
    const mail = stack.mail
      .messages()
      .find((m) => m.to.includes(email.toLowerCase()) && m.subject.includes('결제 카드'));
    expect(mail?.text).toContain(`/mypage/history/${declined.joinId}`);

    // Before the deadline nothing moves; after it the seat goes to the waitlisted member of the same role.
    expect((await admin('POST', '/api/admin/payment-deadlines/run')).json().expired).toEqual([]);
    stack.setNow(new Date(TODAY.getTime() + 49 * 3_600_000));
    const expired = (await admin('POST', '/api/admin/payment-deadlines/run')).json();
    expect(expired.expired).toEqual([declined.joinId]);
    expect(expired.backfilled).toEqual([{ from: declined.joinId, to: waiting }]);
    expect(await stateOf(declined.joinId)).toBe('CANCELLED');
    await stack.programs.app.jobs.drain('team-charge');
    expect(await stateOf(waiting)).toBe('ASSIGNED');
    expect(pgPayments(waiting)).toHaveLength(1);
    expect(pgPayments(declined.joinId)).toHaveLength(1);
    // Run again: nothing more.
    expect((await admin('POST', '/api/admin/payment-deadlines/run')).json().expired).toEqual([]);

    // A reservation left without a team is auto-cancelled after the announcement day (h4's job); teams stay.
    stack.setNow(TODAY);
    const late = await sprinter('늦은지원자', 30);
    const afterAnnounce = new Date('2026-12-11T00:10:00+09:00');
    stack.setNow(afterAnnounce);
    await stack.programs.app.payments.autoCancelUnteamed(afterAnnounce);
    expect(await stateOf(late.joinId)).toBe('AUTO_CANCELLED');
    expect(await stateOf(waiting)).toBe('ASSIGNED');
    stack.setNow(TODAY);
  });
});

describe('replacement and team changes', () => {
  it("removes a member with the engine's refund, replaces them from the reservations, and refunds a stopped team after a preview", async () => {
    const teams = await knex()('team').where({ odd_id: SPRINT }).orderBy('team_id');
    const [first, second] = teams;
    const firstMembers: number[] = await knex()('team_member')
      .where({ team_id: first.team_id })
      .orderBy('join_id')
      .pluck('join_id');
    const leaving = firstMembers[0]!;
    expect(await stateOf(leaving)).toBe('ASSIGNED');

    const preview = await admin('POST', `/api/admin/applications/${leaving}/removal/preview`, { reason: 'SUPPORT' });
    expect(preview.statusCode).toBe(200);
    const payment = await knex()('payment').where({ join_id: leaving, status: 'PAID' }).first();
    const engine = await quoteFor(
      knex(),
      (await loadContext(knex(), leaving))!,
      { amountKrw: payment.amount_krw, paidAt: payment.paid_at },
      'INDIVIDUAL',
      stack.now(),
    );
    expect(preview.json()).toMatchObject({
      joinId: leaving,
      refundCase: 'INDIVIDUAL',
      paidKrw: SPRINT_FEE,
      refundKrw: engine.refundKrw,
    });

    // A stale amount is refused and nothing changes.
    const stale = await admin('POST', `/api/admin/applications/${leaving}/removal`, {
      reason: 'SUPPORT',
      expectedRefundKrw: engine.refundKrw + 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(MESSAGES.adminRefundChanged);
    expect(await stateOf(leaving)).toBe('ASSIGNED');
    expect(await count('team_member', { join_id: leaving })).toBe(1);

    const removed = await admin('POST', `/api/admin/applications/${leaving}/removal`, {
      reason: 'SUPPORT',
      expectedRefundKrw: engine.refundKrw,
      note: '고객센터 요청',
    });
    expect(removed.statusCode).toBe(200);
    expect(await count('team_member', { join_id: leaving })).toBe(0);
    const pgRecord = stack.pg.state().payments.find((p) => p.id === payment.payment_id)!;
    expect(pgRecord.amount.cancelled).toBe(engine.refundKrw);
    expect(await stateOf(leaving)).toBe(
      engine.refundKrw === SPRINT_FEE ? 'REFUNDED' : engine.refundKrw === 0 ? 'CANCELLED' : 'PARTIALLY_REFUNDED',
    );

    // Candidates of the same role without a team, closest career first; the accepted one is charged once.
    const near = await sprinter('대체후보가까움', 30);
    const far = await sprinter('대체후보멂', 150);
    // One whose names are not copied yet: named by nothing (the console shows the number), the last fit.
    const uncopied = await sprinter('복사전', 400, TEST_CARDS.ok, false);
    const candidates = (await admin('GET', `/api/admin/teams/${first.team_id}/replacements?role=DEVELOPER`)).json()
      .candidates;
    expect(candidates.map((c: { joinId: number }) => c.joinId).slice(0, 2)).toEqual([near.joinId, far.joinId]);
    expect(candidates.slice(0, 2)).toMatchObject([
      { ...(await accountNames(near.joinId)), name: '대체후보가까움' },
      { ...(await accountNames(far.joinId)), name: '대체후보멂' },
    ]);
    expect(candidates.at(-1)).toMatchObject({ joinId: uncopied.joinId, alias: null, name: null });
    expect(
      (await admin('POST', `/api/admin/teams/${first.team_id}/replacements`, { joinId: near.joinId })).statusCode,
    ).toBe(200);
    expect(
      (await admin('POST', `/api/admin/teams/${first.team_id}/replacements`, { joinId: near.joinId })).statusCode,
    ).toBe(409);
    await stack.programs.app.jobs.drain('team-charge');
    expect(await stateOf(near.joinId)).toBe('ASSIGNED');
    expect(pgPayments(near.joinId)).toHaveLength(1);

    // Team stop: every amount previewed, confirmed with the previewed total.
    const stopPreview = (
      await admin('POST', `/api/admin/teams/${second.team_id}/refunds/preview`, { refundCase: 'TEAM_STOP' })
    ).json();
    const secondMembers: number[] = await knex()('team_member').where({ team_id: second.team_id }).pluck('join_id');
    expect(stopPreview.lines.map((l: { joinId: number }) => l.joinId).sort()).toEqual([...secondMembers].sort());
    // Each line names its member, as the confirmation's outcomes do.
    for (const line of stopPreview.lines) expect(line).toMatchObject(await accountNames(line.joinId));
    expect(stopPreview.totalKrw).toBe(
      stopPreview.lines.reduce((sum: number, l: { refundKrw: number }) => sum + l.refundKrw, 0),
    );
    expect(
      (
        await admin('POST', `/api/admin/teams/${second.team_id}/refunds`, {
          refundCase: 'TEAM_STOP',
          expectedTotalKrw: stopPreview.totalKrw + 1,
        })
      ).statusCode,
    ).toBe(409);
    const stopped = await admin('POST', `/api/admin/teams/${second.team_id}/refunds`, {
      refundCase: 'TEAM_STOP',
      expectedTotalKrw: stopPreview.totalKrw,
    });
    expect(stopped.statusCode).toBe(200);
    for (const outcome of stopped.json().outcomes) expect(outcome).toMatchObject(await accountNames(outcome.joinId));
    for (const line of stopPreview.lines as { joinId: number; refundKrw: number }[]) {
      const paid = await knex()('payment').where({ join_id: line.joinId }).first();
      expect(paid.cancelled_krw).toBe(line.refundKrw);
    }
    expect((await knex()('team').where({ team_id: second.team_id }).first()).stopped_at).not.toBeNull();
    const actions = (await admin('GET', '/api/admin/audit-log'))
      .json()
      .entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['TEAM_MEMBER_REMOVE', 'TEAM_REPLACEMENT_ACCEPT', 'TEAM_STOP_REFUND']),
    );
  });
});

describe("members' side and sprint operations", () => {
  it('shows the published team, takes check-ins until 22:00, drops after two misses, closes the submission at 15:00, publishes judging once', async () => {
    const team = await knex()('team').where({ odd_id: SPRINT }).whereNull('stopped_at').orderBy('team_id').first();
    const assigned: number[] = await knex()('team_member as m')
      .join('application as a', 'a.join_id', 'm.join_id')
      .where({ 'm.team_id': team.team_id, 'a.status': 'ASSIGNED' })
      .orderBy('m.join_id')
      .pluck('m.join_id');
    expect(assigned.length).toBeGreaterThanOrEqual(3);
    const [steady, absent, ...others] = assigned as [number, number, ...number[]];

    // The member's team: teammates' names, roles, career card links, the explanation, the schedule.
    const view = await asMember(steady, 'GET', `/api/applications/${steady}/team`);
    expect(view.statusCode).toBe(200);
    expect(view.json().members.map((m: { joinId: number }) => m.joinId)).toEqual(expect.arrayContaining(assigned));
    expect(view.json().members[0].careerCardUrl).toMatch(/\/careercard\/card\d+$/);
    expect(view.json().schedule).toMatchObject({
      startDate: '2026-12-14',
      endDate: '2026-12-23',
      checkinClosesAt: '22:00',
    });
    expect(view.json().explanation).not.toBe('');
    // Someone else's application, and an application without a published team.
    expect((await asMember(absent, 'GET', `/api/applications/${steady}/team`)).statusCode).toBe(404);
    const unteamed = await sprinter('팀없음', 20);
    const none = await asMember(unteamed.joinId, 'GET', `/api/applications/${unteamed.joinId}/team`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(MESSAGES.sprintNoTeam);

    // Before the sprint: no check-in. Day 1 at 21:59: taken (twice is once); at 22:00: closed.
    expect((await asMember(steady, 'POST', `/api/applications/${steady}/checkin`)).json().message).toBe(
      MESSAGES.sprintNotInProgress,
    );
    stack.setNow(new Date('2026-12-14T21:59:00+09:00'));
    expect((await asMember(steady, 'POST', `/api/applications/${steady}/checkin`)).statusCode).toBe(200);
    expect((await asMember(steady, 'POST', `/api/applications/${steady}/checkin`)).statusCode).toBe(200);
    for (const id of others)
      expect((await asMember(id, 'POST', `/api/applications/${id}/checkin`)).statusCode).toBe(200);
    expect(await count('checkin', { join_id: steady })).toBe(1);
    // My page's check-in: open until 22:00, today's taken, the streak and misses.
    const checkedIn = (await asMember(steady, 'GET', `/api/applications/${steady}/team`)).json();
    expect(checkedIn.checkin).toMatchObject({
      day: '2026-12-14',
      open: true,
      streak: 1,
      misses: 0,
      missesBeforeDrop: 2,
      closesAt: '2026-12-14T13:00:00.000Z',
    });
    expect(checkedIn.checkin.checkedInAt).toBe('2026-12-14T12:59:00.000Z');
    expect((await asMember(absent, 'GET', `/api/applications/${absent}/team`)).json().checkin).toMatchObject({
      open: true,
      checkedInAt: null,
      streak: 0,
    });
    stack.setNow(new Date('2026-12-14T22:00:00+09:00'));
    expect((await asMember(absent, 'GET', `/api/applications/${absent}/team`)).json().checkin).toMatchObject({
      open: false,
      checkedInAt: null,
    });
    const late = await asMember(absent, 'POST', `/api/applications/${absent}/checkin`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(MESSAGES.sprintCheckinClosed);
    const day1 = (await admin('POST', '/api/admin/checkins/misses/run', { day: '2026-12-14' })).json();
    expect(day1).toMatchObject({ missed: [absent], dropped: [] });
    expect((await admin('POST', '/api/admin/checkins/misses/run', { day: '2026-12-14' })).json()).toMatchObject({
      missed: [],
      dropped: [],
    });

    // Day 2: the steady member forgets once (one miss, stays); the absent one misses again and is dropped.
    stack.setNow(new Date('2026-12-15T12:00:00+09:00'));
    for (const id of others) await asMember(id, 'POST', `/api/applications/${id}/checkin`);
    stack.setNow(new Date('2026-12-15T22:00:00+09:00'));
    const day2 = (await admin('POST', '/api/admin/checkins/misses/run', { day: '2026-12-15' })).json();
    expect(day2.missed.sort()).toEqual([steady, absent].sort());
    expect(day2.dropped).toEqual([absent]);
    expect(await stateOf(absent)).toBe('DROPPED');
    expect(await stateOf(steady)).toBe('ASSIGNED');
    const health = (await admin('GET', `/api/admin/cohorts/${SPRINT}/team-health`)).json();
    const mine = health.teams.find((t: { teamId: number }) => t.teamId === team.team_id);
    expect(mine.dropped).toBe(1);
    expect(mine.members.find((m: { joinId: number }) => m.joinId === steady)).toMatchObject({
      ...(await accountNames(steady)),
      misses: 1,
      checkins: 1,
    });
    // Every member named, as the account has them (the application's copy), the dropped one too.
    for (const m of mine.members) expect(m).toMatchObject(await accountNames(m.joinId));
    expect(mine.members.find((m: { joinId: number }) => m.joinId === others[0])).toMatchObject({
      misses: 0,
      checkins: 2,
      streak: 2,
    });
    const log = (await admin('GET', `/api/admin/audit-log?oddId=${SPRINT}`)).json().entries;
    expect(
      log.some(
        (e: { action: string; targetId: string }) =>
          e.action === 'SPRINT_DROP_MISSED_CHECKINS' && e.targetId === String(absent),
      ),
    ).toBe(true);
    expect(
      (await asMember(steady, 'GET', `/api/applications/${steady}/team`))
        .json()
        .members.find((m: { joinId: number }) => m.joinId === absent).state,
    ).toBe('DROPPED');
    // The streak counts up to yesterday while today's is missing; the dropped member's check-in is closed.
    expect((await asMember(steady, 'GET', `/api/applications/${steady}/team`)).json().checkin).toMatchObject({
      open: false,
      streak: 1,
      misses: 1,
      lastMiss: '2026-12-15',
    });
    stack.setNow(new Date('2026-12-16T09:00:00+09:00'));
    expect((await asMember(steady, 'GET', `/api/applications/${steady}/team`)).json().checkin).toMatchObject({
      open: true,
      streak: 0,
      misses: 1,
    });
    expect((await asMember(absent, 'GET', `/api/applications/${absent}/team`)).json().checkin).toMatchObject({
      open: false,
      misses: 2,
    });

    // Final submission until 15:00 on the last day, read-only after.
    const upload = '/media/uploads/0b6f7c1e-3f0a-4d2e-9a51-6f1c2d3e4f50';
    const submission = {
      projectName: '회의록 요약 봇',
      description: '회의 녹음을 요약해요.',
      repositoryUrl: 'https://github.com/example/bot',
      demoUrl: 'https://bot.example.com',
      images: ['https://img.example.com/1.png', upload],
    };
    stack.setNow(new Date('2026-12-23T14:59:00+09:00'));
    // The form's schema: Korean messages per field, nothing saved.
    const invalid = await asMember(steady, 'PUT', `/api/applications/${steady}/submission`, {
      ...submission,
      description: ' ',
      repositoryUrl: 'github.com/x',
      images: ['/etc/passwd'],
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toMatchObject({
      description: MESSAGES.submissionDescriptionRequired,
      repositoryUrl: MESSAGES.projectLinkInvalid,
      'images.0': MESSAGES.imageInvalid,
    });
    expect(await count('team_submission', { team_id: team.team_id })).toBe(0);
    expect((await asMember(steady, 'PUT', `/api/applications/${steady}/submission`, submission)).statusCode).toBe(200);
    stack.setNow(new Date('2026-12-23T15:00:00+09:00'));
    const closed = await asMember(steady, 'PUT', `/api/applications/${steady}/submission`, {
      ...submission,
      projectName: '바뀐 이름',
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(MESSAGES.sprintSubmissionClosed);
    expect((await asMember(steady, 'GET', `/api/applications/${steady}/team`)).json()).toMatchObject({
      submission: { projectName: '회의록 요약 봇' },
      submissionOpen: false,
      results: null,
    });

    // Judging: scored on the rubric with feedback, results once, prizes within the limits.
    const scored = await admin('PUT', `/api/admin/teams/${team.team_id}/score`, {
      scores: { problem: 8, execution: 9, design: 7, teamwork: 10 },
      feedback: '완성도가 높아요.',
    });
    expect(scored.json().total).toBe(8 * 25 + 9 * 35 + 7 * 20 + 10 * 20);
    const judging = (await admin('GET', `/api/admin/cohorts/${SPRINT}/judging`)).json();
    expect(judging.rubric.map((c: { weight: number }) => c.weight)).toEqual([25, 35, 20, 20]);
    expect(judging.teams.find((t: { teamId: number }) => t.teamId === team.team_id)).toMatchObject({
      submission: { projectName: '회의록 요약 봇' },
      score: { scores: { problem: 8, execution: 9 }, total: 855, feedback: '완성도가 높아요.' },
    });
    expect(judging.results).toBeNull();
    for (const m of judging.teams.flatMap((t: { members: { joinId: number }[] }) => t.members))
      expect(m).toMatchObject(await accountNames(m.joinId));
    const tooMuch = await admin('POST', `/api/admin/cohorts/${SPRINT}/results/publish`, {
      memberPrizes: [{ joinId: steady, amountKrw: 100_001 }],
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(MESSAGES.judgingPrizeLimit);
    const published = await admin('POST', `/api/admin/cohorts/${SPRINT}/results/publish`, {
      memberPrizes: [{ joinId: steady, amountKrw: 100_000 }],
    });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({
      winnerTeamId: team.team_id,
      prizes: [
        { teamId: team.team_id, joinId: null, amountKrw: 400_000 },
        { joinId: steady, amountKrw: 100_000 },
      ],
    });
    expect((await admin('POST', `/api/admin/cohorts/${SPRINT}/results/publish`, {})).statusCode).toBe(409);
    // The judging page's results name the member prize's winner; the team prize is nobody's.
    expect((await admin('GET', `/api/admin/cohorts/${SPRINT}/judging`)).json().results).toMatchObject({
      winnerTeamId: team.team_id,
      prizes: [
        { teamId: team.team_id, joinId: null, alias: null, name: null, amountKrw: 400_000 },
        { ...(await accountNames(steady)), amountKrw: 100_000 },
      ],
    });
    const results = (await asMember(others[0]!, 'GET', `/api/applications/${others[0]}/team`)).json().results;
    expect(results).toMatchObject({ winner: true, total: 855, feedback: '완성도가 높아요.', scores: { execution: 9 } });
    expect(results.rubric.map((c: { key: string; weight: number }) => [c.key, c.weight])).toEqual([
      ['problem', 25],
      ['execution', 35],
      ['design', 20],
      ['teamwork', 20],
    ]);
    stack.setNow(TODAY);
  });

  it('lists the published sprint projects publicly: the winner first, nicknames and career card IDs, dropped members left out', async () => {
    const teams: number[] = await knex()('team')
      .where({ odd_id: SPRINT })
      .whereNull('stopped_at')
      .orderBy('team_id')
      .pluck('team_id');
    const submitted: number[] = await knex()('team_submission').whereIn('team_id', teams).pluck('team_id');
    const listed = await stack.programs.app.inject({ method: 'GET', url: `/api/sprint-projects?oddId=${SPRINT}` });
    expect(listed.statusCode).toBe(200);
    const { projects } = listed.json();
    expect(projects.total).toBe(submitted.length);
    const [first] = projects.items;
    expect(first).toMatchObject({
      projectName: '회의록 요약 봇',
      winner: true,
      oddId: SPRINT,
      demoUrl: 'https://bot.example.com',
    });
    expect(first.images).toContain('/media/uploads/0b6f7c1e-3f0a-4d2e-9a51-6f1c2d3e4f50');
    const active: number[] = await knex()('team_member as m')
      .join('application as a', 'a.join_id', 'm.join_id')
      .where({ 'm.team_id': first.teamId, 'a.status': 'ASSIGNED' })
      .pluck('a.user_id');
    expect(first.members).toHaveLength(active.length);
    expect(first.members.map((m: { alias: string }) => m.alias).sort()).toEqual(
      active.map((id) => `alias${id}`).sort(),
    );
    expect(first.members[0].profileId).toMatch(/^card\d+$/);
    expect(first.members[0].roleName).toBe('개발자');
    // Members' real names never show on the public list.
    expect(JSON.stringify(projects)).not.toContain('스프린터');
    // Another cohort without published results lists nothing; a bad page is 400.
    expect(
      (await stack.programs.app.inject({ method: 'GET', url: '/api/sprint-projects?oddId=112' })).json().projects,
    ).toMatchObject({ items: [], total: 0 });
    expect((await stack.programs.app.inject({ method: 'GET', url: '/api/sprint-projects?page=0' })).statusCode).toBe(
      400,
    );
  });
});

describe('operators console: cohorts, applicants, audit log', () => {
  it('creates and edits a cohort with an audit entry, counts live applications, filters and exports applicants', async () => {
    const body = {
      productId: 2,
      name: '10일 팀 스프린트 2027년 1월',
      recruitStart: '2027-01-01T00:00:00+09:00',
      recruitEnd: '2027-01-10T23:59:59+09:00',
      teamBuildingAnnounceDate: '2027-01-12',
      kickoffDate: '2027-01-13',
      startDate: '2027-01-13',
      endDate: '2027-01-22',
      capacity: 40,
      roleSeats: null,
    };
    const created = await admin('POST', '/api/admin/cohorts', body);
    expect(created.statusCode).toBe(200);
    const oddId = created.json().cohort.oddId as number;
    const bad = await admin('PUT', `/api/admin/cohorts/${oddId}`, { ...body, endDate: '2027-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MESSAGES.adminCohortDatesInvalid);
    // A cohort or product that does not exist is a 404, and nothing is written.
    const missing = await admin('PUT', '/api/admin/cohorts/999999', body);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGES.adminCohortNotFound);
    const cohortsBefore = await count('cohort', {});
    expect((await admin('POST', '/api/admin/cohorts', { ...body, productId: 999_999 })).statusCode).toBe(404);
    expect(await count('cohort', {})).toBe(cohortsBefore);
    // Days that do not exist and years PostgreSQL reads otherwise: a Korean 400 under the field, never a 500.
    for (const broken of [
      { startDate: '2027-02-30' },
      { endDate: '2027-13-01' },
      { kickoffDate: '0000-01-13' },
      { recruitEnd: '99999-01-10T23:59:59Z' },
    ]) {
      const refused = await admin('POST', '/api/admin/cohorts', { ...body, ...broken });
      expect(refused.statusCode, JSON.stringify(broken)).toBe(400);
      expect(refused.json().message).toBe(MESSAGES.adminCohortDateRequired);
    }
    for (const day of ['2026-12-32', '2026-02-29', '6858-19-02'])
      expect((await admin('POST', '/api/admin/checkins/misses/run', { day })).statusCode, day).toBe(400);
    const edited = await admin('PUT', `/api/admin/cohorts/${oddId}`, { ...body, capacity: 60 });
    expect(edited.json().cohort.capacity).toBe(60);
    const log = (await admin('GET', `/api/admin/audit-log?oddId=${oddId}`)).json().entries;
    expect(log.map((e: { action: string }) => e.action)).toEqual(['COHORT_UPDATE', 'COHORT_CREATE']);
    expect(log[0]).toMatchObject({ actorUserId: ADMIN.userId, before: { capacity: 40 }, after: { capacity: 60 } });

    const list = (await admin('GET', '/api/admin/cohorts?productId=2')).json().cohorts;
    const sprint = list.find((c: { oddId: number }) => c.oddId === SPRINT);
    expect(sprint.counts.total).toBe(
      (await count('application', { odd_id: SPRINT })) -
        (await knex()('application')
          .where({ odd_id: SPRINT })
          .whereIn('status', ['DRAFT', 'CANCELLED', 'AUTO_CANCELLED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'DROPPED'])
          .count({ n: '*' })
          .then((r) => Number(r[0]!.n))),
    );

    const who = await sprinter('검색될사람', 40);
    const found = (
      await admin('GET', `/api/admin/cohorts/${SPRINT}/applicants?q=${encodeURIComponent('검색될')}`)
    ).json().applicants;
    expect(found.map((a: { joinId: number }) => a.joinId)).toEqual([who.joinId]);
    expect(found[0]).toMatchObject({
      name: '검색될사람',
      careerCardId: `card${who.identity.userId}`,
      role: 'DEVELOPER',
      state: 'RESERVED',
      skillLevel: null,
      experienceMonths: 40,
    });
    const byCard = (await admin('GET', `/api/admin/cohorts/${SPRINT}/applicants?q=CARD${who.identity.userId}`)).json()
      .applicants;
    expect(byCard).toHaveLength(1);
    const reserved = (await admin('GET', `/api/admin/cohorts/${SPRINT}/applicants?state=RESERVED&friends=false`)).json()
      .applicants;
    expect(reserved.every((a: { state: string }) => a.state === 'RESERVED')).toBe(true);
    expect(reserved.map((a: { joinId: number }) => a.joinId)).toContain(who.joinId);

    const csv = await admin('GET', `/api/admin/cohorts/${SPRINT}/applicants.csv?q=${encodeURIComponent('검색될')}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body).toContain('검색될사람');
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(2);

    const answers = (await admin('GET', `/api/admin/applications/${who.joinId}/answers`)).json();
    expect(answers.answers.required.experienceMonths).toBe(40);
  });
});

describe('members on admin paths', () => {
  it('get 403 with the Korean message on every admin path and nothing changes', async () => {
    const member = newMember();
    const before = {
      audit: await count('audit_log'),
      cohorts: await count('cohort'),
      boards: await knex()('team_board').select('*'),
      teamMembers: await count('team_member'),
      refunds: await count('refund'),
      misses: await count('checkin_miss'),
      scores: await count('team_score'),
    };
    const calls: [string, string, object?][] = [
      ['GET', '/api/admin/cohorts'],
      ['POST', '/api/admin/cohorts', { productId: 2, name: 'x' }],
      ['PUT', `/api/admin/cohorts/${SPRINT}`, { productId: 2, name: 'x' }],
      ['GET', `/api/admin/cohorts/${SPRINT}/applicants`],
      ['GET', `/api/admin/cohorts/${SPRINT}/applicants.csv`],
      ['GET', '/api/admin/applications/1/answers'],
      ['GET', '/api/admin/audit-log'],
      ['GET', `/api/admin/cohorts/${SPRINT}/board`],
      ['POST', `/api/admin/cohorts/${SPRINT}/board/run`, {}],
      ['POST', `/api/admin/cohorts/${SPRINT}/board/move`, { joinId: 1, toTeam: null }],
      ['POST', `/api/admin/cohorts/${SPRINT}/board/lock`, { joinId: 1, locked: true }],
      ['GET', `/api/admin/cohorts/${SPRINT}/board/preview`],
      ['POST', `/api/admin/cohorts/${SPRINT}/board/publish`],
      ['POST', '/api/admin/payment-deadlines/run'],
      ['POST', '/api/admin/applications/1/removal/preview', { reason: 'LEFT' }],
      ['POST', '/api/admin/applications/1/removal', { reason: 'LEFT', expectedRefundKrw: 0 }],
      ['GET', '/api/admin/teams/1/replacements?role=DEVELOPER'],
      ['POST', '/api/admin/teams/1/replacements', { joinId: 1 }],
      ['POST', '/api/admin/teams/1/refunds/preview', { refundCase: 'TEAM_STOP' }],
      ['POST', '/api/admin/teams/1/refunds', { refundCase: 'TEAM_STOP', expectedTotalKrw: 0 }],
      ['POST', `/api/admin/cohorts/${SPRINT}/refunds/preview`, { refundCase: 'COMPANY_ENDED' }],
      ['POST', `/api/admin/cohorts/${SPRINT}/refunds`, { refundCase: 'COMPANY_ENDED', expectedTotalKrw: 0 }],
      ['GET', `/api/admin/cohorts/${SPRINT}/team-health`],
      ['POST', '/api/admin/checkins/misses/run', { day: '2026-12-16' }],
      ['GET', '/api/admin/judging/rubric'],
      ['GET', `/api/admin/cohorts/${SPRINT}/judging`],
      [
        'PUT',
        '/api/admin/teams/1/score',
        { scores: { problem: 1, execution: 1, design: 1, teamwork: 1 }, feedback: 'x' },
      ],
      ['POST', `/api/admin/cohorts/${SPRINT}/results/publish`, {}],
    ];
    const routes = stack.programs.app.printRoutes({ commonPrefix: false });
    expect(routes).toContain('/api/admin');
    for (const [method, url, payload] of calls) {
      const response = await stack.programs.app.inject({
        method: method as 'GET',
        url,
        headers: stack.programs.as(member),
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().message).toBe(MESSAGES.forbidden);
      const visitor = await stack.programs.app.inject({
        method: method as 'GET',
        url,
        ...(payload ? { payload } : {}),
      });
      expect(visitor.statusCode, `${method} ${url} (visitor)`).toBe(401);
    }
    expect(await count('audit_log')).toBe(before.audit);
    expect(await count('cohort')).toBe(before.cohorts);
    expect(await knex()('team_board').select('*')).toEqual(before.boards);
    expect(await count('team_member')).toBe(before.teamMembers);
    expect(await count('refund')).toBe(before.refunds);
    expect(await count('checkin_miss')).toBe(before.misses);
    expect(await count('team_score')).toBe(before.scores);
  });

  it('every admin path is in the OpenAPI document (the cohort body from the contract schema included)', async () => {
    const document = (await stack.programs.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .filter((op) => op.includes('/api/admin/'));
    expect(documented).toEqual(
      expect.arrayContaining([
        'GET /api/admin/cohorts',
        'POST /api/admin/cohorts',
        'PUT /api/admin/cohorts/{oddId}',
        'GET /api/admin/cohorts/{oddId}/judging',
        'POST /api/admin/cohorts/{oddId}/board/publish',
      ]),
    );
    expect(documented.length).toBeGreaterThanOrEqual(28);
    expect(JSON.stringify(document.paths['/api/admin/cohorts'])).toContain('roleSeats');
    // The team pages' answers are documented, each member with their nickname and name (nullable).
    const answers: [string, string][] = [
      ['/api/admin/cohorts/{oddId}/team-health', 'get'],
      ['/api/admin/cohorts/{oddId}/judging', 'get'],
      ['/api/admin/teams/{teamId}/replacements', 'get'],
      ['/api/admin/teams/{teamId}/refunds/preview', 'post'],
      ['/api/admin/cohorts/{oddId}/refunds', 'post'],
    ];
    for (const [path, method] of answers) {
      const answer = (
        document.paths[path]![method] as { responses: Record<string, { content: Record<string, { schema: unknown }> }> }
      ).responses['200']!.content['application/json']!.schema;
      expect(JSON.stringify(answer), path).toContain('"alias":{"nullable":true,"type":"string"}');
    }
    // The board's page is documented with its default: there is no whole board.
    expect(JSON.stringify(document.paths['/api/admin/cohorts/{oddId}/board']!.get)).toMatch(
      /"name":"page".*"default":1/,
    );
  });
});
