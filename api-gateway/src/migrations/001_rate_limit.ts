import type { Migration } from '@sq/service-kit';

/** Per-address request counts shared by every gateway instance; unlogged: a crash may forget a window, never a row of data. */
export const rateLimit: Migration = {
  async up(knex) {
    await knex.raw(
      'create unlogged table if not exists gateway.rate_limit (key text primary key, count integer not null, expires_at timestamptz not null)',
    );
  },
  async down(knex) {
    await knex.raw('drop table if exists gateway.rate_limit');
  },
};
