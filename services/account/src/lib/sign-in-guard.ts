import type { Knex } from 'knex';

/**
 * The brute-force guard of sign-in: failures are rows in PostgreSQL, so every instance of the service sees
 * the same counts. Over a sliding window (15 minutes by default) three limits apply:
 *  - an account from one client address may fail 5 times: a stranger guessing a member's password locks
 *    only the stranger's address out of that account, never the member's own address;
 *  - an account may fail 50 times from all addresses together: the ceiling for a guesser with many
 *    addresses (the member then gets in through the password-reset mail, which clears the account's failures);
 *  - a client address may fail 20 times across all accounts (password spraying).
 * Beyond a limit, sign-in answers 429 until the oldest counted failure leaves the window. Refused attempts are
 * not counted (the cool-down does not grow while the user waits); a successful sign-in clears the failures of
 * that account from that address.
 */
export interface GuardLimits {
  maxPerAccountAddress: number;
  maxPerAccount: number;
  maxPerIp: number;
  windowMinutes: number;
}

type Scope = 'ACCOUNT_IP' | 'ACCOUNT' | 'IP';

const SUBJECT_MAX = 300;

export function createSignInGuard(knex: Knex, limits: GuardLimits) {
  const window = `${Math.max(1, Math.floor(limits.windowMinutes))} minutes`;
  const subjects = (email: string, ip: string): Record<Scope, string> => {
    const account = email.toLowerCase();
    return {
      ACCOUNT_IP: `${account}|${ip}`.slice(0, SUBJECT_MAX),
      ACCOUNT: account.slice(0, SUBJECT_MAX),
      IP: ip.slice(0, SUBJECT_MAX),
    };
  };

  /** Seconds until the scope's `max`-th newest failure leaves the window; 0 when not blocked. */
  async function waitSeconds(scope: Scope, subject: string, max: number): Promise<number> {
    const row = await knex('sign_in_failure')
      .where({ scope, subject })
      .where('failed_at', '>', knex.raw(`now() - interval '${window}'`))
      .orderBy('failed_at', 'desc')
      .offset(Math.max(1, max) - 1)
      .first(knex.raw(`extract(epoch from (failed_at + interval '${window}' - now())) as wait`));
    return row ? Math.max(1, Number(row.wait)) : 0;
  }

  return {
    /** Seconds the caller must wait, or 0. */
    async coolDown(email: string, ip: string): Promise<number> {
      const subject = subjects(email, ip);
      const waits = await Promise.all([
        waitSeconds('ACCOUNT_IP', subject.ACCOUNT_IP, limits.maxPerAccountAddress),
        waitSeconds('ACCOUNT', subject.ACCOUNT, limits.maxPerAccount),
        waitSeconds('IP', subject.IP, limits.maxPerIp),
      ]);
      return Math.max(...waits);
    },
    async recordFailure(email: string, ip: string): Promise<void> {
      const subject = subjects(email, ip);
      const scopes = Object.keys(subject) as Scope[];
      await knex('sign_in_failure').insert(scopes.map((scope) => ({ scope, subject: subject[scope] })));
      // Housekeeping for these keys only (the index makes it cheap).
      await knex('sign_in_failure')
        .whereIn(['scope', 'subject'], scopes.map((scope) => [scope, subject[scope]]))
        .where('failed_at', '<', knex.raw(`now() - interval '${window}'`))
        .delete();
    },
    /** After a successful sign-in: that address's failures on that account no longer count. */
    async clearAddress(email: string, ip: string): Promise<void> {
      await knex('sign_in_failure').where({ scope: 'ACCOUNT_IP', subject: subjects(email, ip).ACCOUNT_IP }).delete();
    },
    /** After a password reset: the account is open again from every address. */
    async clearAccount(email: string): Promise<void> {
      const account = email.toLowerCase();
      await knex('sign_in_failure')
        .where((q) => q.where({ scope: 'ACCOUNT', subject: account.slice(0, SUBJECT_MAX) }).orWhere((r) => r.where({ scope: 'ACCOUNT_IP' }).whereRaw('starts_with(subject, ?)', [`${account}|`])))
        .delete();
    },
  };
}
