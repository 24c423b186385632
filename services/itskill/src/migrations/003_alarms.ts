import type { Knex } from 'knex';

/** Members who asked to be told when a new check-up opens; one row per member, so asking twice is a no-op. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('checkup_alarm', (t) => {
    t.integer('user_id').primary();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Set by the sending job, so several instances never mail the same member twice.
    t.timestamp('notified_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('checkup_alarm');
}
