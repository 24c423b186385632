import { isProduction } from '@sq/service-kit';

/**
 * Webhooks out, from the environment src/config.ts reads (documented in docs/api-consumers.md "Webhooks out",
 * services/programs/README.md and the deploy ConfigMap).
 * - WEBHOOK_RETRY_SCHEDULE_SECONDS (5,300,1800,7200,18000,36000,36000): seconds from each failed attempt to the
 *   next; after the last the delivery has failed for good. The default spans about 27 hours ("for a day").
 * - WEBHOOK_TIMEOUT_MS (10000): how long an attempt waits for the receiver's answer.
 * - WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES (3): deliveries in a row that failed for good before the subscription is
 *   turned off and its owner mailed (any success starts the count again).
 * - WEBHOOK_ALLOW_LOOPBACK_HTTP (false; `npm start` sets it outside production): accept endpoints on loopback
 *   (127.0.0.1, ::1, localhost), plain http included, for local development and tests; refused in production. Every
 *   other endpoint must be https to a public address.
 * - WEBHOOKS_MAX_PER_MEMBER (10): subscriptions a member may hold.
 * - WEBHOOK_POLL_MS (1000): how often an instance that runs jobs looks for due deliveries.
 * - WEBHOOK_CONCURRENCY (10): deliveries one instance sends at once.
 * - WEBHOOK_ANSWER_CHARS (500): how much of a receiver's answer body is kept in the log.
 * - WEBHOOK_DELIVERIES_LISTED (50): the newest deliveries a subscription's log answers.
 * - WEBHOOK_LOG_RETENTION_DAYS (30): events older than this are deleted with their deliveries and attempts (a
 *   delivery still waiting on a subscription turned off that long goes too), by the `webhook-log-prune` job on
 *   WEBHOOK_LOG_PRUNE_CRON (30 4 * * *, Asia/Seoul).
 * - WEBHOOK_COHORT_OPEN_CRON (* * * * *): how often cohorts that opened are looked for (cohort.opened).
 * - WEBHOOK_COHORT_OPEN_LOOKBACK_HOURS (24): a cohort that opened longer ago than this is not told (a first start
 *   does not announce every past cohort).
 */
export interface WebhookConfig {
  retryScheduleSeconds: number[];
  timeoutMs: number;
  disableAfterFailedDeliveries: number;
  allowLoopbackHttp: boolean;
  maxPerMember: number;
  pollMs: number;
  concurrency: number;
  answerChars: number;
  deliveriesListed: number;
  logRetentionDays: number;
  logPruneCron: string;
  cohortOpenCron: string;
  cohortOpenLookbackHours: number;
}

export const DEFAULT_RETRY_SCHEDULE_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000] as const;

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
};

export function readWebhookConfig(env: NodeJS.ProcessEnv): WebhookConfig {
  // Loopback endpoints would let a member's webhook call the site's own processes.
  if (env.WEBHOOK_ALLOW_LOOPBACK_HTTP === 'true' && isProduction(env))
    throw new Error('WEBHOOK_ALLOW_LOOPBACK_HTTP is for development and tests; unset it in production.');
  const schedule = env.WEBHOOK_RETRY_SCHEDULE_SECONDS?.split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isFinite(n) && n > 0);
  return {
    retryScheduleSeconds: schedule?.length ? schedule : [...DEFAULT_RETRY_SCHEDULE_SECONDS],
    timeoutMs: positive(env.WEBHOOK_TIMEOUT_MS, 10_000),
    disableAfterFailedDeliveries: Math.floor(positive(env.WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES, 3)),
    allowLoopbackHttp: env.WEBHOOK_ALLOW_LOOPBACK_HTTP === 'true',
    maxPerMember: Math.floor(positive(env.WEBHOOKS_MAX_PER_MEMBER, 10)),
    pollMs: positive(env.WEBHOOK_POLL_MS, 1_000),
    concurrency: Math.floor(positive(env.WEBHOOK_CONCURRENCY, 10)),
    answerChars: Math.floor(positive(env.WEBHOOK_ANSWER_CHARS, 500)),
    deliveriesListed: Math.floor(positive(env.WEBHOOK_DELIVERIES_LISTED, 50)),
    logRetentionDays: positive(env.WEBHOOK_LOG_RETENTION_DAYS, 30),
    logPruneCron: env.WEBHOOK_LOG_PRUNE_CRON ?? '30 4 * * *',
    cohortOpenCron: env.WEBHOOK_COHORT_OPEN_CRON ?? '* * * * *',
    cohortOpenLookbackHours: positive(env.WEBHOOK_COHORT_OPEN_LOOKBACK_HOURS, 24),
  };
}
