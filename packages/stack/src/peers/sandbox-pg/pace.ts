/**
 * The sandbox PG's pace: how long a billing-key charge takes and how many the PG works on at once. A real PG
 * answers a charge in about a second and refuses a client that sends too many at once with `429 Too Many
 * Requests` and a `Retry-After` (RFC 9110 section 10.2.3; PortOne publishes no figure, so both are settings
 * here). The sandbox also counts the charges in flight, so a test or the bench can see how many a client had
 * going at once, and records every 429 it answered and every charge it took, so backoff can be checked.
 *
 * Settings (the local stack reads them with `readSandboxPgPace`; 0 or unset: as fast as it can, no limit):
 *   SANDBOX_PG_CHARGE_DELAY_MS          how long each charge stays READY (in progress) before it is decided
 *   SANDBOX_PG_MAX_CHARGES_IN_FLIGHT    charges in progress at once; one more is answered 429
 *   SANDBOX_PG_RETRY_AFTER_SECONDS      the Retry-After of that 429 (default 1)
 */
export interface SandboxPgPace {
  /** Charges the PG works on at once; a charge arriving beyond them is answered 429 with Retry-After. 0: no limit. */
  maxChargesInFlight: number;
  /** Retry-After of a 429, in whole seconds (the header's delay-seconds form). */
  retryAfterSeconds: number;
  /** The next N charge requests are answered 429 whatever the load (counts down by one per request; tests). */
  rateLimitNextCharges: number;
}

/** What the sandbox saw of the charges sent to it (times: the machine's clock in ms, not the sandbox's clock). */
export interface SandboxPgChargeLoad {
  /** Charges taken and not yet answered. */
  inFlight: number;
  /** The most charges that were in progress at the same moment. */
  maxInFlight: number;
  /** Every charge request answered 429, in order. */
  rateLimited: { paymentId: string; at: number; retryAfterSeconds: number }[];
  /** Every charge request taken (not answered 429), when it arrived. */
  taken: { paymentId: string; at: number }[];
}

export const DEFAULT_SANDBOX_PG_PACE: SandboxPgPace = {
  maxChargesInFlight: 0,
  retryAfterSeconds: 1,
  rateLimitNextCharges: 0,
};

/** The 429 body, in the PortOne error shape (`{ type, message }`). */
export const RATE_LIMITED_MESSAGE = '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.';

const wholeNonNegative = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
};

/** The local stack's pace settings from its environment (see the header); the charge delay goes into `faults`. */
export function readSandboxPgPace(env: NodeJS.ProcessEnv): { chargeDelayMs: number; pace: SandboxPgPace } {
  return {
    chargeDelayMs: wholeNonNegative(env.SANDBOX_PG_CHARGE_DELAY_MS, 0),
    pace: {
      maxChargesInFlight: wholeNonNegative(
        env.SANDBOX_PG_MAX_CHARGES_IN_FLIGHT,
        DEFAULT_SANDBOX_PG_PACE.maxChargesInFlight,
      ),
      retryAfterSeconds: wholeNonNegative(
        env.SANDBOX_PG_RETRY_AFTER_SECONDS,
        DEFAULT_SANDBOX_PG_PACE.retryAfterSeconds,
      ),
      rateLimitNextCharges: 0,
    },
  };
}

export type RateLimitAnswer = {
  status: 429;
  body: { type: 'TOO_MANY_REQUESTS'; message: string };
  headers: Record<string, string>;
};

/** The charge gate of one sandbox: refuses what its pace does not allow and counts what it takes. */
export function createChargePace(initial: Partial<SandboxPgPace> = {}) {
  const pace: SandboxPgPace = { ...DEFAULT_SANDBOX_PG_PACE, ...initial };
  let load: SandboxPgChargeLoad = { inFlight: 0, maxInFlight: 0, rateLimited: [], taken: [] };
  return {
    pace,
    load: (): SandboxPgChargeLoad => ({ ...load, rateLimited: [...load.rateLimited], taken: [...load.taken] }),
    resetLoad() {
      load = { inFlight: load.inFlight, maxInFlight: load.inFlight, rateLimited: [], taken: [] };
    },
    /** A 429 for this charge request, or null when the PG takes it. */
    refuse(paymentId: string): RateLimitAnswer | null {
      const scripted = pace.rateLimitNextCharges > 0;
      if (!scripted && (pace.maxChargesInFlight === 0 || load.inFlight < pace.maxChargesInFlight)) return null;
      if (scripted) pace.rateLimitNextCharges -= 1;
      load.rateLimited.push({ paymentId, at: Date.now(), retryAfterSeconds: pace.retryAfterSeconds });
      return {
        status: 429,
        body: { type: 'TOO_MANY_REQUESTS', message: RATE_LIMITED_MESSAGE },
        headers: { 'retry-after': String(pace.retryAfterSeconds) },
      };
    },
    /** Runs a taken charge, counted in flight until it is answered. */
    async track<T>(paymentId: string, charge: () => Promise<T>): Promise<T> {
      load.taken.push({ paymentId, at: Date.now() });
      load.inFlight += 1;
      load.maxInFlight = Math.max(load.maxInFlight, load.inFlight);
      try {
        return await charge();
      } finally {
        // A reset meanwhile carried the count over to the new record.
        load.inFlight -= 1;
      }
    },
  };
}

export type ChargePace = ReturnType<typeof createChargePace>;
