import { createHmac } from 'node:crypto';
import {
  readInternalCallConfig,
  readSmtpConfig,
  serviceUrl,
  type InternalCallConfig,
  type SmtpConfig,
} from '@sq/service-kit';
import { readOperatorsConfig, type OperatorsConfig } from './operators';
import { clockControlEnabled } from '../clock';
import { readReconciliationConfig, type ReconciliationConfig } from './reconciliation';
import { readWebhookConfig, type WebhookConfig } from './webhooks';

/** A refused refund is asked again after 5 min, 15 min, 1 h, 3 h, 6 h, 12 h, then every day until it is paid. */
export const DEFAULT_REFUND_RETRY_MINUTES: readonly number[] = [5, 15, 60, 180, 360, 720, 1440];

/**
 * Settings of the programs service, from the environment (documented in README.md and OPERATORS.md), read once
 * when the app is built: no other file of the service reads the environment. The defaults are the local
 * stack's; production must pass the PG's real credentials.
 */
export interface ProgramsConfig {
  pg: {
    /** Server-to-server base URL of the PG API (PortOne V2 shapes). */
    apiUrl: string;
    apiSecret: string;
    storeId: string;
    /** Browser-facing base URL of the PG's hosted card page. */
    publicUrl: string;
    /** Standard Webhooks secret, `whsec_<base64>`. */
    webhookSecret: string;
    timeoutMs: number;
    /**
     * After a charge request ends in an error or a timeout, the payment is read from the PG; while the PG shows
     * the attempt still in progress (READY), it is read again every `chargeSettlePollMs` for up to this long
     * before the charge is left PENDING for the repair job (so a concurrent charger answers the true outcome).
     */
    chargeSettleWaitMs: number;
    chargeSettlePollMs: number;
    /**
     * The PG's 429 (too many requests; it took nothing): every call of the client waits out its Retry-After (or
     * `backoffMs`, doubled per retry, when it gives none) and is sent again, up to `retries` times; a wait longer
     * than `maxWaitMs` is not waited here (the work is left to its job's or the repair job's retry).
     */
    rateLimit: { retries: number; backoffMs: number; maxWaitMs: number };
    /**
     * Key of the HMAC that makes a member's PG customer id (core/deps.ts memberCustomerId): the card page
     * takes the customer id from the browser, so it must not be guessable. Defaults to a key derived from the
     * API secret (secret in production already); set it to keep customer ids stable across an API secret change.
     */
    customerIdSecret: string;
  };
  /** Other services' internal APIs (service-kit's internal client). */
  peers: {
    /** Friend lookups: which career card IDs exist and whose they are. */
    careercardUrl: string;
    careercardTimeoutMs: number;
    /** Who the applicants are: names from account, IT skill levels from itskill (the applicant copy, payment records). */
    accountUrl: string;
    itskillUrl: string;
    peopleLookupTimeoutMs: number;
  };
  /** The operators' applicant list (GET /api/admin/cohorts/:oddId/applicants), answered a page at a time. */
  applicantList: {
    /** PROGRAMS_APPLICANTS_PAGE_SIZE: applicants on a page when the console does not ask for a size. */
    pageSize: number;
    /** PROGRAMS_APPLICANTS_PAGE_SIZE_MAX: the largest page a caller may ask for. */
    maxPageSize: number;
  };
  /** The team building board (GET /api/admin/cohorts/:oddId/board), answered a page at a time. */
  board: {
    /** PROGRAMS_BOARD_TEAMS_PAGE_SIZE: teams on a page of the board. */
    teamsPageSize: number;
    /** PROGRAMS_BOARD_WAITLIST_PAGE_SIZE: waitlisted members on a page of the waitlist. */
    waitlistPageSize: number;
  };
  /** The published teams' pages (team health, which the team operations page reads too, and judging), a page at a time. */
  teamPages: {
    /** PROGRAMS_TEAMS_PAGE_SIZE: teams on a page. */
    pageSize: number;
    /** PROGRAMS_JUDGING_RANKING_SIZE: teams judging's summary ranks (their members: the member prizes' first candidates). */
    rankingSize: number;
    /**
     * PROGRAMS_AT_RISK_MISSES: missed check-ins from which team health counts an active member at risk (and their team
     * in trouble); the answer carries it, so the console flags members by the same number.
     */
    atRiskMisses: number;
  };
  /** Retries and backoff of every call to another service. */
  internalCalls: InternalCallConfig;
  operators: OperatorsConfig;
  /** The daily reconciliation with the PG and the exceptions queue (config/reconciliation.ts). */
  reconciliation: ReconciliationConfig;
  /** Webhooks out (config/webhooks.ts). */
  webhooks: WebhookConfig;
  /** The relay of the application, payment and check-in mails. */
  smtp: SmtpConfig;
  /** PROGRAMS_CLOCK_CONTROL=true (e2e site only, refused in production): PUT /internal/clock moves the clock. */
  clockControl: boolean;
  /** The site's public origin: the PG sends the browser back here after the card page. */
  siteUrl: string;
  /** A webhook whose timestamp is further than this from now is refused (replay). */
  webhookToleranceSeconds: number;
  jobs: {
    /** false: this instance only sends jobs; another instance (or a test's drain) runs them. */
    workers: boolean;
    pollingSeconds: number;
    /**
     * Jobs one worker takes per poll, run one after another and completed or failed each on its own. pg-boss 10
     * waits out the polling interval after every fetch, so one job per poll capped a 1,000-member team publish
     * at 0.5 charges a second.
     */
    batchSize: number;
    /** Workers per queue in this instance (each polls on its own); not the team charges, which run in a pool (below). */
    workersPerQueue: number;
    /**
     * CHARGE_CONCURRENCY: team charges (`team-charge` jobs) one instance runs at once (jobs/pool.ts). A real PG
     * answers a billing-key charge in about a second, during which the charge holds no database connection; 1,000
     * members within 90 s needs at least 12 at once, and the default doubles that and more so that slower answers
     * (up to about 2.5 s) still make it, while staying a small burst for the PG (its 429 is honoured anyway) and
     * a fair share of the 10-connection pool (each charge's short transactions queue for a connection).
     */
    chargeConcurrency: number;
    /**
     * A job still active this long after it started is given up as lost (its worker died: a killed pod, an
     * out-of-memory kill) and retried. Longer than any job takes (a charge waits at most PG_TIMEOUT_MS per call).
     */
    expireSeconds: number;
    /** How often pg-boss's maintenance (expiring lost jobs, archiving) runs on the instances that run jobs. */
    maintenanceSeconds: number;
    /** Connections pg-boss's own pool may open (PROGRAMS_JOB_POOL_MAX), besides the knex pool (DB_POOL_MAX). */
    poolMax: number;
    /** Cron (Asia/Seoul) of the auto-cancel of reservations left without a team after the announcement day. */
    autoCancelCron: string;
    /** Cron (Asia/Seoul) of the payment repair: pending charges, refunds and releases settled from the PG's record. */
    repairCron: string;
    /** A pending charge or refund younger than this is left to the request that started it. */
    repairAfterSeconds: number;
    /**
     * How long after a pending charge was closed without asking the PG (the application could no longer be
     * charged) the repair job keeps reading the PG's record of it, in case a request sent before the close reached
     * the PG late and was charged (then recorded and refunded).
     */
    repairClosedWindowSeconds: number;
    /** REFUND_RETRY_SCHEDULE_MINUTES (comma-separated): minutes to the next attempt after each refusal of a refund; the last repeats. */
    refundRetryMinutes: number[];
  };
}

export const DEV_PG_API_SECRET = 'sandbox-pg-dev-secret';
export const DEV_PG_WEBHOOK_SECRET = 'whsec_c2FuZGJveC1wZy1kZXYtd2ViaG9vay1zZWNyZXQ=';

/** The customer-id key when PG_CUSTOMER_ID_SECRET is unset: derived, so it is as secret as the API secret. */
const derivedCustomerIdSecret = (apiSecret: string) =>
  createHmac('sha256', apiSecret).update('sq-pg-customer-id').digest('base64url');

function applicantListConfig(env: NodeJS.ProcessEnv): ProgramsConfig['applicantList'] {
  const maxPageSize = Math.max(1, Number(env.PROGRAMS_APPLICANTS_PAGE_SIZE_MAX ?? 500));
  return { pageSize: Math.min(maxPageSize, Math.max(1, Number(env.PROGRAMS_APPLICANTS_PAGE_SIZE ?? 50))), maxPageSize };
}

export function readProgramsConfig(env: NodeJS.ProcessEnv = process.env): ProgramsConfig {
  const apiUrl = (env.PG_API_URL ?? 'http://127.0.0.1:4191').replace(/\/$/, '');
  const config: ProgramsConfig = {
    pg: {
      apiUrl,
      apiSecret: env.PG_API_SECRET ?? DEV_PG_API_SECRET,
      storeId: env.PG_STORE_ID ?? 'store-sidequest-dev',
      publicUrl: (env.PG_PUBLIC_URL ?? apiUrl).replace(/\/$/, ''),
      webhookSecret: env.PG_WEBHOOK_SECRET ?? DEV_PG_WEBHOOK_SECRET,
      timeoutMs: Number(env.PG_TIMEOUT_MS ?? 10_000),
      chargeSettleWaitMs: Number(env.PG_CHARGE_SETTLE_WAIT_MS ?? 5_000),
      chargeSettlePollMs: Number(env.PG_CHARGE_SETTLE_POLL_MS ?? 250),
      rateLimit: {
        retries: Math.max(0, Number(env.PG_RATE_LIMIT_RETRIES ?? 5)),
        backoffMs: Math.max(1, Number(env.PG_RATE_LIMIT_BACKOFF_MS ?? 1_000)),
        maxWaitMs: Math.max(0, Number(env.PG_RATE_LIMIT_MAX_WAIT_MS ?? 30_000)),
      },
      customerIdSecret: env.PG_CUSTOMER_ID_SECRET || derivedCustomerIdSecret(env.PG_API_SECRET ?? DEV_PG_API_SECRET),
    },
    peers: {
      careercardUrl: serviceUrl('careercard', env),
      careercardTimeoutMs: Number(env.CAREERCARD_TIMEOUT_MS ?? 5_000),
      accountUrl: serviceUrl('account', env),
      itskillUrl: serviceUrl('itskill', env),
      peopleLookupTimeoutMs: Number(env.PEOPLE_LOOKUP_TIMEOUT_MS ?? 3_000),
    },
    applicantList: applicantListConfig(env),
    board: {
      teamsPageSize: Math.max(1, Number(env.PROGRAMS_BOARD_TEAMS_PAGE_SIZE ?? 20)),
      waitlistPageSize: Math.max(1, Number(env.PROGRAMS_BOARD_WAITLIST_PAGE_SIZE ?? 50)),
    },
    teamPages: {
      pageSize: Math.max(1, Number(env.PROGRAMS_TEAMS_PAGE_SIZE ?? 20)),
      rankingSize: Math.max(1, Number(env.PROGRAMS_JUDGING_RANKING_SIZE ?? 10)),
      // One miss already puts a member one step from the drop (MISSES_BEFORE_DROP, two in a row).
      atRiskMisses: Math.max(1, Number(env.PROGRAMS_AT_RISK_MISSES ?? 1)),
    },
    internalCalls: readInternalCallConfig(env),
    operators: readOperatorsConfig(env),
    reconciliation: readReconciliationConfig(env),
    webhooks: readWebhookConfig(env),
    smtp: readSmtpConfig(env),
    clockControl: clockControlEnabled(env),
    siteUrl: (env.SITE_URL ?? 'http://localhost:8080').replace(/\/$/, ''),
    webhookToleranceSeconds: Number(env.PG_WEBHOOK_TOLERANCE_SECONDS ?? 300),
    jobs: {
      workers: env.PROGRAMS_JOB_WORKERS !== 'false',
      pollingSeconds: Number(env.PROGRAMS_JOB_POLLING_SECONDS ?? 2),
      batchSize: Math.max(1, Number(env.PROGRAMS_JOB_BATCH_SIZE ?? 20)),
      workersPerQueue: Math.max(1, Number(env.PROGRAMS_JOB_WORKERS_PER_QUEUE ?? 2)),
      chargeConcurrency: Math.max(1, Math.floor(Number(env.CHARGE_CONCURRENCY ?? 32)) || 1),
      expireSeconds: Math.max(1, Number(env.PROGRAMS_JOB_EXPIRE_SECONDS ?? 900)),
      maintenanceSeconds: Math.max(1, Number(env.PROGRAMS_JOB_MAINTENANCE_SECONDS ?? 120)),
      poolMax: Math.max(1, Number(env.PROGRAMS_JOB_POOL_MAX ?? 4)),
      autoCancelCron: env.AUTO_CANCEL_CRON ?? '10 0 * * *',
      repairCron: env.PAYMENT_REPAIR_CRON ?? '* * * * *',
      repairAfterSeconds: Number(env.PAYMENT_REPAIR_AFTER_SECONDS ?? 60),
      repairClosedWindowSeconds: Math.max(0, Number(env.PAYMENT_REPAIR_CLOSED_WINDOW_SECONDS ?? 3600)),
      refundRetryMinutes: env.REFUND_RETRY_SCHEDULE_MINUTES
        ? env.REFUND_RETRY_SCHEDULE_MINUTES.split(',')
            .map((m) => Number(m.trim()))
            .filter((m) => Number.isFinite(m) && m > 0)
        : [...DEFAULT_REFUND_RETRY_MINUTES],
    },
  };
  if (
    env.NODE_ENV === 'production' &&
    (config.pg.apiSecret === DEV_PG_API_SECRET || config.pg.webhookSecret === DEV_PG_WEBHOOK_SECRET)
  ) {
    throw new Error('PG_API_SECRET and PG_WEBHOOK_SECRET must be set in production.');
  }
  if (!config.pg.webhookSecret.startsWith('whsec_')) throw new Error('PG_WEBHOOK_SECRET must start with whsec_.');
  return config;
}

/**
 * DEMO_CALENDAR=live (the local stack and the e2e site): the demo seed moves the open and upcoming cohorts with
 * the calendar (seeds/cohorts.ts). Seeds run before the app exists, so they ask here rather than app config.
 */
export const demoCalendarLive = (env: NodeJS.ProcessEnv = process.env): boolean => env.DEMO_CALENDAR === 'live';
