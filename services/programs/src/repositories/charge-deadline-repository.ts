/**
 * Card-update deadlines (`charge_deadline`): a team charge declined at publish gives the member until deadline_at
 * to register another card (operators/charging.ts opens and resolves them; the members' side reads them). One row
 * per application: the deadline of the first decline, which a later decline within it keeps (never extends).
 */
import type { Knex } from 'knex';
import type { Db } from './db';

/**
 * How a deadline ended: the member's charge went through, the deadline passed without it, or the team stopped (or
 * the cohort ended) before it and the member was cancelled without a charge.
 */
export type DeadlineOutcome = 'PAID' | 'EXPIRED' | 'ENDED';

/** One application's card-update deadline (`charge_deadline`). */
export interface ChargeDeadlineRow {
  join_id: number;
  deadline_at: Date;
  resolved_at: Date | null;
  outcome: DeadlineOutcome | null;
}

/** The application's deadline not resolved yet, whether or not it has passed; null when there is none. */
export async function unresolvedDeadline(db: Db, joinId: number): Promise<Date | null> {
  const row = await db('charge_deadline').where({ join_id: joinId }).whereNull('resolved_at').first('deadline_at');
  return row ? new Date(row.deadline_at) : null;
}

/** Whether any application of the cohort has a deadline not resolved yet. */
export async function cohortHasUnresolvedDeadline(db: Db, oddId: number): Promise<boolean> {
  const open = await db('charge_deadline as d')
    .join('application as o', 'o.join_id', 'd.join_id')
    .whereNull('d.resolved_at')
    .where('o.odd_id', oddId)
    .first('d.join_id');
  return Boolean(open);
}

/**
 * Opens the deadline of a declined team charge at `deadlineAt`, unless the application has one already (a second
 * card declined within the first decline's deadline keeps that one). Answers the application's deadline row as it
 * is now, and whether this call opened it.
 */
export async function openDeadline(
  db: Db,
  joinId: number,
  deadlineAt: Date,
): Promise<{ deadlineAt: Date; resolved: boolean; opened: boolean }> {
  const inserted = await db('charge_deadline')
    .insert({ join_id: joinId, deadline_at: deadlineAt })
    .onConflict('join_id')
    .ignore()
    .returning('join_id');
  const row = await db('charge_deadline').where({ join_id: joinId }).first('deadline_at', 'resolved_at');
  return { deadlineAt: new Date(row.deadline_at), resolved: row.resolved_at !== null, opened: inserted.length > 0 };
}

/** Resolves the application's deadline (once; a resolved one stays as it was). */
export async function resolveDeadline(db: Db, joinId: number, at: Date, outcome: DeadlineOutcome): Promise<void> {
  await db('charge_deadline').where({ join_id: joinId }).whereNull('resolved_at').update({ resolved_at: at, outcome });
}

/** The join ids of every unresolved deadline, the earliest deadline first. */
export async function unresolvedDeadlines(db: Db): Promise<number[]> {
  return db('charge_deadline').whereNull('resolved_at').orderBy('deadline_at').pluck('join_id');
}

/** `FOR UPDATE` on the application's unresolved deadline (taken before the application's row); undefined when resolved. */
export async function lockUnresolvedDeadline(
  trx: Knex.Transaction,
  joinId: number,
): Promise<ChargeDeadlineRow | undefined> {
  return trx('charge_deadline').where({ join_id: joinId }).whereNull('resolved_at').forUpdate().first();
}
