import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { MESSAGES, type RefundCase } from '@sq/contracts';
import type { ApplicationAnswers } from '@sq/contracts/api/applications';
import { conflict, notFound, type Row } from '@sq/service-kit';
import { loadContext } from '../applications/application-view';
import { transition } from '../applications/transition';
import { quoteFor } from '../payments/refund-quote';
import { audit } from './audit';

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

export interface RefundLine {
  joinId: number;
  refundCase: RefundCase;
  paidKrw: number;
  refundKrw: number;
  phase: string | null;
}

/** The refund engine's amount for one application's charge now (0 when nothing was charged). */
export async function refundLine(knex: Knex | Knex.Transaction, joinId: number, refundCase: RefundCase, at: Date): Promise<RefundLine> {
  const context = await loadContext(knex, joinId);
  if (!context) throw notFound(MESSAGES.applyNotFound);
  const payment = await knex('payment').where({ join_id: joinId }).whereIn('status', ['PAID', 'PARTIAL_CANCELLED']).first();
  if (!payment) return { joinId, refundCase, paidKrw: 0, refundKrw: 0, phase: null };
  const quote = await quoteFor(knex, context, { amountKrw: payment.amount_krw, cancelledKrw: payment.cancelled_krw, paidAt: payment.paid_at ? new Date(payment.paid_at) : null }, refundCase, at);
  return { joinId, refundCase, paidKrw: payment.amount_krw - payment.cancelled_krw, refundKrw: quote.refundKrw, phase: quote.phase };
}

async function teamMember(knex: Knex, joinId: number): Promise<Row> {
  const member = await knex('team_member').where({ join_id: joinId }).first();
  if (!member) throw notFound(MESSAGES.adminNotOnTeam);
  return member;
}

/**
 * Removes a member from their team with the refund of the case at this instant. The operator confirms the
 * amount they previewed (`expectedRefundKrw`): if the engine now says otherwise (a boundary passed), 409 and
 * nothing changes. The refund goes through the payment core (once, even when confirmed twice).
 */
export async function removeMember(app: FastifyInstance, actorUserId: number, joinId: number, reason: RemovalReason, expectedRefundKrw: number, note: string | null) {
  const member = await teamMember(app.knex, joinId);
  const now = app.clock();
  const line = await refundLine(app.knex, joinId, REMOVAL_REFUND_CASE[reason], now);
  if (line.refundKrw !== expectedRefundKrw) throw conflict(MESSAGES.adminRefundChanged);
  const before = await app.knex('application').where({ join_id: joinId }).first('status');
  const text = `운영자 팀원 제외 (${reason})${note ? `: ${note}` : ''}`;
  if (line.paidKrw > 0) {
    // Dropped members keep the DROPPED state; the others end as the refund leaves them (refunded, partly, cancelled).
    await app.payments.refund(joinId, line.refundCase, { actor: 'OPERATOR', actorUserId, reason: text, target: reason === 'DROPPED' ? null : 'AUTO', amountKrw: line.refundKrw > 0 ? line.refundKrw : undefined });
  }
  await app.knex.transaction(async (trx) => {
    const row = await trx('application').where({ join_id: joinId }).forUpdate().first('status');
    if (reason === 'DROPPED' && row.status === 'ASSIGNED') await transition(trx, { joinId, to: 'DROPPED', actor: 'OPERATOR', actorUserId, reason: text });
    else if (line.paidKrw === 0 && ['ASSIGNED', 'RESERVED', 'PAYMENT_FAILED', 'WAITLISTED'].includes(row.status)) await transition(trx, { joinId, to: 'CANCELLED', actor: 'OPERATOR', actorUserId, reason: text });
    await trx('team_member').where({ join_id: joinId }).delete();
    const after = await trx('application').where({ join_id: joinId }).first('status');
    await audit(trx, { actorUserId, action: 'TEAM_MEMBER_REMOVE', targetType: 'APPLICATION', targetId: joinId, oddId: null, before: { status: before.status, teamId: member.team_id }, after: { status: after.status, refundKrw: line.refundKrw, refundCase: line.refundCase, reason, note }, at: now });
  });
  return { ...line, teamId: member.team_id as number };
}

/** Reservations without a team in the cohort (the waitlist, and later applications still reserved). */
const REPLACEMENT_STATES = ['WAITLISTED', 'RESERVED'];

const careerOf = (row: Row) => Number(((row.answers ?? {}) as ApplicationAnswers).required?.experienceMonths ?? 0);

/** Waitlisted members of the role who could replace someone in this team, closest career to the team's first. */
export async function replacementCandidates(knex: Knex, teamId: number, role: string): Promise<{ joinId: number; role: string; careerMonths: number; distanceMonths: number }[]> {
  const team = await knex('team').where({ team_id: teamId }).first();
  if (!team) throw notFound(MESSAGES.adminTeamNotFound);
  const mates: Row[] = await knex('team_member as m').join('application as a', 'a.join_id', 'm.join_id').where('m.team_id', teamId).select('a.answers');
  const average = mates.length ? mates.reduce((sum, r) => sum + careerOf(r), 0) / mates.length : 0;
  const rows: Row[] = await knex('application as a')
    .leftJoin('team_member as m', 'm.join_id', 'a.join_id')
    .whereNull('m.join_id')
    .where({ 'a.odd_id': team.odd_id, 'a.role': role })
    .whereIn('a.status', REPLACEMENT_STATES)
    .orderBy([{ column: 'a.submitted_at' }, { column: 'a.join_id' }])
    .select('a.join_id', 'a.role', 'a.answers');
  return rows
    .map((r) => ({ joinId: r.join_id as number, role: r.role as string, careerMonths: careerOf(r), distanceMonths: Math.abs(careerOf(r) - average) }))
    .sort((a, b) => a.distanceMonths - b.distanceMonths);
}

/** Accepts a replacement: on the team at once, charged by a team-charge job (mailed when charged). */
export async function acceptReplacement(app: FastifyInstance, actorUserId: number, teamId: number, joinId: number): Promise<void> {
  await app.knex.transaction(async (trx) => {
    const team = await trx('team').where({ team_id: teamId }).forUpdate().first();
    if (!team) throw notFound(MESSAGES.adminTeamNotFound);
    const row = await trx('application').where({ join_id: joinId }).forUpdate().first();
    const onTeam = await trx('team_member').where({ join_id: joinId }).first();
    if (!row || row.odd_id !== team.odd_id || !REPLACEMENT_STATES.includes(row.status) || onTeam) throw conflict(MESSAGES.adminReplacementNotWaitlisted);
    await trx('team_member').insert({ join_id: joinId, team_id: teamId, explanation: '팀원 교체로 대기 명단에서 배정되었어요.', joined_at: app.clock() });
    await app.jobs.sendIn(trx, 'team-charge', { joinId }, { singletonKey: `team-charge:${joinId}` });
    await audit(trx, { actorUserId, action: 'TEAM_REPLACEMENT_ACCEPT', targetType: 'TEAM', targetId: teamId, oddId: team.odd_id, before: { status: row.status }, after: { joinId, teamId }, at: app.clock() });
  });
}

/** Refund lines of a whole team or cohort for a team stop or the company ending, at this instant. */
export async function groupRefundPreview(knex: Knex, scope: { teamId?: number; oddId?: number }, refundCase: 'TEAM_STOP' | 'COMPANY_ENDED', at: Date) {
  const query = knex('application as a').whereIn('a.status', ['ASSIGNED', 'PARTIALLY_REFUNDED']).orderBy('a.join_id');
  if (scope.teamId !== undefined) query.join('team_member as m', 'm.join_id', 'a.join_id').where('m.team_id', scope.teamId);
  if (scope.oddId !== undefined) query.where('a.odd_id', scope.oddId);
  const joinIds: number[] = await query.pluck('a.join_id');
  const lines = [];
  for (const joinId of joinIds) lines.push(await refundLine(knex, joinId, refundCase, at));
  return { refundCase, lines, totalKrw: lines.reduce((sum, l) => sum + l.refundKrw, 0) };
}

/** Confirms a group refund: the total must still be the previewed one; each member refunded once. */
export async function confirmGroupRefund(app: FastifyInstance, actorUserId: number, scope: { teamId?: number; oddId?: number }, refundCase: 'TEAM_STOP' | 'COMPANY_ENDED', expectedTotalKrw: number) {
  const now = app.clock();
  const preview = await groupRefundPreview(app.knex, scope, refundCase, now);
  if (preview.totalKrw !== expectedTotalKrw) throw conflict(MESSAGES.adminRefundChanged);
  if (!preview.lines.some((l) => l.paidKrw > 0)) throw conflict(MESSAGES.adminNothingToRefund);
  const outcomes = [];
  for (const line of preview.lines) {
    if (line.paidKrw <= 0) continue;
    const outcome = await app.payments.refund(line.joinId, refundCase, { actor: 'OPERATOR', actorUserId, reason: refundCase === 'TEAM_STOP' ? '팀 중단 환불' : '회사 사정으로 인한 종료 환불', target: 'AUTO', amountKrw: line.refundKrw > 0 ? line.refundKrw : undefined });
    outcomes.push({ joinId: line.joinId, ...outcome });
  }
  if (scope.teamId !== undefined) await app.knex('team').where({ team_id: scope.teamId }).update({ stopped_at: now });
  await audit(app.knex, { actorUserId, action: refundCase === 'TEAM_STOP' ? 'TEAM_STOP_REFUND' : 'COMPANY_ENDED_REFUND', targetType: scope.teamId !== undefined ? 'TEAM' : 'COHORT', targetId: scope.teamId ?? scope.oddId ?? null, oddId: scope.oddId ?? null, before: null, after: { totalKrw: preview.totalKrw, lines: preview.lines }, at: now });
  return { ...preview, outcomes };
}
