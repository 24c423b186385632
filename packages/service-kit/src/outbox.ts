import type { Knex } from 'knex';

/** Retry back-off of an outbox: 30 s, 1 min, 2 min, ... at most an hour between attempts. */
export function nextAttemptDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** A pending row: the member, how often delivery was tried; the table may add what the delivery needs. */
export interface OutboxRow {
  user_id: number;
  attempts: number;
}

/**
 * A transactional outbox to another service (the account's withdrawal, README "Withdrawal across services"; the
 * account's and itskill's signals that a member changed, for the programs service's applicant copies): a table with
 * one row per member (`user_id`, `attempts`, `next_attempt_at`, `last_error`, `created_at`, `done_at`), written in
 * the transaction of the change it announces (`armOutbox` for a signal that may repeat), and its delivery to the
 * other service's idempotent internal call. Each row is locked while it is delivered (SKIP LOCKED), so several
 * instances never work on the same row; delivering twice would be harmless anyway. A failed delivery is retried
 * with back-off (`nextAttemptDelayMs`).
 */
export function createOutbox<Row extends OutboxRow>(options: {
  knex: Knex;
  log: { warn(obj: object, msg: string): void };
  table: string;
  /** For the log: what is postponed when the peer cannot take it. */
  what: string;
  deliver(row: Row): Promise<void>;
}) {
  const { knex, log, table } = options;
  async function deliver(trx: Knex.Transaction, row: Row, now: Date): Promise<boolean> {
    try {
      await options.deliver(row);
      await trx(table)
        .where({ user_id: row.user_id })
        .update({ done_at: now, attempts: row.attempts + 1, last_error: null });
      return true;
    } catch (error) {
      const attempts = row.attempts + 1;
      log.warn({ err: error, userId: row.user_id, attempts }, `${options.what} postponed`);
      await trx(table)
        .where({ user_id: row.user_id })
        .update({
          attempts,
          next_attempt_at: new Date(now.getTime() + nextAttemptDelayMs(attempts)),
          last_error: String((error as Error).message ?? error).slice(0, 300),
        });
      return false;
    }
  }

  return {
    /** Delivers one member's row now (right after the withdrawal committed); false leaves it to the job. */
    async deliverFor(userId: number, now: Date = new Date()): Promise<boolean> {
      return knex.transaction(async (trx) => {
        const row: Row | undefined = await trx(table)
          .where({ user_id: userId })
          .whereNull('done_at')
          .forUpdate()
          .skipLocked()
          .first();
        return row ? deliver(trx, row, now) : true;
      });
    },
    /** Delivers every row that is due at `now`; answers how many were delivered. */
    async deliverDue(now: Date = new Date(), limit = 20): Promise<number> {
      return knex.transaction(async (trx) => {
        const rows: Row[] = await trx(table)
          .whereNull('done_at')
          .where('next_attempt_at', '<=', now)
          .orderBy('next_attempt_at')
          .limit(limit)
          .forUpdate()
          .skipLocked();
        let delivered = 0;
        for (const row of rows) if (await deliver(trx, row, now)) delivered += 1;
        return delivered;
      });
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/**
 * Writes (or sets due again) a member's row of an outbox whose signal may repeat (the member changed again): in the
 * transaction of the change. A delivery in flight holds the row locked, so this waits for it and then makes the row
 * due once more: the change is always followed by a delivery that started after it.
 */
export async function armOutbox(trx: Knex.Transaction, table: string, userId: number): Promise<void> {
  await trx(table)
    .insert({ user_id: userId })
    .onConflict('user_id')
    .merge({ done_at: null, attempts: 0, next_attempt_at: trx.fn.now(), last_error: null });
}
