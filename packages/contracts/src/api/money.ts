import * as z from 'zod/mini';
import { MONEY_MESSAGES } from '../messages/money';

/**
 * Money operations of the programs service: the daily reconciliation with the PG and the exceptions queue, under
 * `/api/admin/money` (ROLE_ADMIN at the gateway and in the service; every action in the audit log):
 * - GET  /runs?limit=                         -> ReconciliationRunsResponse (newest first)
 * - POST /runs   { from?, until? }            -> { run: ReconciliationRun } (runs now; 409 while another run is running)
 * - GET  /exceptions                          -> MoneyExceptionsResponse (the open ones, oldest first)
 * - POST /exceptions/{exceptionId}/retry      -> MoneyExceptionActionResponse (an owed refund or a pending charge asked again)
 * - POST /exceptions/{exceptionId}/book       -> MoneyExceptionActionResponse (settled from the PG's record)
 * - POST /exceptions/{exceptionId}/close  { reason } -> MoneyExceptionActionResponse
 */
export const MONEY_EXCEPTION_KINDS = [
  'PAID_AT_PG_NOT_BOOKED',
  'BOOKED_NOT_AT_PG',
  'AMOUNT_DIFFERS',
  'REFUND_OWED_UNPAID',
  'KEY_ISSUED_UNHELD',
  'CHARGE_PENDING_TOO_LONG',
] as const;
export type MoneyExceptionKind = (typeof MONEY_EXCEPTION_KINDS)[number];

/** What the console calls each kind. */
export const MONEY_EXCEPTION_KIND_NAMES: Record<MoneyExceptionKind, string> = {
  PAID_AT_PG_NOT_BOOKED: 'PG에서 결제됐지만 장부에 없음',
  BOOKED_NOT_AT_PG: '장부에 있지만 PG에 없음',
  AMOUNT_DIFFERS: '금액 불일치',
  REFUND_OWED_UNPAID: '환불 미지급',
  KEY_ISSUED_UNHELD: '주인 없는 빌링키',
  CHARGE_PENDING_TOO_LONG: '결제 확인 지연',
};

/** How an exception was closed. */
export type MoneyExceptionResolution = 'RESOLVED' | 'BOOKED' | 'RETRIED' | 'CLOSED';

export interface ReconciliationRun {
  runId: number;
  windowFrom: string;
  windowUntil: string;
  status: 'RUNNING' | 'DONE' | 'FAILED';
  trigger: 'SCHEDULE' | 'OPERATOR';
  /** Payments and billing keys the PG listed. */
  pgPayments: number;
  pgBillingKeys: number;
  /** Payments whose amounts (charged and cancelled) matched the books, and their sums. */
  matchedCount: number;
  matchedKrw: number;
  matchedRefundKrw: number;
  /** Every mismatch the run found (new or still open), by kind. */
  mismatches: Partial<Record<MoneyExceptionKind, { count: number; amountKrw: number }>>;
  /** Exceptions this run opened, and open ones it found matched now. */
  openedCount: number;
  resolvedCount: number;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
}
export interface ReconciliationRunsResponse {
  runs: ReconciliationRun[];
}

export interface MoneyException {
  exceptionId: number;
  kind: MoneyExceptionKind;
  paymentId: string | null;
  joinId: number | null;
  userId: number | null;
  /** The member's name as the application's copy has it (null: not copied, or erased). */
  memberName: string | null;
  cohortName: string | null;
  billingKey: string | null;
  amountKrw: number;
  detail: string;
  openedAt: string;
  /** Hours since it opened. */
  ageHours: number;
  /** Which actions can fix it. */
  actions: { retry: boolean; book: boolean };
}
export interface MoneyExceptionsResponse {
  exceptions: MoneyException[];
}
export interface MoneyExceptionActionResponse {
  /** Closed by the action (the books match the PG now), or still open. */
  closed: boolean;
  outcome: string;
}

/** The longest window one run reads (a day is the schedule's; an operator may look further back). */
export const RECONCILIATION_MAX_WINDOW_DAYS = 31;

/** The window of a run asked now; absent (no body): the configured last hours. */
export const runReconciliationBody = z.optional(
  z.object({
    from: z.optional(z.iso.datetime({ offset: true, error: MONEY_MESSAGES.moneyReconciliationWindowInvalid })),
    until: z.optional(z.iso.datetime({ offset: true, error: MONEY_MESSAGES.moneyReconciliationWindowInvalid })),
  }),
);
export type RunReconciliationBody = z.infer<typeof runReconciliationBody>;

export const CLOSE_REASON_MAX = 500;
export const closeExceptionBody = z.object({
  reason: z
    .string({ message: MONEY_MESSAGES.moneyCloseReasonRequired })
    .check(
      z.trim(),
      z.minLength(1, MONEY_MESSAGES.moneyCloseReasonRequired),
      z.maxLength(CLOSE_REASON_MAX, MONEY_MESSAGES.moneyCloseReasonTooLong),
    ),
});
export type CloseExceptionBody = z.infer<typeof closeExceptionBody>;
