import type { Migration } from '@sq/service-kit';

/**
 * Public API POSTs sent with an `Idempotency-Key` (consumers/idempotency.ts): the first request's fingerprint and,
 * once answered, its answer, kept per consumer and key until `expires_at`. A row still `pending` is a request in
 * flight; its `expires_at` is a short lease, so a gateway that died mid-request does not block the key for long.
 */
export const idempotency: Migration = {
  async up(knex) {
    await knex.raw(`create table if not exists gateway.idempotency_key (
      consumer text not null,
      key text not null,
      fingerprint bytea not null,
      state text not null check (state in ('pending', 'done')),
      status integer,
      content_type text,
      body bytea,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      primary key (consumer, key))`);
    await knex.raw('create index if not exists idempotency_key_expiry on gateway.idempotency_key (expires_at)');
  },
  async down(knex) {
    await knex.raw('drop table if exists gateway.idempotency_key');
  },
};
