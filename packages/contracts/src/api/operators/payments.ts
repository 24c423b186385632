import type { ApplicantRole, ApplicationState, ChargePolicy, PaymentTimeline } from '../applications';

/**
 * A cohort's payment records in the operators' console (paths under /api/admin), and the payment deadlines' job.
 *
 * - GET  /cohorts/{oddId}/payments                -> PaymentRecordsResponse (every application money or a card moved on,
 *        ended ones and withdrawn members' included: the payment records the privacy policy keeps 5 years)
 * - POST /payment-deadlines/run                    -> { expired: number[]; backfilled: { from, to }[]; recharged: number[] }
 */

/**
 * One application's payment record in the console: what was reserved, charged and refunded, and the timeline.
 * Kept whatever the application's state and after the member withdraws (the account then answers no name).
 */
export interface AdminPaymentRecord {
  joinId: number;
  userId: number;
  /** From the account service; null when the member has withdrawn or the service does not answer. */
  name: string | null;
  role: ApplicantRole | null;
  state: ApplicationState;
  stateName: string;
  feeKrw: number;
  chargePolicy: ChargePolicy;
  /** Masked card number. */
  card: string | null;
  reservedAt: string | null;
  /** When the PG confirmed the reservation's billing key deleted. */
  releasedAt: string | null;
  chargedAt: string | null;
  chargedKrw: number;
  refundedKrw: number;
  events: PaymentTimeline['events'];
}

export interface PaymentRecordsResponse {
  payments: AdminPaymentRecord[];
}
