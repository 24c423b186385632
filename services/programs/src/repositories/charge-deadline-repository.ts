/**
 * Card-update deadlines (`charge_deadline`) as the members' side reads them: a team charge declined at publish
 * gives the member until deadline_at to register another card (operators/charging.ts opens and resolves them).
 */
import type { Db } from './db';

/** The application's deadline not resolved yet, whether or not it has passed; null when there is none. */
export async function unresolvedDeadline(db: Db, joinId: number): Promise<Date | null> {
  const row = await db('charge_deadline').where({ join_id: joinId }).whereNull('resolved_at').first('deadline_at');
  return row ? new Date(row.deadline_at) : null;
}

/** Whether any application of the cohort has a deadline not resolved yet. */
export async function cohortHasUnresolvedDeadline(db: Db, oddId: number): Promise<boolean> {
  const open = await db('charge_deadline as d').join('application as o', 'o.join_id', 'd.join_id').whereNull('d.resolved_at').where('o.odd_id', oddId).first('d.join_id');
  return Boolean(open);
}
