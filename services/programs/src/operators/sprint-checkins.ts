import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { MESSAGES } from '@sq/contracts';
import { type ApplicationAnswers } from '@sq/contracts/api/applications';
import type { SprintCheckinResponse } from '@sq/contracts/api/operators/sprint';
import { conflict, notFound, type Row } from '@sq/service-kit';
import { seoulDate, addToDate } from '../schedule';
import { transition } from '../core/transition';
import { recordWebhookEvent } from '../core/webhook-events';
import { loadContext } from '../repositories/application-lifecycle-repository';
import { audit } from '../repositories/audit-log-repository';
import { createSprintRepository, type SprintRepository } from '../repositories/sprint-repository';

import { CHECKIN_CLOSES_AT, MISSES_BEFORE_DROP, seoulInstant } from './sprint-rules';

/** The member's published team in a sprint (or any program), with the cohort's dates. */
export async function memberTeam(sprint: SprintRepository, joinId: number): Promise<Row> {
  const row = await sprint.memberTeam(joinId);
  if (!row) throw notFound(MESSAGES.sprintNoTeam);
  return row;
}

/** Today's check-in (once per Korean day, until 22:00, members of a sprint team while it runs). */
export async function checkIn({ knex }: { knex: Knex }, joinId: number, now: Date): Promise<SprintCheckinResponse> {
  const sprint = createSprintRepository(knex);
  const team = await memberTeam(sprint, joinId);
  if (team.kind !== 'SPRINT') throw conflict(MESSAGES.sprintNotSprint);
  const day = seoulDate(now);
  if (team.status !== 'ASSIGNED' || team.stopped_at || day < team.start_date || day > team.end_date)
    throw conflict(MESSAGES.sprintNotInProgress);
  if (now.getTime() >= seoulInstant(day, CHECKIN_CLOSES_AT).getTime()) throw conflict(MESSAGES.sprintCheckinClosed);
  await sprint.addCheckin(joinId, day, now);
  const row = (await sprint.checkin(joinId, day))!;
  return { day, checkedAt: new Date(row.checked_at).toISOString() };
}

/**
 * The 22:00 job for one Korean day: every assigned member of a running sprint team without a check-in that
 * day gets a miss; a member with MISSES_BEFORE_DROP consecutive misses is dropped (state, mail, audit row
 * for the operators). Running it twice for a day changes nothing more.
 */
export async function recordMisses(
  app: FastifyInstance,
  day: string,
): Promise<{ missed: number[]; dropped: number[] }> {
  const sprint = createSprintRepository(app.knex);
  const members = await sprint.runningMembers(day);
  const result = { missed: [] as number[], dropped: [] as number[] };
  for (const member of members) {
    const joinId = member.join_id;
    if (await sprint.checkin(joinId, day)) continue;
    // The miss and its webhook event (to the member's own subscriptions) commit together.
    const missed = await app.knex.transaction(async (trx) => {
      if (!(await createSprintRepository(trx).addMiss(joinId, day, member.odd_id))) return false;
      await recordWebhookEvent(trx, {
        type: 'sprint.checkin_missed',
        userId: member.user_id,
        data: { joinId, oddId: member.odd_id, day },
      });
      return true;
    });
    if (!missed) continue;
    result.missed.push(joinId);
    const days = Array.from({ length: MISSES_BEFORE_DROP }, (_, i) => addToDate(day, 0, -i));
    if (days.some((d) => d < member.start_date)) continue;
    if ((await sprint.missesAmong(joinId, days)) < MISSES_BEFORE_DROP) continue;
    await app.knex.transaction(async (trx) => {
      await transition(trx, { joinId, to: 'DROPPED', actor: 'SYSTEM', reason: MESSAGES.sprintDroppedReason });
      // The operators' notice: the audit log and team health show it (actor 0 = the system).
      await audit(trx, {
        actorUserId: 0,
        action: 'SPRINT_DROP_MISSED_CHECKINS',
        targetType: 'APPLICATION',
        targetId: joinId,
        oddId: member.odd_id,
        before: { status: 'ASSIGNED' },
        after: { status: 'DROPPED', missedDays: days },
        at: app.clock(),
      });
    });
    result.dropped.push(joinId);
    await mailDrop(app, joinId, days).catch((error: unknown) =>
      app.log.warn({ err: error, joinId }, 'drop mail not sent'),
    );
  }
  return result;
}

/** The dropped member's mail, and the operators' notice when OPERATOR_NOTIFY_EMAIL is set. */
async function mailDrop(app: FastifyInstance, joinId: number, days: string[]): Promise<void> {
  const row = await loadContext(app.knex, joinId);
  const to = ((row?.answers ?? {}) as ApplicationAnswers).required?.contactEmail;
  const lines = [
    `${row?.cohort_name ?? ''} 체크인을 ${days.slice().reverse().join(', ')} 이틀 연속 하지 않아 중도 하차 처리되었어요.`,
    `지원 내역: ${app.programsConfig.siteUrl}/mypage/history/${joinId}`,
  ];
  if (to)
    await app.mailer.send({
      to,
      subject: '[10일 팀 스프린트] 중도 하차 안내',
      text: lines.join('\n'),
      html: lines.map((l) => `<p>${l.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`).join(''),
    });
  const operators = app.operatorsConfig.notifyEmail;
  if (operators)
    await app.mailer.send({
      to: operators,
      subject: `[운영] 체크인 2회 연속 누락으로 지원 #${joinId} 중도 하차`,
      text: lines.join('\n'),
      html: lines.map((l) => `<p>${l.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`).join(''),
    });
}

/** Consecutive days checked in, up to today (or up to yesterday while today's check-in is still to come). */
export function streakOf(checkins: readonly string[], today: string): number {
  const days = new Set(checkins);
  let day = days.has(today) ? today : addToDate(today, 0, -1);
  let streak = 0;
  for (; days.has(day); day = addToDate(day, 0, -1)) streak += 1;
  return streak;
}

/** The member's own check-in state for my page: today's, the streak, the misses, whether it is open now. */
export async function myCheckin(sprint: SprintRepository, team: Row, now: Date) {
  if (team.kind !== 'SPRINT') return null;
  const day = seoulDate(now);
  const closesAt = seoulInstant(day, CHECKIN_CLOSES_AT);
  const checkins = await sprint.checkinsUpTo(team.join_id, day);
  const misses = await sprint.missedDays(team.join_id);
  const todays = checkins.find((c) => c.day === day);
  const running = team.status === 'ASSIGNED' && !team.stopped_at && day >= team.start_date && day <= team.end_date;
  return {
    day,
    closesAt: closesAt.toISOString(),
    open: running && now.getTime() < closesAt.getTime(),
    checkedInAt: todays ? new Date(todays.checked_at).toISOString() : null,
    streak: streakOf(
      checkins.map((c) => c.day),
      day,
    ),
    misses: misses.length,
    lastMiss: misses[0] ?? null,
    missesBeforeDrop: MISSES_BEFORE_DROP,
  };
}
