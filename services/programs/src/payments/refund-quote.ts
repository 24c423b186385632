import type { Knex } from 'knex';
import type { RefundCase } from '@sq/contracts';
import type { Row } from '@sq/service-kit';
import { toDates } from '../repositories/product-repository';
import { quoteRefund, refundRulesFromRows } from '../refunds/refund-engine';

export interface RefundQuote {
  refundKrw: number;
  phase: string | null;
  refundableUntil: string | null;
}

/**
 * What the refund engine (src/refunds, pure) gives back for one application's charge at `at`, from the
 * product's stored rules and the cohort's dates. `row` is an application context row (see application-view).
 */
export async function quoteFor(
  knex: Knex | Knex.Transaction,
  row: Row,
  payment: { amountKrw: number; cancelledKrw: number; paidAt: Date | null },
  refundCase: RefundCase,
  at: Date,
): Promise<RefundQuote> {
  const rules = refundRulesFromRows(await knex('refund_rule').where({ product_id: row.product_id }).orderBy('sort_order'));
  const quote = quoteRefund({
    rules,
    cohort: toDates(row),
    feeKrw: payment.amountKrw,
    paidAmountKrw: payment.amountKrw - payment.cancelledKrw,
    paidAt: payment.paidAt,
    at,
    case: refundCase,
  });
  // Never more than what is still on the payment.
  const refundKrw = Math.max(0, Math.min(quote.refundKrw, payment.amountKrw - payment.cancelledKrw));
  return { refundKrw, phase: quote.phase, refundableUntil: quote.refundableUntil };
}
