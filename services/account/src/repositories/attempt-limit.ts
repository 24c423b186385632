import type { Knex } from 'knex';

/**
 * Sliding-window limits on the recovery screens (find e-mail, password-reset request), counted in
 * `recovery_attempt` (migration 010) so every instance sees the same counts. Subjects are keyed hashes
 * (lib/keyed-hash.ts): the table never holds a name, phone, e-mail or address.
 *
 * `take` reads the counts and records the attempt in one transaction under an advisory lock per subject, so
 * concurrent requests cannot all pass on the same count.
 */
export type AttemptScope = 'FIND_EMAIL_ADDRESS' | 'FIND_EMAIL_TARGET' | 'RESET_REQUEST';

/** Advisory-lock classes, one per scope (the second key is the subject's hash). */
const LOCK_CLASS: Record<AttemptScope, number> = {
  FIND_EMAIL_ADDRESS: 0x5571_0021,
  FIND_EMAIL_TARGET: 0x5571_0022,
  RESET_REQUEST: 0x5571_0023,
};
/** Locks are always taken in this order, so two requests never wait for each other in a cycle. */
const LOCK_ORDER: readonly AttemptScope[] = ['FIND_EMAIL_ADDRESS', 'FIND_EMAIL_TARGET', 'RESET_REQUEST'];

export interface AttemptLimit {
  scope: AttemptScope;
  subject: string;
  /** At most this many attempts within `windowSeconds`. */
  max: number;
  windowSeconds: number;
}

export type AttemptSlot = { wait: 0; ids: number[] } | { wait: number; ids: [] };

/** The longest window any limit uses; older rows are deleted as requests come in. */
const KEEP_SECONDS = 24 * 3600;

export function createAttemptLimiter(knex: Knex) {
  /** Seconds until the limit's `max`-th newest attempt leaves the window; 0 when the limit allows one more. */
  async function waitSeconds(trx: Knex.Transaction, limit: AttemptLimit): Promise<number> {
    const window = `${Math.max(1, Math.floor(limit.windowSeconds))} seconds`;
    // The wall clock, not now(): the transaction may have waited for the lock.
    const row = await trx('recovery_attempt')
      .where({ scope: limit.scope, subject_hash: limit.subject })
      .where('attempted_at', '>', trx.raw(`clock_timestamp() - interval '${window}'`))
      .orderBy('attempted_at', 'desc')
      .offset(Math.max(1, Math.floor(limit.max)) - 1)
      .first(trx.raw(`extract(epoch from (attempted_at + interval '${window}' - clock_timestamp())) as wait`));
    return row ? Math.max(1, Number(row.wait)) : 0;
  }

  return {
    /** The seconds to wait (nothing recorded), or the attempt recorded once per distinct subject. */
    async take(limits: AttemptLimit[]): Promise<AttemptSlot> {
      const subjects = [
        ...new Map(limits.map((l) => [`${l.scope}|${l.subject}`, { scope: l.scope, subject: l.subject }])).values(),
      ].sort((a, b) => LOCK_ORDER.indexOf(a.scope) - LOCK_ORDER.indexOf(b.scope) || a.subject.localeCompare(b.subject));
      // Housekeeping outside the locks: rows no window looks at any more (the index on attempted_at keeps it cheap).
      await knex('recovery_attempt')
        .where('attempted_at', '<', knex.raw(`clock_timestamp() - interval '${KEEP_SECONDS} seconds'`))
        .delete();
      return knex.transaction(async (trx): Promise<AttemptSlot> => {
        for (const s of subjects)
          await trx.raw('select pg_advisory_xact_lock(?, hashtext(?))', [LOCK_CLASS[s.scope], s.subject]);
        let wait = 0;
        for (const limit of limits) wait = Math.max(wait, await waitSeconds(trx, limit));
        if (wait > 0) return { wait, ids: [] };
        const rows: { id: string | number }[] = await trx('recovery_attempt')
          .insert(
            subjects.map((s) => ({
              scope: s.scope,
              subject_hash: s.subject,
              attempted_at: trx.raw('clock_timestamp()'),
            })),
          )
          .returning('id');
        return { wait: 0, ids: rows.map((row) => Number(row.id)) };
      });
    },
    /** An attempt that did nothing (its mail could not be sent) does not count. */
    async giveBack(slot: AttemptSlot): Promise<void> {
      if (slot.ids.length > 0) await knex('recovery_attempt').whereIn('id', slot.ids).delete();
    },
  };
}
