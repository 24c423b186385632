import type { MoneyExceptionKind, ReconciliationRun } from '@sq/contracts/api/money';
import { formatKrw } from '@sq/contracts/format';
import { findPayment, pendingChargesOlderThan } from '../repositories/payment-repository';
import { listOwedRefundMovements, refundInFlight } from '../repositories/refund-ledger-repository';
import { cardPageApplication } from '../repositories/billing-key-repository';
import { audit } from '../repositories/audit-log-repository';
import {
  chargedPaymentsPaidBetween,
  failRun,
  finishRun,
  heldBillingKeys,
  openException,
  recentRuns,
  resolveUnseen,
  startRun,
  type NewException,
  type RunRow,
} from '../repositories/reconciliation-repository';
import { PgError, type PgPayment } from '../clients/pg-client';
import type { PaymentDeps } from '../core/deps';
import type { ReconciliationConfig } from '../config/reconciliation';
import { matchPayment } from './matching';

/** Exceptions one run opens of each full-scan kind at most (the next run takes the rest). */
const SCAN_LIMIT = 1_000;

/** The kinds a run checks in full (every pending charge, owed refund and issued key), not only within its window. */
const FULL_SCAN_KINDS: MoneyExceptionKind[] = ['CHARGE_PENDING_TOO_LONG', 'REFUND_OWED_UNPAID', 'KEY_ISSUED_UNHELD'];

export interface ReconcileDeps {
  payments: PaymentDeps;
  config: ReconciliationConfig;
  /** Told of the exceptions a run opened (the owners' mail); its failure fails nothing. */
  notify(opened: (NewException & { exceptionId: number })[]): Promise<void>;
}

export type Trigger = { trigger: 'SCHEDULE' } | { trigger: 'OPERATOR'; userId: number };

/**
 * One reconciliation run over [from, until): the PG's payments created in the window, read by cursor, each matched
 * amount by amount against our books (matching.ts); our charges the PG says it paid in the window and did not list,
 * read one by one; then, in full, the charges PENDING too long, the refunds owed too long, and every billing key
 * issued at the PG against the applications. Every mismatch is an exception keyed by its subject, so a second run
 * over the same window opens nothing new, and an open exception a run checked and found matched is closed RESOLVED.
 * Answers the run, or null when another run is running.
 */
export async function reconcile(
  deps: ReconcileDeps,
  window: { from: Date; until: Date },
  by: Trigger,
): Promise<RunRow | null> {
  const { knex } = deps.payments;
  const run = await startRun(knex, {
    ...window,
    trigger: by.trigger,
    actorUserId: by.trigger === 'OPERATOR' ? by.userId : null,
    staleSeconds: deps.config.staleRunMinutes * 60,
  });
  if (!run) return null;
  try {
    const figures = { pgPayments: 0, pgBillingKeys: 0, matchedCount: 0, matchedKrw: 0, matchedRefundKrw: 0 };
    const findings: NewException[] = [];
    const checked = new Set<string>();
    const judge = async (paymentId: string, record: PgPayment | null) => {
      checked.add(paymentId);
      const payment = await findPayment(knex, paymentId);
      const verdict = matchPayment(
        paymentId,
        record,
        payment,
        Boolean(payment && (await refundInFlight(knex, paymentId))),
      );
      if (verdict.kind === 'MATCHED') {
        figures.matchedCount += 1;
        figures.matchedKrw += verdict.chargedKrw;
        figures.matchedRefundKrw += verdict.refundedKrw;
      } else if (verdict.kind === 'MISMATCHED') findings.push(...verdict.findings);
    };

    for await (const record of pgPaymentsIn(deps, window)) {
      figures.pgPayments += 1;
      await judge(record.id, record);
    }
    for (const payment of await chargedPaymentsPaidBetween(knex, window.from, window.until)) {
      if (!checked.has(payment.payment_id))
        await judge(payment.payment_id, await pgPaymentOrNull(deps, payment.payment_id));
    }
    findings.push(...(await pendingTooLong(deps)), ...(await owedTooLong(deps)));
    const keys = await unheldKeys(deps);
    figures.pgBillingKeys = keys.listed;
    findings.push(...keys.findings);

    const { open, opened } = await openAll(deps, run.run_id, findings);
    // The report counts what is open after the run; a subject an operator closed with a reason was accepted.
    const mismatches: ReconciliationRun['mismatches'] = {};
    for (const finding of open) {
      const sum = (mismatches[finding.kind] ??= { count: 0, amountKrw: 0 });
      sum.count += 1;
      sum.amountKrw += finding.amountKrw;
    }
    const resolvedCount = await resolveUnseen(knex, run.run_id, { paymentIds: [...checked], kinds: FULL_SCAN_KINDS });
    return await finishRun(knex, run.run_id, { ...figures, mismatches, openedCount: opened, resolvedCount });
  } catch (error) {
    await failRun(knex, run.run_id, (error as Error).message ?? String(error));
    throw error;
  }
}

/**
 * Opens (or marks seen) each finding's exception; the owners are mailed about the new ones. Answers the findings open
 * now (not those an operator closed with a reason) and how many of them are new.
 */
async function openAll(
  deps: ReconcileDeps,
  runId: RunRow['run_id'] | null,
  findings: NewException[],
): Promise<{ open: NewException[]; opened: number }> {
  const open: NewException[] = [];
  const opened: (NewException & { exceptionId: number })[] = [];
  for (const finding of findings) {
    const result = await openException(deps.payments.knex, runId, finding);
    if (!result) continue;
    open.push(finding);
    if (result.opened) opened.push({ ...finding, exceptionId: result.exceptionId });
  }
  if (opened.length)
    await deps
      .notify(opened)
      .catch((error: unknown) => deps.payments.log.warn({ err: error }, 'exception mail not sent'));
  return { open, opened: opened.length };
}

/**
 * Between the daily runs (the `money-exception-scan` job, EXCEPTION_SCAN_CRON): owed refunds and pending charges past
 * their ages enter the queue. Closing them stays with the runs, which check those kinds in full.
 */
export async function scanOwed(deps: ReconcileDeps): Promise<number> {
  return (await openAll(deps, null, [...(await pendingTooLong(deps)), ...(await owedTooLong(deps))])).opened;
}

/** A run an operator asked for now (audited); null while another run is running. */
export async function reconcileByOperator(
  deps: ReconcileDeps,
  window: { from: Date; until: Date },
  userId: number,
): Promise<RunRow | null> {
  const run = await reconcile(deps, window, { trigger: 'OPERATOR', userId });
  if (!run) return null;
  const after = { from: window.from.toISOString(), until: window.until.toISOString(), status: run.status };
  await audit(deps.payments.knex, {
    actorUserId: userId,
    action: 'MONEY_RECONCILIATION_RUN',
    targetType: 'RECONCILIATION_RUN',
    targetId: Number(run.run_id),
    after,
    at: deps.payments.clock(),
  });
  return run;
}

/** The latest runs, newest first. */
export const runsOf = (deps: ReconcileDeps, limit: number) => recentRuns(deps.payments.knex, limit);

/** The PG's payments created in the window, page after page by cursor. */
async function* pgPaymentsIn(deps: ReconcileDeps, window: { from: Date; until: Date }): AsyncGenerator<PgPayment> {
  let cursor: string | undefined;
  for (;;) {
    const page = await deps.payments.pg.paymentsByCursor({
      from: window.from.toISOString(),
      until: window.until.toISOString(),
      size: deps.config.pageSize,
      ...(cursor ? { cursor } : {}),
    });
    for (const item of page.items) yield item.payment;
    if (page.items.length < deps.config.pageSize) return;
    cursor = page.items.at(-1)!.cursor;
  }
}

/** The PG's record of one payment; null when it has none. */
export async function pgPaymentOrNull(deps: ReconcileDeps, paymentId: string): Promise<PgPayment | null> {
  try {
    return await deps.payments.pg.getPayment(paymentId);
  } catch (error) {
    if (error instanceof PgError && error.type === 'PAYMENT_NOT_FOUND') return null;
    throw error;
  }
}

/** Charges PENDING longer than RECONCILIATION_PENDING_CHARGE_MINUTES (on the database's clock, which wrote them). */
async function pendingTooLong(deps: ReconcileDeps): Promise<NewException[]> {
  const { knex } = deps.payments;
  const minutes = deps.config.pendingChargeMinutes;
  const findings: NewException[] = [];
  for (const paymentId of await pendingChargesOlderThan(knex, minutes * 60, SCAN_LIMIT)) {
    const payment = await findPayment(knex, paymentId);
    if (!payment || payment.status !== 'PENDING') continue;
    findings.push({
      kind: 'CHARGE_PENDING_TOO_LONG',
      subjectKey: `CHARGE_PENDING_TOO_LONG:${paymentId}`,
      paymentId,
      joinId: payment.join_id,
      amountKrw: payment.amount_krw,
      detail: `${formatKrw(payment.amount_krw)} 결제의 결과를 ${minutes}분 넘게 알 수 없어요.`,
    });
  }
  return findings;
}

/** Refunds asked and still unpaid after EXCEPTION_OWED_AGE_HOURS. */
async function owedTooLong(deps: ReconcileDeps): Promise<NewException[]> {
  const hours = deps.config.owedAgeHours;
  // Refund rows are stamped by the database's clock (the real time), not by the service's clock, which demos move.
  const olderThan = new Date(Date.now() - hours * 3_600_000);
  return (await listOwedRefundMovements(deps.payments.knex, olderThan, SCAN_LIMIT)).map((refund) => ({
    kind: 'REFUND_OWED_UNPAID' as const,
    subjectKey: `REFUND_OWED_UNPAID:${refund.refundId}`,
    paymentId: refund.paymentId,
    joinId: refund.joinId,
    refundId: refund.refundId,
    amountKrw: refund.amountKrw,
    detail: `${formatKrw(refund.amountKrw)} 환불(${refund.reason})을 ${hours}시간 넘게 돌려주지 못했어요.`,
  }));
}

/**
 * Every billing key the PG shows ISSUED, a page at a time, against what the service holds; one issued within the
 * grace (still on its way to us) is left to the next run.
 */
async function unheldKeys(deps: ReconcileDeps): Promise<{ listed: number; findings: NewException[] }> {
  const { knex, pg } = deps.payments;
  const graceStart = deps.payments.clock().getTime() - deps.config.keyGraceMinutes * 60_000;
  const findings: NewException[] = [];
  let listed = 0;
  for (let number = 0; ; number++) {
    const page = await pg.billingKeyInfos({
      page: { number, size: deps.config.pageSize },
      filter: { status: ['ISSUED'] },
    });
    listed += page.items.length;
    const held = await heldBillingKeys(
      knex,
      page.items.map((k) => k.billingKey),
    );
    for (const key of page.items) {
      if (held.has(key.billingKey) || Date.parse(key.issuedAt) > graceStart || findings.length >= SCAN_LIMIT) continue;
      const joinId = key.issueId ? await cardPageApplication(knex, key.issueId) : null;
      findings.push({
        kind: 'KEY_ISSUED_UNHELD',
        subjectKey: `KEY_ISSUED_UNHELD:${key.billingKey}`,
        billingKey: key.billingKey,
        joinId,
        amountKrw: 0,
        detail: `PG에 발급된 빌링키(${key.methods?.[0]?.card?.number ?? '카드'})를 가진 신청이 없어요.`,
      });
    }
    if (page.items.length < deps.config.pageSize || (number + 1) * page.page.size >= page.page.totalCount)
      return { listed, findings };
  }
}
