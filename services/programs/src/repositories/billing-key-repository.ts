/**
 * Billing keys (README, "Billing keys"; src/payments/reservations.ts decides): the card pages opened for an
 * application (`card_page_attempt`), the keys that are no longer its own (`superseded_billing_key`), and which
 * applications hold a key to give back to the PG. Every function runs in the connection or transaction it is given.
 */
import type { Knex } from 'knex';
import type { ApplicationState } from '@sq/contracts/api/applications';
import { CHARGED_PAYMENT_STATUSES } from './payment-repository';
import type { Db } from './db';

/** Why a card page was opened: the apply wizard's book step, or a card update after a declined team charge. */
export type CardPagePurpose = 'APPLY' | 'CARD_UPDATE';

/** Why a key stopped being the application's: its card was replaced, or it came from an attempt that was not the current one. */
export type SupersededReason = 'REPLACED' | 'STALE_ATTEMPT' | 'LATE_CARD_UPDATE';

/** A key that stopped being its application's (`superseded_billing_key`), released at the PG once. */
export interface SupersededKeyRow {
  billing_key: string;
  join_id: number;
  issue_id: string | null;
  card_number: string | null;
  reason: SupersededReason;
  superseded_at: Date;
  released_at: Date | null;
}

/** Records a card-page attempt (once per issue id), in the transaction that makes it the application's current one. */
export async function recordCardPageAttempt(
  trx: Knex.Transaction,
  joinId: number,
  issueId: string,
  purpose: CardPagePurpose,
): Promise<void> {
  await trx('card_page_attempt')
    .insert({ issue_id: issueId, join_id: joinId, purpose })
    .onConflict('issue_id')
    .ignore();
}

/** The recorded purpose of one of this application's card pages; null when none is recorded under that issue id. */
export async function recordedPurpose(db: Db, joinId: number, issueId: string): Promise<CardPagePurpose | null> {
  const row = await db('card_page_attempt').where({ issue_id: issueId, join_id: joinId }).first('purpose');
  return row ? (row.purpose as CardPagePurpose) : null;
}

/** The purpose of one of this application's card-page attempts, or null when the issue id is not one of its own. */
export async function attemptPurpose(
  db: Db,
  joinId: number,
  issueId: string | null | undefined,
): Promise<CardPagePurpose | null> {
  if (!issueId) return null;
  const recorded = await recordedPurpose(db, joinId, issueId);
  if (recorded) return recorded;
  // Attempts opened before card_page_attempt existed: `sq-{joinId}-issue-{n}` (the wizard's book step).
  return new RegExp(`^sq-${joinId}-issue-\\d+$`).test(issueId) ? 'APPLY' : null;
}

/** The application a card page was opened for; null when the issue id is none of ours. */
export async function cardPageApplication(db: Db, issueId: string): Promise<number | null> {
  const row = await db('card_page_attempt').where({ issue_id: issueId }).first('join_id');
  return row ? (row.join_id as number) : null;
}

export interface SupersededKey {
  joinId: number;
  billingKey: string;
  issueId: string | null;
  cardNumber: string | null;
  reason: SupersededReason;
}

/** Records that the key is no longer the application's (once per key). */
export async function supersedeKey(trx: Knex.Transaction, key: SupersededKey, at: Date): Promise<void> {
  await trx('superseded_billing_key')
    .insert({
      billing_key: key.billingKey,
      join_id: key.joinId,
      issue_id: key.issueId,
      card_number: key.cardNumber,
      reason: key.reason,
      superseded_at: at,
    })
    .onConflict('billing_key')
    .ignore();
}

/** The application's superseded keys not released yet, in the order they were superseded. */
export async function unreleasedSupersededKeys(db: Db, joinId: number): Promise<SupersededKeyRow[]> {
  return db('superseded_billing_key').where({ join_id: joinId }).whereNull('released_at').orderBy('superseded_at');
}

/** Marks a superseded key released; false when it already was. */
export async function markSupersededKeyReleased(db: Db, billingKey: string, at: Date): Promise<boolean> {
  const updated = await db('superseded_billing_key')
    .where({ billing_key: billingKey })
    .whereNull('released_at')
    .update({ released_at: at });
  return updated > 0;
}

/** Applications with a superseded key not released yet (of `among` when given), by join id. */
export async function applicationsWithSupersededKeys(
  db: Db,
  options: { among?: number[]; limit?: number } = {},
): Promise<number[]> {
  const query = db('superseded_billing_key').whereNull('released_at').distinct('join_id').orderBy('join_id');
  if (options.among) query.whereIn('join_id', options.among);
  if (options.limit !== undefined) query.limit(options.limit);
  return query.pluck('join_id');
}

/** Of the given applications, those whose current key is not released. */
export async function applicationsHoldingKeys(db: Db, joinIds: number[]): Promise<number[]> {
  return db('application')
    .whereIn('join_id', joinIds)
    .whereNotNull('billing_key')
    .whereNull('billing_key_released_at')
    .pluck('join_id');
}

/**
 * Applications whose current key is not released while nothing can charge it any more (what
 * payments/reservations.ts keyReleasable decides for one application): in an `ended` state; in a `charged`
 * state with a charged payment and none in flight; the member withdrew (personal data erased) and no charge is
 * in flight; or declined at a charge at purchase (`declinedAtPurchase` of an AT_PURCHASE product, none in flight).
 * By join id.
 */
export async function applicationsWithReleasableKeys(
  db: Db,
  states: {
    ended: readonly ApplicationState[];
    charged: readonly ApplicationState[];
    declinedAtPurchase: ApplicationState;
  },
  limit: number,
): Promise<number[]> {
  const settled = db('payment as s')
    .whereRaw('s.join_id = a.join_id')
    .whereIn('s.status', CHARGED_PAYMENT_STATUSES)
    .select(db.raw('1'));
  const pending = db('payment as q').whereRaw('q.join_id = a.join_id').where('q.status', 'PENDING').select(db.raw('1'));
  const atPurchase = db('cohort as c')
    .join('product as p', 'p.product_id', 'c.product_id')
    .whereRaw('c.odd_id = a.odd_id')
    .where('p.charge_policy', 'AT_PURCHASE')
    .select(db.raw('1'));
  return db('application as a')
    .whereNotNull('a.billing_key')
    .whereNull('a.billing_key_released_at')
    .where((q) =>
      q
        .whereIn('a.status', states.ended as ApplicationState[])
        .orWhere((c) =>
          c
            .whereIn('a.status', states.charged as ApplicationState[])
            .whereExists(settled)
            .whereNotExists(pending),
        )
        .orWhere((e) => e.whereNotNull('a.personal_data_erased_at').whereNotExists(pending))
        .orWhere((d) => d.where('a.status', states.declinedAtPurchase).whereExists(atPurchase).whereNotExists(pending)),
    )
    .orderBy('a.join_id')
    .limit(limit)
    .pluck('a.join_id');
}
