import type { Knex } from 'knex';
import { MESSAGES } from '@sq/contracts';
import type { Row } from '@sq/service-kit';
import { APPLICATION_STATE_NAMES, canTransition, type ApplicationActor, type ApplicationState } from '@sq/contracts/api/applications';
import { conflict, notFound } from '@sq/service-kit';

export interface TransitionInput {
  joinId: number;
  to: ApplicationState;
  actor: ApplicationActor;
  actorUserId?: number | null;
  reason?: string | null;
  /** Columns written together with the state (answers, payment columns, ...). */
  changes?: Record<string, unknown>;
}

export interface TransitionResult {
  from: ApplicationState;
  to: ApplicationState;
  historyId: number;
  application: Row;
}

/** `FOR UPDATE` on one application: concurrent changes of the same application queue behind each other. */
export async function lockApplication(trx: Knex.Transaction, joinId: number): Promise<Row> {
  const row = await trx('application').where({ join_id: joinId }).forUpdate().first();
  if (!row) throw notFound(MESSAGES.applyNotFound);
  return row;
}

export function illegalTransitionMessage(from: ApplicationState, to: ApplicationState): string {
  return MESSAGES.applyIllegalTransition.replace('{from}', APPLICATION_STATE_NAMES[from]).replace('{to}', APPLICATION_STATE_NAMES[to]);
}

/**
 * The one way an application changes state: locks the row, refuses a transition the state machine does
 * not allow (409, Korean, nothing written), then writes the state, the given columns and the history row
 * in the caller's transaction, so the change and its history commit or roll back together.
 */
export async function transition(trx: Knex.Transaction, input: TransitionInput): Promise<TransitionResult> {
  const row = await lockApplication(trx, input.joinId);
  const from = row.status as ApplicationState;
  if (!canTransition(from, input.to)) throw conflict(illegalTransitionMessage(from, input.to));
  const [application] = await trx('application')
    .where({ join_id: input.joinId })
    .update({ ...input.changes, status: input.to, updated_at: trx.fn.now() })
    .returning('*');
  const [history] = await trx('application_history')
    .insert({
      join_id: input.joinId,
      from_status: from,
      to_status: input.to,
      actor: input.actor,
      actor_user_id: input.actorUserId ?? null,
      reason: input.reason?.slice(0, 500) ?? null,
    })
    .returning('history_id');
  return { from, to: input.to, historyId: Number(history.history_id), application };
}

/** The first history row of a new application (no `from`). */
export async function recordCreation(trx: Knex.Transaction | Knex, joinId: number, actorUserId: number): Promise<void> {
  await trx('application_history').insert({ join_id: joinId, from_status: null, to_status: 'DRAFT', actor: 'MEMBER', actor_user_id: actorUserId, reason: null });
}

/** A line of the payment timeline, written in the same transaction as the change it records. */
export async function recordPaymentEvent(
  trx: Knex.Transaction,
  joinId: number,
  type: 'RESERVED' | 'RELEASED' | 'CHARGED' | 'CHARGE_FAILED' | 'ISSUE_FAILED' | 'REFUNDED',
  amountKrw: number,
  note: string | null = null,
): Promise<void> {
  await trx('payment_event').insert({ join_id: joinId, type, amount_krw: amountKrw, note: note?.slice(0, 500) ?? null });
}
