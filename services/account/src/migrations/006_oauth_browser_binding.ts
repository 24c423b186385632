import type { Knex } from 'knex';

/**
 * Social login is bound to the browser that started it: the start sets a random value in an HttpOnly cookie
 * and keeps its SHA-256 with the state (oauth_request) and then with the one-time code (oauth_exchange).
 * Rows without it (started before this migration, at most minutes old) can no longer complete.
 */
export async function up(knex: Knex): Promise<void> {
  for (const table of ['oauth_request', 'oauth_exchange']) {
    await knex.schema.alterTable(table, (t) => {
      t.string('browser_hash', 64);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['oauth_request', 'oauth_exchange']) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('browser_hash');
    });
  }
}
