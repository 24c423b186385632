/**
 * The reconciliation's books (migration 210): its runs and figures (`reconciliation_run`) and the exceptions queue
 * (`money_exception`, one open row per subject), and the reads of the ledger a run matches the PG's records against.
 */
import type { Knex } from 'knex';
import type { MoneyExceptionKind, MoneyExceptionResolution, ReconciliationRun } from '@sq/contracts/api/money';
import { CHARGED_PAYMENT_STATUSES, type PaymentRow } from './payment-repository';
import type { Db } from './db';

export interface RunRow {
  run_id: string | number;
  window_from: Date;
  window_until: Date;
  status: ReconciliationRun['status'];
  trigger: ReconciliationRun['trigger'];
  actor_user_id: number | null;
  pg_payments: number;
  pg_billing_keys: number;
  matched_count: number;
  matched_krw: string | number;
  matched_refund_krw: string | number;
  mismatches: ReconciliationRun['mismatches'];
  opened_count: number;
  resolved_count: number;
  error: string | null;
  started_at: Date;
  finished_at: Date | null;
}

export interface ExceptionRow {
  exception_id: string | number;
  kind: MoneyExceptionKind;
  subject_key: string;
  payment_id: string | null;
  join_id: number | null;
  refund_id: number | null;
  billing_key: string | null;
  amount_krw: number;
  detail: string;
  opened_at: Date;
  closed_at: Date | null;
}

/** An open exception with who it is about (the application's copy of the member's name). */
export interface OpenExceptionRow extends ExceptionRow {
  user_id: number | null;
  member_name: string | null;
  cohort_name: string | null;
}

/**
 * Starts a run unless another one is running: a run still RUNNING after `staleSeconds` (its instance died) is marked
 * FAILED first. The partial unique index keeps two instances (or an operator and the schedule) from both starting.
 */
export async function startRun(
  knex: Knex,
  run: { from: Date; until: Date; trigger: RunRow['trigger']; actorUserId: number | null; staleSeconds: number },
): Promise<RunRow | null> {
  await knex('reconciliation_run')
    .where({ status: 'RUNNING' })
    .where('started_at', '<=', knex.raw('now() - make_interval(secs => ?)', [run.staleSeconds]))
    .update({ status: 'FAILED', error: 'stale: the instance running it stopped', finished_at: knex.fn.now() });
  const [row] = await knex
    .raw<{ rows: RunRow[] }>(
      `insert into reconciliation_run (window_from, window_until, trigger, actor_user_id) values (?, ?, ?, ?)
     on conflict (status) where status = 'RUNNING' do nothing returning *`,
      [run.from, run.until, run.trigger, run.actorUserId],
    )
    .then((result) => result.rows);
  return row ?? null;
}

export interface RunFigures {
  pgPayments: number;
  pgBillingKeys: number;
  matchedCount: number;
  matchedKrw: number;
  matchedRefundKrw: number;
  mismatches: ReconciliationRun['mismatches'];
  openedCount: number;
  resolvedCount: number;
}

export async function finishRun(db: Db, runId: RunRow['run_id'], figures: RunFigures): Promise<RunRow> {
  const [row] = await db('reconciliation_run')
    .where({ run_id: runId })
    .update({
      status: 'DONE',
      pg_payments: figures.pgPayments,
      pg_billing_keys: figures.pgBillingKeys,
      matched_count: figures.matchedCount,
      matched_krw: figures.matchedKrw,
      matched_refund_krw: figures.matchedRefundKrw,
      mismatches: JSON.stringify(figures.mismatches),
      opened_count: figures.openedCount,
      resolved_count: figures.resolvedCount,
      finished_at: db.fn.now(),
    })
    .returning('*');
  return row as RunRow;
}

export async function failRun(db: Db, runId: RunRow['run_id'], error: string): Promise<void> {
  await db('reconciliation_run')
    .where({ run_id: runId })
    .update({ status: 'FAILED', error: error.slice(0, 500), finished_at: db.fn.now() });
}

export async function recentRuns(db: Db, limit: number): Promise<RunRow[]> {
  return db('reconciliation_run').orderBy('run_id', 'desc').limit(limit);
}

/** Charged payments (whatever was refunded since) the PG says it paid in [from, until), oldest first. */
export async function chargedPaymentsPaidBetween(db: Db, from: Date, until: Date): Promise<PaymentRow[]> {
  return db('payment')
    .whereIn('status', CHARGED_PAYMENT_STATUSES)
    .where('paid_at', '>=', from)
    .where('paid_at', '<', until)
    .orderBy('paid_at');
}

/**
 * Which of these billing keys the service holds: an application's current key not released, or a superseded key
 * whose release is still to come (the sweep deletes it at the PG).
 */
export async function heldBillingKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const current: string[] = await db('application')
    .whereIn('billing_key', keys)
    .whereNull('billing_key_released_at')
    .pluck('billing_key');
  const superseded: string[] = await db('superseded_billing_key')
    .whereIn('billing_key', keys)
    .whereNull('released_at')
    .pluck('billing_key');
  return new Set([...current, ...superseded]);
}

export interface NewException {
  kind: MoneyExceptionKind;
  subjectKey: string;
  paymentId?: string | null;
  joinId?: number | null;
  refundId?: number | null;
  billingKey?: string | null;
  amountKrw: number;
  detail: string;
}

/**
 * Opens the exception, or, when one is open for its subject, marks it seen by this run (amount and detail as found
 * now). A subject an operator closed with a written reason stays closed (it was looked at and accepted; a changed
 * mismatch is another subject). Answers its id and whether it is new; null when it stays closed.
 */
export async function openException(
  db: Db,
  runId: RunRow['run_id'] | null,
  exception: NewException,
): Promise<{ exceptionId: number; opened: boolean } | null> {
  const result = await db.raw<{ rows: { exception_id: string; opened: boolean }[] }>(
    `insert into money_exception (kind, subject_key, payment_id, join_id, refund_id, billing_key, amount_krw, detail, opened_run_id, last_run_id)
     select ?::text, ?::text, ?::text, ?::int, ?::int, ?::text, ?::int, ?::text, ?::bigint, ?::bigint
     where not exists (select 1 from money_exception where subject_key = ? and resolution = 'CLOSED')
     on conflict (subject_key) where closed_at is null
     do update set amount_krw = excluded.amount_krw, detail = excluded.detail, last_run_id = excluded.last_run_id, last_seen_at = now()
     returning exception_id, (xmax = 0) as opened`,
    [
      exception.kind,
      exception.subjectKey,
      exception.paymentId ?? null,
      exception.joinId ?? null,
      exception.refundId ?? null,
      exception.billingKey ?? null,
      exception.amountKrw,
      exception.detail.slice(0, 500),
      runId,
      runId,
      exception.subjectKey,
    ],
  );
  const row = result.rows[0];
  return row ? { exceptionId: Number(row.exception_id), opened: row.opened } : null;
}

/**
 * Closes as RESOLVED the open exceptions a run checked and did not find again: those about the payments it read, and
 * those of the kinds it checks in full. Answers how many.
 */
export async function resolveUnseen(
  db: Db,
  runId: RunRow['run_id'],
  scope: { paymentIds: string[]; kinds: MoneyExceptionKind[] },
): Promise<number> {
  return db('money_exception')
    .whereNull('closed_at')
    .where((q) => {
      q.whereNull('last_run_id').orWhereNot('last_run_id', runId);
    })
    .where((q) => {
      q.whereIn('kind', scope.kinds);
      // One array parameter, however many payments a window holds (a list of placeholders stops at 65,535).
      if (scope.paymentIds.length)
        q.orWhere((p) => p.whereRaw('payment_id = any(?)', [scope.paymentIds]).whereNotIn('kind', scope.kinds));
    })
    .update({ resolution: 'RESOLVED', close_reason: '다음 대사에서 일치 확인', closed_at: db.fn.now() });
}

export async function openExceptions(db: Db, limit: number): Promise<OpenExceptionRow[]> {
  return db('money_exception as e')
    .leftJoin('application as a', 'a.join_id', 'e.join_id')
    .leftJoin('cohort as c', 'c.odd_id', 'a.odd_id')
    .whereNull('e.closed_at')
    .orderBy('e.opened_at')
    .orderBy('e.exception_id')
    .limit(limit)
    .select('e.*', 'a.user_id', 'a.member_name', 'c.name as cohort_name');
}

export async function findOpenException(db: Db, exceptionId: number): Promise<ExceptionRow | undefined> {
  return db('money_exception').where({ exception_id: exceptionId }).whereNull('closed_at').first();
}

/** Closes an open exception; false when it was closed already (another operator, a run). */
export async function closeException(
  db: Db,
  exceptionId: number,
  close: { resolution: MoneyExceptionResolution; reason: string; by: number | null },
): Promise<boolean> {
  const closed = await db('money_exception')
    .where({ exception_id: exceptionId })
    .whereNull('closed_at')
    .update({
      resolution: close.resolution,
      close_reason: close.reason.slice(0, 500),
      closed_by: close.by,
      closed_at: db.fn.now(),
    });
  return closed > 0;
}

/** Open exceptions by kind (the /metrics gauge). */
export async function openExceptionCounts(db: Db): Promise<{ kind: MoneyExceptionKind; count: number }[]> {
  const rows: { kind: MoneyExceptionKind; count: string }[] = await db('money_exception')
    .whereNull('closed_at')
    .groupBy('kind')
    .select('kind')
    .count({ count: '*' });
  return rows.map((r) => ({ kind: r.kind, count: Number(r.count) }));
}
