import { RUM_LIMITS } from '@sq/contracts/rum';

/** Field figures' settings (README: field figures); every one an env var with the default below. */
export interface RumConfig {
  /** Share of page loads whose browser reports at all (0..1): RUM_SAMPLE_RATE. */
  sampleRate: number;
  /** Rows older than this many days are deleted: RUM_RETENTION_DAYS. */
  retentionDays: number;
  /** Largest report body read; larger ones get 413 unread: RUM_BODY_MAX_BYTES. */
  bodyMaxBytes: number;
  /** Reports per client address per window, apart from the API's own limit: RUM_RATE_LIMIT_MAX, RUM_RATE_LIMIT_WINDOW_MS. */
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /** How often an instance deletes expired rows: RUM_PRUNE_INTERVAL_MS. */
  pruneIntervalMs: number;
  /** Where the shell cuts an error's `name: message` and its stack before sending: RUM_ERROR_MESSAGE_MAX, RUM_ERROR_STACK_MAX. */
  errorMessageMax: number;
  errorStackMax: number;
  /**
   * How long after the page's `load` the shell fetches web-vitals (then at the next idle moment): its observers
   * read the entries buffered since navigation, so the load's figures are kept, and it stays out of what the
   * page needs to show and respond: RUM_VITALS_DELAY_MS.
   */
  vitalsDelayMs: number;
  /**
   * How long the assignment signed into a page lets its browser report (rum/assignment.ts): long enough for a
   * visit, short enough that a copied one soon stops counting: RUM_ASSIGNMENT_TTL_MS.
   */
  assignmentTtlMs: number;
  /**
   * Events stored per minute by all gateways together (a budget counted in PostgreSQL); reports beyond it are
   * shed (answered 429, counted in gateway_rum_shed_events_total, logged), never stored: RUM_INSERT_BUDGET_PER_MINUTE.
   */
  insertBudgetPerMinute: number;
  /** Versions per remote that `GET /api/admin/releases` lists (live and canary first): RELEASES_LIST_MAX_VERSIONS. */
  versionsPerRemote: number;
}

export const DEFAULT_RUM: RumConfig = {
  sampleRate: 1,
  retentionDays: 30,
  bodyMaxBytes: 16 * 1024,
  rateLimitMax: 120,
  rateLimitWindowMs: 60_000,
  pruneIntervalMs: 60 * 60_000,
  errorMessageMax: 300,
  errorStackMax: 1_500,
  vitalsDelayMs: 3_000,
  assignmentTtlMs: 2 * 60 * 60_000,
  insertBudgetPerMinute: 30_000,
  versionsPerRemote: 10,
};

export function readRumConfig(env: NodeJS.ProcessEnv): RumConfig {
  const number = (name: string, fallback: number) =>
    env[name] === undefined || env[name] === '' ? fallback : Number(env[name]);
  const config: RumConfig = {
    sampleRate: number('RUM_SAMPLE_RATE', DEFAULT_RUM.sampleRate),
    retentionDays: number('RUM_RETENTION_DAYS', DEFAULT_RUM.retentionDays),
    bodyMaxBytes: number('RUM_BODY_MAX_BYTES', DEFAULT_RUM.bodyMaxBytes),
    rateLimitMax: number('RUM_RATE_LIMIT_MAX', DEFAULT_RUM.rateLimitMax),
    rateLimitWindowMs: number('RUM_RATE_LIMIT_WINDOW_MS', DEFAULT_RUM.rateLimitWindowMs),
    pruneIntervalMs: number('RUM_PRUNE_INTERVAL_MS', DEFAULT_RUM.pruneIntervalMs),
    errorMessageMax: number('RUM_ERROR_MESSAGE_MAX', DEFAULT_RUM.errorMessageMax),
    errorStackMax: number('RUM_ERROR_STACK_MAX', DEFAULT_RUM.errorStackMax),
    vitalsDelayMs: number('RUM_VITALS_DELAY_MS', DEFAULT_RUM.vitalsDelayMs),
    assignmentTtlMs: number('RUM_ASSIGNMENT_TTL_MS', DEFAULT_RUM.assignmentTtlMs),
    insertBudgetPerMinute: number('RUM_INSERT_BUDGET_PER_MINUTE', DEFAULT_RUM.insertBudgetPerMinute),
    versionsPerRemote: number('RELEASES_LIST_MAX_VERSIONS', DEFAULT_RUM.versionsPerRemote),
  };
  if (!(config.sampleRate >= 0 && config.sampleRate <= 1)) throw new Error('RUM_SAMPLE_RATE must be between 0 and 1.');
  for (const [key, value] of Object.entries(config)) {
    if (key !== 'sampleRate' && !(Number.isFinite(value) && value > 0))
      throw new Error(`RUM setting ${key} must be a positive number.`);
  }
  // The gateway refuses longer ones (contracts/rum.ts): the shell must cut within them.
  if (config.errorMessageMax > RUM_LIMITS.messageChars)
    throw new Error(`RUM_ERROR_MESSAGE_MAX must be at most ${RUM_LIMITS.messageChars}.`);
  if (config.errorStackMax > RUM_LIMITS.stackChars)
    throw new Error(`RUM_ERROR_STACK_MAX must be at most ${RUM_LIMITS.stackChars}.`);
  return config;
}

const escapeAttribute = (value: number) => String(value).replace(/[^0-9.e+-]/gi, '');

/**
 * The shell page with the settings its reporter reads at run time (shell/src/rum): a gateway setting change
 * reaches browsers on their next page load, without rebuilding the shell.
 */
export function withRumSettings(
  html: string,
  config: Pick<RumConfig, 'sampleRate' | 'errorMessageMax' | 'errorStackMax' | 'vitalsDelayMs'>,
  assignment: string | null,
): string {
  // The assignment is base64url and a dot (rum/assignment.ts); anything else is dropped rather than escaped.
  const signed = assignment && /^[A-Za-z0-9_.-]+$/.test(assignment) ? ` data-assignment="${assignment}"` : '';
  const tag = `<meta name="sq-rum" data-sample-rate="${escapeAttribute(config.sampleRate)}" data-message-max="${escapeAttribute(config.errorMessageMax)}" data-stack-max="${escapeAttribute(config.errorStackMax)}" data-vitals-delay="${escapeAttribute(config.vitalsDelayMs)}"${signed} />\n  </head>`;
  return html.replace('</head>', () => tag);
}
