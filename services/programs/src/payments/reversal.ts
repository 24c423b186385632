import { findPayment } from '../repositories/payment-repository';
import { refundApplication } from './refunds';
import { CHARGE_REVERSAL_REASON } from './charges';
import type { PaymentDeps } from '../core/deps';

/**
 * The `charge-reversal` job: refunds a charge that settled on an application that could no longer take it
 * (queued by settleCharge in the same transaction). The refund ledger applies CHARGE_REVERSAL once
 * per payment it names (not the application's other charged payment), and a payment already refunded in full is
 * left alone, so a second run refunds nothing more.
 */
export async function reverseCharge(deps: PaymentDeps, joinId: number, paymentId: string): Promise<string> {
  const payment = await findPayment(deps.knex, paymentId);
  if (!payment || payment.join_id !== joinId || !['PAID', 'PARTIAL_CANCELLED'].includes(payment.status))
    return 'UNCHANGED';
  const outcome = await refundApplication(deps, joinId, {
    refundCase: 'CHARGE_REVERSAL',
    actor: 'SYSTEM',
    reason: CHARGE_REVERSAL_REASON,
    target: null,
    amountKrw: payment.amount_krw,
    paymentId,
  });
  return outcome.status;
}
