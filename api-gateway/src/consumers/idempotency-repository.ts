import type { Knex } from 'knex';

export interface StoredAnswer {
  status: number;
  contentType: string | null;
  body: Buffer;
}

/** What the store says about a key when a request claims it. */
export type Claim =
  { kind: 'claimed' } | { kind: 'in-flight' } | { kind: 'other-body' } | { kind: 'answered'; answer: StoredAnswer };

interface IdempotencyRow {
  fingerprint: Buffer;
  state: 'pending' | 'done';
  status: number | null;
  content_type: string | null;
  body: Buffer | null;
}

/** gateway.idempotency_key (migration 050): claims, answers and their expiry. */
export function createIdempotencyRepository(knex: Knex) {
  const table = () => knex('gateway.idempotency_key');
  return {
    /**
     * Claims the key for this request (a new key, or one whose record has expired), or says why not. One statement
     * decides between concurrent claims: the primary key lets one insert win.
     */
    async claim(consumer: string, key: string, fingerprint: Buffer, leaseSeconds: number): Promise<Claim> {
      const claimed = await knex.raw<{ rows: unknown[] }>(
        `insert into gateway.idempotency_key as k (consumer, key, fingerprint, state, expires_at)
           values (?, ?, ?, 'pending', now() + ? * interval '1 second')
         on conflict (consumer, key) do update set fingerprint = excluded.fingerprint, state = 'pending', status = null,
           content_type = null, body = null, created_at = now(), expires_at = excluded.expires_at
           where k.expires_at <= now()
         returning 1`,
        [consumer, key, fingerprint, leaseSeconds],
      );
      if (claimed.rows.length > 0) return { kind: 'claimed' };
      const row = (await table()
        .where({ consumer, key })
        .where('expires_at', '>', knex.fn.now())
        .first('fingerprint', 'state', 'status', 'content_type', 'body')) as IdempotencyRow | undefined;
      // Expired between the two statements: whoever asks again claims it.
      if (!row) return { kind: 'in-flight' };
      if (!row.fingerprint.equals(fingerprint)) return { kind: 'other-body' };
      if (row.state === 'pending') return { kind: 'in-flight' };
      return {
        kind: 'answered',
        answer: { status: row.status!, contentType: row.content_type, body: row.body ?? Buffer.alloc(0) },
      };
    },

    /** The claimed request's answer, repeated for the same key and body until `keepHours` have passed. */
    async answer(consumer: string, key: string, answer: StoredAnswer, keepHours: number): Promise<void> {
      await table()
        .where({ consumer, key, state: 'pending' })
        .update({
          state: 'done',
          status: answer.status,
          content_type: answer.contentType,
          body: answer.body,
          expires_at: knex.raw(`now() + ? * interval '1 hour'`, [keepHours]),
        });
    },

    /** The claim is given up (the answer was not one to repeat): the key may be used again at once. */
    async release(consumer: string, key: string): Promise<void> {
      await table().where({ consumer, key, state: 'pending' }).delete();
    },

    /** Deletes up to `limit` expired records (any instance may; the index on expires_at finds them). */
    async prune(limit: number): Promise<number> {
      return knex
        .raw<{ rowCount: number }>(
          'delete from gateway.idempotency_key where ctid in (select ctid from gateway.idempotency_key where expires_at <= now() limit ?)',
          [limit],
        )
        .then((result) => result.rowCount);
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
