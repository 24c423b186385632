import type { Knex } from 'knex';

/**
 * Whether the public card shows the member's IT skill check-up level. Hidden unless the member turns it on
 * in the editor: a level is the member's to publish.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profile', (t) => {
    t.boolean('show_skill_level').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profile', (t) => t.dropColumn('show_skill_level'));
}
