/**
 * Whether a member's team and cohort still run: a team the operators stopped (`team.stopped_at`) or a cohort the
 * company ended (`cohort.ended_at`) takes no more charges, seats or backfills. Every charge decision reads this under
 * the application's row lock (src/payments/charges.ts), so a stop that commits first is always seen.
 */
import type { Db } from './db';

/** Whether the application's cohort runs and, when it holds a seat, its team runs too. */
export async function teamRunsFor(db: Db, joinId: number): Promise<boolean> {
  const row: { ended_at: Date | null; stopped_at: Date | null } | undefined = await db('application as a')
    .join('cohort as c', 'c.odd_id', 'a.odd_id')
    .leftJoin('team_member as m', 'm.join_id', 'a.join_id')
    .leftJoin('team as t', 't.team_id', 'm.team_id')
    .where('a.join_id', joinId)
    .first('c.ended_at', 't.stopped_at');
  return Boolean(row) && row!.ended_at === null && row!.stopped_at === null;
}

/** Whether the published team runs (not stopped, its cohort not ended): what a replacement or a backfill may join. */
export async function teamRuns(db: Db, teamId: number): Promise<boolean> {
  const row: { ended_at: Date | null; stopped_at: Date | null } | undefined = await db('team as t')
    .join('cohort as c', 'c.odd_id', 't.odd_id')
    .where('t.team_id', teamId)
    .first('c.ended_at', 't.stopped_at');
  return Boolean(row) && row!.ended_at === null && row!.stopped_at === null;
}

/** The company ended the cohort (once: a second confirmation keeps the first instant); true when this call marked it. */
export async function markCohortEnded(db: Db, oddId: number, at: Date): Promise<boolean> {
  return (await db('cohort').where({ odd_id: oddId }).whereNull('ended_at').update({ ended_at: at })) > 0;
}
