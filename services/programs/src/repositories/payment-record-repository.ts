import type { Knex } from 'knex';
import {
  APPLICATION_STATE_NAMES,
  PAYMENT_EVENT_NAMES,
  type ApplicationState,
  type PaymentEventType,
} from '@sq/contracts/api/applications';
import type { AdminPaymentRecord } from '@sq/contracts/api/operators/payments';
import type { Row } from '@sq/service-kit';

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

/** A payment record as stored: the member's name comes from the account service (absent once they withdrew). */
export type StoredPaymentRecord = Omit<AdminPaymentRecord, 'name'>;

/**
 * The payment records of a cohort: every application a card or money moved on (a payment event), whatever
 * its state, ended ones included, and whether or not the member still has an account. Withdrawal keeps these
 * rows (the privacy policy keeps contract and payment records 5 years).
 */
export function createPaymentRecordRepository(knex: Knex) {
  return {
    async ofCohort(oddId: number): Promise<StoredPaymentRecord[]> {
      const rows: Row[] = await knex('application as a')
        .join('cohort as c', 'c.odd_id', 'a.odd_id')
        .join('product as p', 'p.product_id', 'c.product_id')
        .where('a.odd_id', oddId)
        .whereExists(knex('payment_event as e').whereRaw('e.join_id = a.join_id'))
        .orderBy('a.join_id')
        .select(
          'a.join_id',
          'a.user_id',
          'a.role',
          'a.status',
          'a.fee_krw',
          'a.card_number',
          'a.reserved_at',
          'a.billing_key_released_at',
          'p.fee_krw as product_fee_krw',
          'p.charge_policy',
        );
      if (!rows.length) return [];
      const joinIds = rows.map((r) => r.join_id as number);
      const [events, charges] = await Promise.all([
        knex('payment_event').whereIn('join_id', joinIds).orderBy('event_id'),
        // The charge money moved on, the latest per application (as the member's payment timeline reads it).
        knex('payment')
          .whereIn('join_id', joinIds)
          .whereIn('status', ['PAID', 'PARTIAL_CANCELLED', 'CANCELLED'])
          .orderBy('created_at', 'desc'),
      ]);
      const chargeOf = new Map<number, Row>();
      for (const charge of charges) if (!chargeOf.has(charge.join_id)) chargeOf.set(charge.join_id, charge);
      return rows.map((r): StoredPaymentRecord => {
        const charge = chargeOf.get(r.join_id);
        const state = r.status as ApplicationState;
        return {
          joinId: r.join_id,
          userId: r.user_id,
          role: r.role ?? null,
          state,
          stateName: APPLICATION_STATE_NAMES[state],
          feeKrw: r.fee_krw ?? r.product_fee_krw,
          chargePolicy: r.charge_policy,
          card: r.card_number ?? null,
          reservedAt: iso(r.reserved_at),
          releasedAt: iso(r.billing_key_released_at),
          chargedAt: iso(charge?.paid_at),
          chargedKrw: charge?.amount_krw ?? 0,
          refundedKrw: charge?.cancelled_krw ?? 0,
          events: events
            .filter((e) => e.join_id === r.join_id)
            .map((e) => ({
              type: e.type as PaymentEventType,
              name: PAYMENT_EVENT_NAMES[e.type as PaymentEventType],
              at: iso(e.created_at)!,
              amountKrw: e.amount_krw,
              note: e.note,
            })),
        };
      });
    },
  };
}
