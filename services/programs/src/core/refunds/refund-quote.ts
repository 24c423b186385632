import type { Knex } from 'knex';
import type { RefundCase } from '@sq/contracts';
import type { Row } from '@sq/service-kit';
import { refundRulesOf, toDates } from '../../repositories/product-repository';
import { quoteRefund, refundRulesFromRows, type RewardKind } from './refund-engine';

export interface RefundQuote {
  /** What the case gives back in total out of the whole payment (never more than it). */
  refundKrw: number;
  phase: string | null;
  refundableUntil: string | null;
}

/**
 * What the refund engine (refund-engine.ts, pure) gives for one case out of the whole of an application's charge at
 * `at`, from the product's stored rules and the cohort's dates: the case's entitlement. What is still owed
 * after earlier refunds is the ledger's business (ledger.ts). `row` is an application context row
 * (see application-view).
 */
export async function quoteFor(
  knex: Knex | Knex.Transaction,
  row: Row,
  payment: { amountKrw: number; paidAt: Date | null },
  refundCase: RefundCase,
  at: Date,
  reward?: RewardKind,
): Promise<RefundQuote> {
  const rules = refundRulesFromRows(await refundRulesOf(knex, row.product_id));
  const quote = quoteRefund({
    rules,
    cohort: toDates(row),
    feeKrw: payment.amountKrw,
    paidAmountKrw: payment.amountKrw,
    paidAt: payment.paidAt,
    at,
    case: refundCase,
    ...(reward ? { reward } : {}),
  });
  return {
    refundKrw: Math.max(0, Math.min(quote.refundKrw, payment.amountKrw)),
    phase: quote.phase,
    refundableUntil: quote.refundableUntil,
  };
}
