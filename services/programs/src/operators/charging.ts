import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { MESSAGES } from '@sq/contracts';
import { ApiError } from '@sq/service-kit';
import type { ChargeOutcome } from '../payments/charges';
import type { ApplicantRole, ApplicationAnswers, ApplicationState } from '@sq/contracts/api/applications';
import { lockApplication, recordPaymentEvent, transition } from '../core/transition';
import { loadContext } from '../repositories/application-lifecycle-repository';
import { findApplication, lockApplicationRow } from '../repositories/application-lifecycle-repository';
import { teamRuns } from '../repositories/team-life-repository';
import { createBoardRepository } from '../repositories/board-repository';
import {
  lockUnresolvedDeadline,
  openDeadline,
  resolveDeadline,
  unresolvedDeadlines,
  type DeadlineOutcome,
} from '../repositories/charge-deadline-repository';
import { pendingCharge } from '../repositories/payment-repository';
import { hasTeamSeat, seatedTeam } from '../repositories/reservation-repository';
import { createTeamRepository, type NamedRow } from '../repositories/team-repository';
import type { Db } from '../repositories/db';
import type { OperatorsConfig } from '../config/operators';

/** A published member still waiting for the team charge (the charge job only ever charges these). */
const AWAITING_CHARGE: readonly ApplicationState[] = ['RESERVED', 'TEAM_BUILDING', 'WAITLISTED'];
/** Waitlisted members a freed seat may go to. */
const BACKFILL_STATES: readonly ApplicationState[] = ['WAITLISTED'];
/** A member without a team, with the answers (career) a backfill is chosen by. */
type Unteamed = NamedRow & { answers: ApplicationAnswers | null };

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const seoulTime = (date: Date) =>
  date.toLocaleString('ko-KR', { timeZone: 'Asia/Seoul', dateStyle: 'long', timeStyle: 'short' });

/**
 * The team-charge job (one per member, sent when the board is published): charges the reservation once
 * through the payment core (payment id derived from the application, so a second run or a concurrent one
 * charges nothing more). A declined card leaves the member in PAYMENT_FAILED with a deadline to update it,
 * mailed with the link; after the deadline the deadline job frees the seat.
 */
export async function runTeamCharge(app: FastifyInstance, config: OperatorsConfig, joinId: number): Promise<string> {
  const row = await findApplication(app.knex, joinId);
  const onTeam = await hasTeamSeat(app.knex, joinId);
  if (!row || !onTeam || !AWAITING_CHARGE.includes(row.status)) return 'SKIPPED';
  // No card to charge (a reservation whose key is gone): a declined charge, not a job retried for hours
  // ahead of everyone else's; the member gets the card-update deadline like any declined charge.
  const outcome = row.billing_key ? await chargeIfChargeable(app, joinId) : await declineWithoutCard(app, joinId);
  if (outcome.status === 'SKIPPED') return 'SKIPPED';
  const now = app.clock();
  // Charged (a card update's new card went through): the member's deadline, if any, is over.
  if (outcome.status === 'PAID') await resolveDeadline(app.knex, joinId, now, 'PAID');
  if (outcome.status !== 'FAILED') return outcome.status;
  // The first decline opens the deadline; another card declined within it keeps that deadline (never extended)
  // and the member may try yet another card until then, so the mail with the link goes out again.
  const deadline = await openDeadline(
    app.knex,
    joinId,
    new Date(now.getTime() + config.paymentUpdateDeadlineHours * 3_600_000),
  );
  if (!deadline.resolved && deadline.deadlineAt.getTime() > now.getTime())
    await mailCardUpdate(app, joinId, deadline.deadlineAt);
  return 'FAILED';
}

/**
 * The charge, or SKIPPED when the payment core's decision under the application's lock says it may not be charged
 * (ended meanwhile, its team stopped or its cohort ended): nothing to retry.
 */
async function chargeIfChargeable(
  app: FastifyInstance,
  joinId: number,
): Promise<ChargeOutcome | { status: 'SKIPPED' }> {
  try {
    return await app.payments.charge(joinId, 'OPERATOR');
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 409) return { status: 'SKIPPED' };
    throw error;
  }
}

async function declineWithoutCard(app: FastifyInstance, joinId: number): Promise<{ status: 'FAILED' | 'SKIPPED' }> {
  return app.knex.transaction(async (trx) => {
    const locked = await lockApplication(trx, joinId);
    if (locked.billing_key || !AWAITING_CHARGE.includes(locked.status)) return { status: 'SKIPPED' as const };
    const lastFailure = JSON.stringify({ code: 'NO_CARD', message: MESSAGES.teamChargeNoCard });
    await transition(trx, {
      joinId,
      to: 'PAYMENT_FAILED',
      actor: 'SYSTEM',
      reason: MESSAGES.teamChargeNoCard,
      changes: { last_failure: lastFailure },
    });
    await recordPaymentEvent(trx, joinId, 'CHARGE_FAILED', 0, MESSAGES.teamChargeNoCard);
    return { status: 'FAILED' as const };
  });
}

async function mailCardUpdate(app: FastifyInstance, joinId: number, deadline: Date): Promise<void> {
  const row = await loadContext(app.knex, joinId);
  const to = ((row?.answers ?? {}) as ApplicationAnswers).required?.contactEmail;
  if (!row || !to) return;
  const link = `${app.programsConfig.siteUrl}/mypage/history/${joinId}`;
  const lines = [
    `${row.product_name} · ${row.cohort_name} 팀이 확정되었지만 참가비 결제가 카드사에서 거절되었어요.`,
    `${seoulTime(deadline)}까지 결제 카드를 바꿔 주시면 팀 자리가 유지돼요. 기한이 지나면 자리는 대기자에게 넘어가요.`,
    `카드 변경: ${link}`,
  ];
  await app.mailer.send({
    to,
    subject: `[${row.product_name}] 결제 카드를 ${seoulTime(deadline)}까지 바꿔 주세요`,
    text: lines.join('\n'),
    html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''),
  });
}

/** The waitlisted member of the same role whose career is closest to the team's (earlier application on a tie). */
export async function bestBackfill(
  db: Db,
  oddId: number,
  role: ApplicantRole,
  teamId: number,
  passed: ReadonlySet<number> = new Set(),
): Promise<Unteamed | null> {
  const teammates = await createBoardRepository(db).teammateAnswers(teamId);
  const months = (r: { answers: ApplicationAnswers | null }) =>
    Number((r.answers ?? {}).required?.experienceMonths ?? 0);
  const teamAverage = teammates.length ? teammates.reduce((sum, r) => sum + months(r), 0) / teammates.length : 0;
  const candidates = await createTeamRepository(db).unteamed(oddId, role, BACKFILL_STATES);
  let best: Unteamed | null = null;
  for (const candidate of candidates) {
    if (passed.has(candidate.join_id)) continue;
    if (!best || Math.abs(months(candidate) - teamAverage) < Math.abs(months(best) - teamAverage)) best = candidate;
  }
  return best;
}

/** How many waitlisted members a backfill tries in turn when the best one changed state before its lock was taken. */
const BACKFILL_TRIES = 5;

/**
 * The best waitlisted member for the seat, chosen and then locked and checked again under its row lock (still
 * WAITLISTED, still without a seat): one cancelled or auto-cancelled between the choice and the lock is passed
 * over for the next best. Its join id, or null when nobody can take the seat.
 */
async function lockedBackfill(
  trx: Knex.Transaction,
  oddId: number,
  role: ApplicantRole,
  teamId: number,
): Promise<number | null> {
  const passed = new Set<number>();
  for (let i = 0; i < BACKFILL_TRIES; i++) {
    const best = await bestBackfill(trx, oddId, role, teamId, passed);
    if (!best) return null;
    const locked = await lockApplicationRow(trx, best.join_id);
    if (locked && BACKFILL_STATES.includes(locked.status) && !(await hasTeamSeat(trx, best.join_id)))
      return best.join_id;
    passed.add(best.join_id);
  }
  return null;
}

/**
 * The deadline job: a member who updated the card (a new reservation) is charged; one whose deadline passed
 * is cancelled (billing key released), leaves the team, and the seat goes to the best waitlisted member of
 * the same role, who is charged by a team-charge job like everyone at publish. A deadline stays open until the
 * member is charged or it passes: the new card may be declined too, and then the member may try another one
 * until the same deadline (and the cohort's waitlist is kept until then).
 */
export async function runChargeDeadlines(
  app: FastifyInstance,
  now: Date,
): Promise<{ expired: number[]; backfilled: { from: number; to: number }[]; recharged: number[] }> {
  const result = {
    expired: [] as number[],
    backfilled: [] as { from: number; to: number }[],
    recharged: [] as number[],
  };
  for (const joinId of await unresolvedDeadlines(app.knex)) {
    await app.knex.transaction(async (trx) => {
      const locked = await lockUnresolvedDeadline(trx, joinId);
      if (!locked) return;
      const application = await lockApplication(trx, joinId);
      const teamId = await seatedTeam(trx, joinId);
      const resolve = (outcome: DeadlineOutcome) => resolveDeadline(trx, joinId, now, outcome);
      if (application.status === 'ASSIGNED') return resolve('PAID');
      if (application.status === 'RESERVED' && teamId !== null) {
        // A charge of the new card in flight is the repair job's to settle; otherwise the card is charged now.
        if (await pendingCharge(trx, joinId)) return;
        await app.jobs.sendIn(trx, 'team-charge', { joinId }, { singletonKey: `team-charge:${joinId}:retry` });
        result.recharged.push(joinId);
        return;
      }
      if (new Date(locked.deadline_at).getTime() > now.getTime()) return;
      if (application.status === 'PAYMENT_FAILED' || application.status === 'SUBMITTED') {
        const done = await transition(trx, {
          joinId,
          to: 'CANCELLED',
          actor: 'SYSTEM',
          reason: MESSAGES.adminChargeRetryReason,
        });
        await app.jobs.sendIn(
          trx,
          'application-mail',
          { joinId, kind: 'CANCELLED', amountKrw: 0 },
          { singletonKey: `${joinId}:CANCELLED:${done.historyId}` },
        );
        if (application.billing_key) await app.jobs.sendIn(trx, 'reservation-release', { joinId });
      }
      await resolve('EXPIRED');
      result.expired.push(joinId);
      if (teamId === null) return;
      const seats = createBoardRepository(trx);
      await seats.removeSeat(joinId);
      // A stopped team or an ended cohort takes nobody (its seat stays empty); the team's row lock orders this
      // with a stop and with replacements of the same team.
      await seats.team(teamId, true);
      if (!(await teamRuns(trx, teamId))) return;
      const next = await lockedBackfill(trx, application.odd_id, application.role, teamId);
      if (!next) return;
      await seats.addSeat({ joinId: next, teamId, explanation: MESSAGES.adminBackfillReason, at: now });
      await app.jobs.sendIn(trx, 'team-charge', { joinId: next }, { singletonKey: `team-charge:${next}` });
      result.backfilled.push({ from: joinId, to: next });
    });
  }
  return result;
}
