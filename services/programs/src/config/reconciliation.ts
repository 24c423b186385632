/**
 * Settings of the daily reconciliation with the PG and the exceptions queue (OPERATORS.md, "Reconciliation and the
 * exceptions queue"), from the environment:
 * - RECONCILIATION_CRON (`30 4 * * *`, Asia/Seoul): when the reconciliation runs (once a day, after the night's jobs).
 * - RECONCILIATION_WINDOW_HOURS (48): the PG's payments created in the last this-many hours are read and matched;
 *   two days, so a run that failed one night is covered by the next (a mismatch seen twice is one exception).
 * - RECONCILIATION_PAGE_SIZE (100): payments and billing keys one PG request reads (PortOne allows up to 1,000).
 * - RECONCILIATION_PENDING_CHARGE_MINUTES (60): a charge still PENDING after this long is an exception (the repair
 *   job settles one within minutes; an hour means the PG cannot tell us).
 * - RECONCILIATION_KEY_GRACE_MINUTES (60): a billing key issued at the PG less than this long ago may still be on its
 *   way to us (the card page's redirect, its webhook); older and held by no application, it is an exception.
 * - EXCEPTION_OWED_AGE_HOURS (24): a refund still owed (asked and unpaid) after this long is an exception.
 * - EXCEPTION_SCAN_CRON (`15 * * * *`, Asia/Seoul): between the daily runs, how often owed refunds and pending charges
 *   past their ages are looked for (so one enters the queue, and the owners are mailed, within the hour).
 * - RECONCILIATION_STALE_RUN_MINUTES (60): a run still RUNNING after this long died with its instance; the next
 *   run marks it FAILED and starts.
 */
export interface ReconciliationConfig {
  cron: string;
  windowHours: number;
  pageSize: number;
  pendingChargeMinutes: number;
  keyGraceMinutes: number;
  owedAgeHours: number;
  scanCron: string;
  staleRunMinutes: number;
}

const atLeast = (min: number, value: string | undefined, fallback: number) => Math.max(min, Number(value ?? fallback));

export function readReconciliationConfig(env: NodeJS.ProcessEnv): ReconciliationConfig {
  return {
    cron: env.RECONCILIATION_CRON ?? '30 4 * * *',
    windowHours: atLeast(1, env.RECONCILIATION_WINDOW_HOURS, 48),
    pageSize: Math.min(1_000, atLeast(1, env.RECONCILIATION_PAGE_SIZE, 100)),
    pendingChargeMinutes: atLeast(0, env.RECONCILIATION_PENDING_CHARGE_MINUTES, 60),
    keyGraceMinutes: atLeast(0, env.RECONCILIATION_KEY_GRACE_MINUTES, 60),
    owedAgeHours: atLeast(0, env.EXCEPTION_OWED_AGE_HOURS, 24),
    scanCron: env.EXCEPTION_SCAN_CRON ?? '15 * * * *',
    staleRunMinutes: atLeast(1, env.RECONCILIATION_STALE_RUN_MINUTES, 60),
  };
}
