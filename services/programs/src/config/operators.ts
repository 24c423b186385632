/**
 * Operators' settings (documented in services/programs/README.md), from the environment.
 * - PAYMENT_UPDATE_DEADLINE_HOURS (48): after a declined charge at team publish, how long the member has to
 *   update the card before the seat goes to the waitlist.
 * - CHARGE_DEADLINE_CRON (every 10 minutes): when the deadline job looks for expired deadlines (Asia/Seoul).
 * - CHECKIN_MISSES_CRON (`0 22 * * *`): the sprint check-ins close at 22:00; the job records that day's misses.
 * - OPERATOR_NOTIFY_EMAIL (unset): where the operators are mailed when a member is dropped (also in the audit log).
 * - APPLICANT_COPY_CRON (every minute): when the applicant-copy job also looks for copies still due (one whose
 *   jobs ran out of retries while a peer was down); new applications and the peers' signals queue it at once.
 * - APPLICANT_COPY_BATCH_SIZE (1000): applications one round copies (the account and itskill take 1,000 a request).
 * - APPLICANT_COPY_MAX_ROUNDS (50): rounds one job runs before it queues the next (after migration 201 a large
 *   database has every application due once).
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** The operators' settings (tests inject them). */
    operatorsConfig: OperatorsConfig;
  }
}

export interface OperatorsConfig {
  paymentUpdateDeadlineHours: number;
  chargeDeadlineCron: string;
  checkinMissesCron: string;
  notifyEmail: string | null;
  applicantCopy: { cron: string; batchSize: number; maxRounds: number };
}

/** Part of the service's config (../config.ts reads it with the rest). */
export function readOperatorsConfig(env: NodeJS.ProcessEnv): OperatorsConfig {
  return {
    paymentUpdateDeadlineHours: Number(env.PAYMENT_UPDATE_DEADLINE_HOURS ?? 48),
    chargeDeadlineCron: env.CHARGE_DEADLINE_CRON ?? '*/10 * * * *',
    checkinMissesCron: env.CHECKIN_MISSES_CRON ?? '0 22 * * *',
    notifyEmail: env.OPERATOR_NOTIFY_EMAIL || null,
    applicantCopy: {
      cron: env.APPLICANT_COPY_CRON ?? '* * * * *',
      batchSize: Math.max(1, Number(env.APPLICANT_COPY_BATCH_SIZE ?? 1_000)),
      maxRounds: Math.max(1, Number(env.APPLICANT_COPY_MAX_ROUNDS ?? 50)),
    },
  };
}

/** The sprint's teams are 2 to 4 but matched in groups of at least 3, so one drop-out still leaves a team. */
export const SPRINT_MATCH_MIN_SIZE = 3;
