/**
 * Settings of the programs service's application and payment flow, from the environment (documented in
 * README.md). The defaults are the local stack's; production must pass the PG's real credentials.
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
  };
  /** The site's public origin: the PG sends the browser back here after the card page. */
  siteUrl: string;
  /** A webhook whose timestamp is further than this from now is refused (replay). */
  webhookToleranceSeconds: number;
  jobs: {
    /** false: this instance only sends jobs; another instance (or a test's drain) runs them. */
    workers: boolean;
    pollingSeconds: number;
    /** Cron (Asia/Seoul) of the auto-cancel of reservations left without a team after the announcement day. */
    autoCancelCron: string;
    /** Cron (Asia/Seoul) of the payment repair: pending charges, refunds and releases settled from the PG's record. */
    repairCron: string;
    /** A pending charge or refund younger than this is left to the request that started it. */
    repairAfterSeconds: number;
  };
}

export const DEV_PG_API_SECRET = 'sandbox-pg-dev-secret';
export const DEV_PG_WEBHOOK_SECRET = 'whsec_c2FuZGJveC1wZy1kZXYtd2ViaG9vay1zZWNyZXQ=';

export function readProgramsConfig(env: NodeJS.ProcessEnv = process.env): ProgramsConfig {
  const apiUrl = (env.PG_API_URL ?? 'http://127.0.0.1:4190').replace(/\/$/, '');
  const config: ProgramsConfig = {
    pg: {
      apiUrl,
      apiSecret: env.PG_API_SECRET ?? DEV_PG_API_SECRET,
      storeId: env.PG_STORE_ID ?? 'store-sidequest-dev',
      publicUrl: (env.PG_PUBLIC_URL ?? apiUrl).replace(/\/$/, ''),
      webhookSecret: env.PG_WEBHOOK_SECRET ?? DEV_PG_WEBHOOK_SECRET,
      timeoutMs: Number(env.PG_TIMEOUT_MS ?? 10_000),
    },
    siteUrl: (env.SITE_URL ?? 'http://localhost:8080').replace(/\/$/, ''),
    webhookToleranceSeconds: Number(env.PG_WEBHOOK_TOLERANCE_SECONDS ?? 300),
    jobs: {
      workers: env.PROGRAMS_JOB_WORKERS !== 'false',
      pollingSeconds: Number(env.PROGRAMS_JOB_POLLING_SECONDS ?? 2),
      autoCancelCron: env.AUTO_CANCEL_CRON ?? '10 0 * * *',
      repairCron: env.PAYMENT_REPAIR_CRON ?? '* * * * *',
      repairAfterSeconds: Number(env.PAYMENT_REPAIR_AFTER_SECONDS ?? 60),
    },
  };
  if (env.NODE_ENV === 'production' && (config.pg.apiSecret === DEV_PG_API_SECRET || config.pg.webhookSecret === DEV_PG_WEBHOOK_SECRET)) {
    throw new Error('PG_API_SECRET and PG_WEBHOOK_SECRET must be set in production.');
  }
  if (!config.pg.webhookSecret.startsWith('whsec_')) throw new Error('PG_WEBHOOK_SECRET must start with whsec_.');
  return config;
}
