import type { Knex } from 'knex';

/**
 * Friend requests as the careercard service resolved them when the aside step was saved: the members
 * (account user ids) behind the career card IDs the applicant typed. Team building pairs them with those
 * members' applications in the same cohort (only mutual requests bind).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('application', (t) => {
    t.specificType('friend_user_ids', 'integer[]').notNullable().defaultTo('{}');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('application', (t) => t.dropColumn('friend_user_ids'));
}
