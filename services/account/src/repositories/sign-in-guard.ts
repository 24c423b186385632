import type { Knex } from 'knex';
import { addressGroup } from '@sq/service-kit';

/**
 * The brute-force guard of sign-in: failures are rows in PostgreSQL, so every instance of the service sees
 * the same counts. Over a sliding window (15 minutes by default) three limits apply:
 *  - an account from one client address may fail 5 times: a stranger guessing a member's password locks
 *    only the stranger's address out of that account, never the member's own address;
 *  - an account may fail 50 times from all addresses together: the ceiling for a guesser with many
 *    addresses (the member then gets in through the password-reset mail, which clears the account's failures);
 *  - a client address may fail 20 times across all accounts (password spraying).
 * A client address counts an IPv6 /64 as one (addressGroup). Beyond a limit, sign-in answers 429 until the
 * oldest counted failure leaves the window. Refused attempts are not counted (the cool-down does not grow while
 * the user waits); a successful sign-in clears the failures of that account from that address.
 *
 * An attempt takes its slot before the password is checked: under per-subject advisory locks the counts are
 * read and the attempt is written as a failure in one short transaction, and a correct password forgives it
 * afterwards. Counting after the check would let parallel guesses all read the same count while their
 * (slow, argon2) checks run, and get far more than the allowed number of guesses.
 */
export interface GuardLimits {
  maxPerAccountAddress: number;
  maxPerAccount: number;
  maxPerIp: number;
  windowMinutes: number;
}

type Scope = 'ACCOUNT_IP' | 'ACCOUNT' | 'IP';
/** Always locked in this order, so two attempts never wait for each other's locks in a cycle. */
const SCOPES: readonly Scope[] = ['ACCOUNT_IP', 'ACCOUNT', 'IP'];
/** Advisory-lock classes, one per scope (the second key is the subject's hash). */
const LOCK_CLASS: Record<Scope, number> = { ACCOUNT_IP: 0x5571_0011, ACCOUNT: 0x5571_0012, IP: 0x5571_0013 };

const SUBJECT_MAX = 300;

/** The attempt's provisional failure rows; a correct password hands them back. */
export type SignInSlot = { wait: 0; failureIds: number[] } | { wait: number; failureIds: [] };

export function createSignInGuard(knex: Knex, limits: GuardLimits) {
  const window = `${Math.max(1, Math.floor(limits.windowMinutes))} minutes`;
  const max: Record<Scope, number> = {
    ACCOUNT_IP: limits.maxPerAccountAddress,
    ACCOUNT: limits.maxPerAccount,
    IP: limits.maxPerIp,
  };
  const subjects = (email: string, clientIp: string): Record<Scope, string> => {
    const account = email.toLowerCase();
    const ip = addressGroup(clientIp);
    return {
      ACCOUNT_IP: `${account}|${ip}`.slice(0, SUBJECT_MAX),
      ACCOUNT: account.slice(0, SUBJECT_MAX),
      IP: ip.slice(0, SUBJECT_MAX),
    };
  };

  /** Seconds until the scope's `max`-th newest failure leaves the window; 0 when not blocked. */
  async function waitSeconds(trx: Knex.Transaction, scope: Scope, subject: string): Promise<number> {
    // The wall clock, not now(): the transaction may have waited for the lock.
    const row = await trx('sign_in_failure')
      .where({ scope, subject })
      .where('failed_at', '>', trx.raw(`clock_timestamp() - interval '${window}'`))
      .orderBy('failed_at', 'desc')
      .offset(Math.max(1, max[scope]) - 1)
      .first(trx.raw(`extract(epoch from (failed_at + interval '${window}' - clock_timestamp())) as wait`));
    return row ? Math.max(1, Number(row.wait)) : 0;
  }

  return {
    /**
     * Takes a sign-in attempt's slot: either the seconds the caller must wait (nothing recorded), or the
     * attempt recorded as a failure in every scope, to be forgiven with `succeeded` when the password is right.
     */
    async take(email: string, ip: string): Promise<SignInSlot> {
      const subject = subjects(email, ip);
      return knex.transaction(async (trx): Promise<SignInSlot> => {
        for (const scope of SCOPES) {
          await trx.raw('select pg_advisory_xact_lock(?, hashtext(?))', [LOCK_CLASS[scope], subject[scope]]);
        }
        // One query at a time: a transaction is one connection.
        let wait = 0;
        for (const scope of SCOPES) wait = Math.max(wait, await waitSeconds(trx, scope, subject[scope]));
        if (wait > 0) return { wait, failureIds: [] };
        // Housekeeping for these keys only (the index makes it cheap).
        await trx('sign_in_failure')
          .whereIn(
            ['scope', 'subject'],
            SCOPES.map((scope) => [scope, subject[scope]]),
          )
          .where('failed_at', '<', trx.raw(`clock_timestamp() - interval '${window}'`))
          .delete();
        const rows: { id: string | number }[] = await trx('sign_in_failure')
          .insert(SCOPES.map((scope) => ({ scope, subject: subject[scope], failed_at: trx.raw('clock_timestamp()') })))
          .returning('id');
        return { wait: 0, failureIds: rows.map((row) => Number(row.id)) };
      });
    },
    /** The password was right: the attempt is forgiven, and that address's failures on that account no longer count. */
    async succeeded(email: string, ip: string, slot: SignInSlot): Promise<void> {
      await knex('sign_in_failure')
        .where((q) =>
          q.whereIn('id', slot.failureIds).orWhere({ scope: 'ACCOUNT_IP', subject: subjects(email, ip).ACCOUNT_IP }),
        )
        .delete();
    },
    /** After a password reset: the account is open again from every address. */
    async clearAccount(email: string): Promise<void> {
      const account = email.toLowerCase();
      await knex('sign_in_failure')
        .where((q) =>
          q
            .where({ scope: 'ACCOUNT', subject: account.slice(0, SUBJECT_MAX) })
            .orWhere((r) => r.where({ scope: 'ACCOUNT_IP' }).whereRaw('starts_with(subject, ?)', [`${account}|`])),
        )
        .delete();
    },
  };
}
