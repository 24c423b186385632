import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { MESSAGES, type RefundCase } from '@sq/contracts';
import type { ApplicantRole, ApplicationAnswers, ApplicationState } from '@sq/contracts/api/applications';
import type {
  GroupRefundConfirmation,
  GroupRefundLine,
  GroupRefundOutcome,
  GroupRefundPreview,
  ReplacementCandidate,
} from '@sq/contracts/api/operators/team-changes';
import { ApiError, conflict, notFound, type Row } from '@sq/service-kit';
import { loadContext } from '../repositories/application-lifecycle-repository';
import { lockApplication, transition } from '../core/transition';
import { ledgerLine, planRefund, type LedgerLine } from '../core/refunds/ledger';
import { executeRefund, refundApplication, type RefundOutcome } from '../payments/refunds';
import { findApplication, lockApplicationRow } from '../repositories/application-lifecycle-repository';
import { audit, teamRemovedFrom } from '../repositories/audit-log-repository';
import { createBoardRepository } from '../repositories/board-repository';
import { pendingCharge } from '../repositories/payment-repository';
import { caseVoidedOnly } from '../repositories/refund-ledger-repository';
import { hasTeamSeat, seatedTeam } from '../repositories/reservation-repository';
import { createTeamRepository, namesOf } from '../repositories/team-repository';
import { resolveDeadline } from '../repositories/charge-deadline-repository';
import { queueMail } from '../core/deps';
import { markCohortEnded, teamRuns } from '../repositories/team-life-repository';

/** Why an operator removes a member, and the refund case of the stored rules that applies to it. */
export const REMOVAL_REFUND_CASE = {
  /** The member left the team on their own. */
  LEFT: 'LEFT_AFTER_INVITE',
  /** Dropped by the operators (missed check-ins, conduct): the member's own withdrawal rules. */
  DROPPED: 'INDIVIDUAL',
  /** The member asked through the support channel. */
  SUPPORT: 'INDIVIDUAL',
} as const satisfies Record<string, RefundCase>;
export type RemovalReason = keyof typeof REMOVAL_REFUND_CASE;
type GroupRefundCase = GroupRefundPreview['refundCase'];

/** A refund line of a preview: paid, already refunded, owed now under the case, and why nothing when nothing. */
export type RefundLine = Omit<LedgerLine, 'paymentId' | 'owedTotalKrw' | 'refundableUntil' | 'refundCase'> & {
  refundCase: RefundCase;
};

const toRefundLine = (
  { paymentId: _p, owedTotalKrw: _o, refundableUntil: _u, ...rest }: LedgerLine,
  refundCase: RefundCase,
): RefundLine => ({ ...rest, refundCase });

async function contextOf(knex: Knex | Knex.Transaction, joinId: number): Promise<Row> {
  const context = await loadContext(knex, joinId);
  if (!context) throw notFound(MESSAGES.applyNotFound);
  return context;
}

/** What the case refunds for one application now, from the ledger (0 when nothing was charged or the case was applied). */
export async function refundLine(
  { knex }: { knex: Knex },
  joinId: number,
  refundCase: RefundCase,
  at: Date,
): Promise<RefundLine> {
  return toRefundLine(await ledgerLine(knex, await contextOf(knex, joinId), { refundCase }, at), refundCase);
}

/**
 * Removes a member from their team with the refund of the case at this instant, in one transaction under the
 * application's lock: the operator confirms the amount they previewed (`expectedRefundKrw`); if the ledger
 * now says otherwise (a boundary passed, a refund happened), 409 and nothing changes. The same removal sent
 * twice, even at once, finds the member off the team the second time (404) and refunds once. A removal whose
 * refund the PG refused for good (its case voided) can be done again: the member is off the team already, so
 * only the case is applied again (and refunded); once it is applied, the same removal is 404 again.
 */
export async function removeMember(
  app: FastifyInstance,
  actorUserId: number,
  joinId: number,
  reason: RemovalReason,
  expectedRefundKrw: number,
  note: string | null,
) {
  const now = app.clock();
  const refundCase = REMOVAL_REFUND_CASE[reason];
  const text = `운영자 팀원 제외 (${reason})${note ? `: ${note}` : ''}`;
  const done = await app.knex.transaction(async (trx) => {
    const before = await lockApplication(trx, joinId);
    const seat = await seatedTeam(trx, joinId);
    const refusedFrom = seat === null ? await refusedRemovalTeam(trx, joinId, refundCase) : null;
    const teamId = seat ?? refusedFrom;
    if (teamId === null) throw notFound(MESSAGES.adminNotOnTeam);
    if (await pendingCharge(trx, joinId)) throw conflict(MESSAGES.paymentInProgress);
    const context = await contextOf(trx, joinId);
    const current = await ledgerLine(trx, context, { refundCase }, now);
    if (current.refundKrw !== expectedRefundKrw) throw conflict(MESSAGES.adminRefundChanged);
    // Dropped members keep the DROPPED state; the others end as the refund leaves them (refunded, partly, cancelled).
    const planned =
      current.paidKrw > 0
        ? await planRefund(
            app.payments.deps,
            trx,
            context,
            {
              refundCase,
              actor: 'OPERATOR',
              actorUserId,
              reason: text,
              target: reason === 'DROPPED' ? null : 'AUTO',
              expectedRefundKrw,
            },
            now,
          )
        : null;
    const row = (await findApplication(trx, joinId))!;
    if (reason === 'DROPPED' && row.status === 'ASSIGNED')
      await transition(trx, { joinId, to: 'DROPPED', actor: 'OPERATOR', actorUserId, reason: text });
    else if (current.paidKrw === 0 && ['ASSIGNED', 'RESERVED', 'PAYMENT_FAILED', 'WAITLISTED'].includes(row.status)) {
      await transition(trx, { joinId, to: 'CANCELLED', actor: 'OPERATOR', actorUserId, reason: text });
      // Never charged: nothing can charge its key any more, so it goes back to the PG now (the job retries until it answers).
      await resolveDeadline(trx, joinId, now, 'ENDED');
      if (row.billing_key) await app.jobs.sendIn(trx, 'reservation-release', { joinId });
    }
    if (seat !== null) await createBoardRepository(trx).removeSeat(joinId);
    const after = (await findApplication(trx, joinId))!;
    const refundAgain = seat !== null ? {} : { refundAgain: true };
    await audit(trx, {
      actorUserId,
      action: 'TEAM_MEMBER_REMOVE',
      targetType: 'APPLICATION',
      targetId: joinId,
      oddId: null,
      before: { status: before.status, teamId },
      after: { status: after.status, refundKrw: current.refundKrw, refundCase, reason, note, ...refundAgain },
      at: now,
    });
    return { line: toRefundLine(current, refundCase), refund: planned?.refund ?? null, teamId };
  });
  if (done.refund) await executeRefund(app.payments.deps, done.refund);
  return { ...done.line, teamId: done.teamId };
}

/**
 * The team of the member's earlier removal whose refund the PG refused for good (its case voided, not applied
 * since): what a removal done again refunds. Null when the member was never removed, or the case was not refused.
 */
async function refusedRemovalTeam(
  trx: Knex.Transaction,
  joinId: number,
  refundCase: RefundCase,
): Promise<number | null> {
  if (!(await caseVoidedOnly(trx, joinId, refundCase))) return null;
  return teamRemovedFrom(trx, joinId);
}

/** Reservations without a team in the cohort (the waitlist, and later applications still reserved). */
const REPLACEMENT_STATES: readonly ApplicationState[] = ['WAITLISTED', 'RESERVED'];
/** Members a team stop or the company ending refunds: on a team, not refunded whole. */
const GROUP_REFUND_STATES: readonly ApplicationState[] = ['ASSIGNED', 'PARTIALLY_REFUNDED'];

const careerOf = (row: { answers?: ApplicationAnswers | null }) =>
  Number((row.answers ?? {}).required?.experienceMonths ?? 0);

/** Waitlisted members of the role who could replace someone in this team (named), closest career to the team's first. */
export async function replacementCandidates(
  { knex }: { knex: Knex },
  teamId: number,
  role: ApplicantRole,
): Promise<ReplacementCandidate[]> {
  const teams = createBoardRepository(knex);
  const team = await teams.team(teamId);
  if (!team) throw notFound(MESSAGES.adminTeamNotFound);
  const mates = await teams.teammateAnswers(teamId);
  const average = mates.length ? mates.reduce((sum, r) => sum + careerOf(r), 0) / mates.length : 0;
  const rows = await createTeamRepository(knex).unteamed(team.odd_id, role, REPLACEMENT_STATES);
  return rows
    .map((r) => ({ ...namesOf(r), role, careerMonths: careerOf(r), distanceMonths: Math.abs(careerOf(r) - average) }))
    .sort((a, b) => a.distanceMonths - b.distanceMonths);
}

/** Accepts a replacement: on the team at once, charged by a team-charge job (mailed when charged). */
export async function acceptReplacement(
  app: FastifyInstance,
  actorUserId: number,
  teamId: number,
  joinId: number,
): Promise<void> {
  await app.knex.transaction(async (trx) => {
    const seats = createBoardRepository(trx);
    const team = await seats.team(teamId, true);
    if (!team) throw notFound(MESSAGES.adminTeamNotFound);
    // Under the team's lock (a stop takes it too): a stopped team or an ended cohort seats and charges nobody.
    if (!(await teamRuns(trx, teamId))) throw conflict(MESSAGES.adminTeamNotRunning);
    const row = await lockApplicationRow(trx, joinId);
    const onTeam = await hasTeamSeat(trx, joinId);
    if (!row || row.odd_id !== team.odd_id || !REPLACEMENT_STATES.includes(row.status) || onTeam)
      throw conflict(MESSAGES.adminReplacementNotWaitlisted);
    await seats.addSeat({ joinId, teamId, explanation: '팀원 교체로 대기 명단에서 배정되었어요.', at: app.clock() });
    await app.jobs.sendIn(trx, 'team-charge', { joinId }, { singletonKey: `team-charge:${joinId}` });
    await audit(trx, {
      actorUserId,
      action: 'TEAM_REPLACEMENT_ACCEPT',
      targetType: 'TEAM',
      targetId: teamId,
      oddId: team.odd_id,
      before: { status: row.status },
      after: { joinId, teamId },
      at: app.clock(),
    });
  });
}

/** Refund lines of a whole team or cohort for a team stop or the company ending, at this instant, from the ledger; each member named. */
export async function groupRefundPreview(
  { knex }: { knex: Knex },
  scope: { teamId?: number; oddId?: number },
  refundCase: GroupRefundCase,
  at: Date,
): Promise<GroupRefundPreview> {
  const members = await createTeamRepository(knex).refundable(scope, GROUP_REFUND_STATES);
  const lines: GroupRefundLine[] = [];
  for (const member of members)
    lines.push({ ...(await refundLine({ knex }, member.join_id, refundCase, at)), ...namesOf(member) });
  return { refundCase, lines, totalKrw: lines.reduce((sum, l) => sum + l.refundKrw, 0) };
}

/** The audit log keeps no names (OPERATORS.md: it is kept after a member withdraws): an entry's lines and outcomes without them. */
const unnamed = <T extends { alias: string | null; name: string | null }>({ alias: _alias, name: _name, ...rest }: T) =>
  rest;

/** Members a team stop or the company ending settles without charging them: nothing charged (yet), a card maybe reserved. */
const NOT_CHARGED_STATES: readonly ApplicationState[] = [
  'SUBMITTED',
  'PAYMENT_FAILED',
  'RESERVED',
  'TEAM_BUILDING',
  'WAITLISTED',
];

/**
 * Confirms a group refund: the total must still be the previewed one. First the team is marked stopped (a cohort:
 * ended), committed before anything else, so every charge decided after it (publish, the deadline run, a card
 * update, the repair job, a replacement, a backfill) sees it under the member's lock and charges nobody. Then each
 * member not charged is settled under their lock: cancelled with the reason and a mail, their card-update deadline
 * closed, off the team, their billing key released (a charge of theirs still in flight is closed, or refunded whole
 * when it lands). Then each charged member's case is applied through the ledger under their application's lock,
 * so a second confirm (or two at once) refunds nobody twice: the second preview shows 0 for a case already applied,
 * and its total no longer matches. A team or cohort can always be stopped, whatever its members' charge states; a
 * confirm with nothing left to stop, settle or refund is 409.
 */
export async function confirmGroupRefund(
  app: FastifyInstance,
  actorUserId: number,
  scope: { teamId?: number; oddId?: number },
  refundCase: GroupRefundCase,
  expectedTotalKrw: number,
): Promise<GroupRefundConfirmation> {
  const now = app.clock();
  const preview = await groupRefundPreview(app, scope, refundCase, now);
  if (preview.totalKrw !== expectedTotalKrw) throw conflict(MESSAGES.adminRefundChanged);
  const applicable = preview.lines.filter((l) => l.block !== 'NOT_CHARGED' && l.block !== 'CASE_APPLIED');
  const uncharged = await createTeamRepository(app.knex).refundable(scope, NOT_CHARGED_STATES);
  const newlyEnded = await endGroup(app, scope, now);
  if (!applicable.length && !uncharged.length && !newlyEnded) throw conflict(MESSAGES.adminNothingToRefund);
  const reason = refundCase === 'TEAM_STOP' ? '팀 중단 환불' : '회사 사정으로 인한 종료 환불';
  const settledReason = scope.teamId !== undefined ? MESSAGES.adminTeamStoppedReason : MESSAGES.adminCohortEndedReason;
  const settled: number[] = [];
  for (const member of uncharged) {
    if (await settleUncharged(app, actorUserId, member.join_id, settledReason)) settled.push(member.join_id);
  }
  const outcomes: GroupRefundOutcome[] = [];
  for (const line of applicable) {
    const member = { joinId: line.joinId, alias: line.alias, name: line.name };
    try {
      const outcome: RefundOutcome = await refundApplication(app.payments.deps, line.joinId, {
        refundCase,
        actor: 'OPERATOR',
        actorUserId,
        reason,
        target: 'AUTO',
      });
      outcomes.push({ ...member, ...outcome });
    } catch (error) {
      // One member's refund refused (one in flight, the PG refusing) stops nobody else's; the operator sees
      // which, and confirming again later applies the case to them alone (the others' is applied).
      if (!(error instanceof ApiError) || (error.statusCode >= 500 && error.statusCode !== 503)) throw error;
      outcomes.push({ ...member, status: 'REFUSED', message: error.message });
    }
  }
  await audit(app.knex, {
    actorUserId,
    action: refundCase === 'TEAM_STOP' ? 'TEAM_STOP_REFUND' : 'COMPANY_ENDED_REFUND',
    targetType: scope.teamId !== undefined ? 'TEAM' : 'COHORT',
    targetId: scope.teamId ?? scope.oddId ?? null,
    oddId: scope.oddId ?? null,
    before: null,
    after: {
      totalKrw: preview.totalKrw,
      lines: preview.lines.map(unnamed),
      outcomes: outcomes.map(unnamed),
      cancelledWithoutCharge: settled,
    },
    at: now,
  });
  return { ...preview, outcomes };
}

/**
 * Marks the team stopped (under its row lock, which replacements and backfills of the team take too) or the cohort
 * ended (any confirmation for a whole cohort ends it); committed on return. True when this call marked it.
 */
async function endGroup(app: FastifyInstance, scope: { teamId?: number; oddId?: number }, at: Date): Promise<boolean> {
  return app.knex.transaction(async (trx) => {
    if (scope.teamId !== undefined) {
      const seats = createBoardRepository(trx);
      const team = await seats.team(scope.teamId, true);
      if (!team) throw notFound(MESSAGES.adminTeamNotFound);
      if (team.stopped_at) return false;
      await seats.markStopped(scope.teamId, at);
      return true;
    }
    return markCohortEnded(trx, scope.oddId!, at);
  });
}

/**
 * A member of a stopped team or an ended cohort who was not charged: under their lock (still not charged),
 * cancelled with the reason and a mail, the card-update deadline closed, off the team, the billing key released by
 * the reservation-release job (once nothing is in flight). True when settled here.
 */
async function settleUncharged(
  app: FastifyInstance,
  actorUserId: number,
  joinId: number,
  reason: string,
): Promise<boolean> {
  const deps = app.payments.deps;
  return app.knex.transaction(async (trx) => {
    const row = await lockApplication(trx, joinId);
    if (!NOT_CHARGED_STATES.includes(row.status)) return false;
    const done = await transition(trx, { joinId, to: 'CANCELLED', actor: 'OPERATOR', actorUserId, reason });
    await resolveDeadline(trx, joinId, deps.clock(), 'ENDED');
    await createBoardRepository(trx).removeSeat(joinId);
    await queueMail(deps, trx, joinId, 'NOT_CHARGED_ENDED', done.historyId);
    await deps.jobs.sendIn(trx, 'reservation-release', { joinId });
    return true;
  });
}
