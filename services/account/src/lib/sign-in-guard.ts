import type { Knex } from 'knex';

/**
 * The brute-force guard of sign-in: failures are rows in PostgreSQL, so every instance of the service sees
 * the same counts. Over a sliding window (15 minutes by default) an account e-mail may fail 5 times and a
 * client address 20 times; beyond that, sign-in answers 429 until the oldest counted failure leaves the
 * window. Refused attempts are not counted (the cool-down does not grow while the user waits); a successful
 * sign-in clears the account's failures.
 */
export interface GuardLimits {
  maxPerAccount: number;
  maxPerIp: number;
  windowMinutes: number;
}

export function createSignInGuard(knex: Knex, limits: GuardLimits) {
  const window = `${Math.max(1, Math.floor(limits.windowMinutes))} minutes`;

  /** Seconds until the scope's `max`-th newest failure leaves the window; 0 when not blocked. */
  async function waitSeconds(scope: 'ACCOUNT' | 'IP', subject: string, max: number): Promise<number> {
    const row = await knex('sign_in_failure')
      .where({ scope, subject })
      .where('failed_at', '>', knex.raw(`now() - interval '${window}'`))
      .orderBy('failed_at', 'desc')
      .offset(max - 1)
      .first(knex.raw(`extract(epoch from (failed_at + interval '${window}' - now())) as wait`));
    return row ? Math.max(1, Number(row.wait)) : 0;
  }

  return {
    /** Seconds the caller must wait, or 0. */
    async coolDown(email: string, ip: string): Promise<number> {
      const [account, address] = await Promise.all([
        waitSeconds('ACCOUNT', email.toLowerCase(), limits.maxPerAccount),
        waitSeconds('IP', ip, limits.maxPerIp),
      ]);
      return Math.max(account, address);
    },
    async recordFailure(email: string, ip: string): Promise<void> {
      await knex('sign_in_failure').insert([
        { scope: 'ACCOUNT', subject: email.toLowerCase().slice(0, 300) },
        { scope: 'IP', subject: ip.slice(0, 300) },
      ]);
      // Housekeeping for these two keys only (the index makes it cheap).
      await knex('sign_in_failure')
        .whereIn(['scope', 'subject'], [['ACCOUNT', email.toLowerCase().slice(0, 300)], ['IP', ip.slice(0, 300)]])
        .where('failed_at', '<', knex.raw(`now() - interval '${window}'`))
        .delete();
    },
    async clearAccount(email: string): Promise<void> {
      await knex('sign_in_failure').where({ scope: 'ACCOUNT', subject: email.toLowerCase() }).delete();
    },
  };
}
