import type { Knex } from 'knex';
import { MESSAGES } from '@sq/contracts';
import type { Row } from '@sq/service-kit';
import {
  APPLICATION_STATE_NAMES,
  canTransition,
  type ApplicationActor,
  type ApplicationState,
  type PaymentEventType,
} from '@sq/contracts/api/applications';
import { conflict, notFound } from '@sq/service-kit';
import { addHistory, lockApplicationRow, writeState } from '../repositories/application-lifecycle-repository';
import { addPaymentEvent } from '../repositories/payment-repository';
import { recordWebhookEvent } from './webhook-events';

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
  const row = await lockApplicationRow(trx, joinId);
  if (!row) throw notFound(MESSAGES.applyNotFound);
  return row;
}

export function illegalTransitionMessage(from: ApplicationState, to: ApplicationState): string {
  return MESSAGES.applyIllegalTransition
    .replace('{from}', APPLICATION_STATE_NAMES[from])
    .replace('{to}', APPLICATION_STATE_NAMES[to]);
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
  const application = await writeState(trx, input.joinId, input.to, input.changes);
  const historyId = await addHistory(trx, {
    joinId: input.joinId,
    from,
    to: input.to,
    actor: input.actor,
    actorUserId: input.actorUserId,
    reason: input.reason,
  });
  // Told only to the member's own subscriptions, with the change.
  await recordWebhookEvent(trx, {
    type: 'application.state_changed',
    userId: Number(row.user_id),
    data: { joinId: input.joinId, oddId: Number(row.odd_id), from, to: input.to },
  });
  return { from, to: input.to, historyId, application };
}

/** The first history row of a new application (no `from`). */
export async function recordCreation(trx: Knex.Transaction | Knex, joinId: number, actorUserId: number): Promise<void> {
  await addHistory(trx, { joinId, from: null, to: 'DRAFT', actor: 'MEMBER', actorUserId, reason: null });
}

/** A line of the payment timeline, written in the same transaction as the change it records. */
export async function recordPaymentEvent(
  trx: Knex.Transaction,
  joinId: number,
  type: PaymentEventType,
  amountKrw: number,
  note: string | null = null,
): Promise<void> {
  await addPaymentEvent(trx, joinId, type, amountKrw, note);
}
