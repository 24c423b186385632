import type { Knex } from 'knex';

/**
 * Applications (jid / joinId): one member's application to one cohort, in the role they apply for. The
 * status follows the one state machine of `@sq/contracts/api/applicants` (ApplicationStatus). `user_id` is
 * the account service's user id (no foreign key across schemas). This is the minimal table the public
 * applicant counts read; the application flow adds its columns (answers, payment, team) in later migrations.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('application', (t) => {
    t.increments('join_id');
    t.integer('odd_id').notNullable().references('odd_id').inTable('cohort');
    t.integer('user_id').notNullable();
    t.enu('role', ['PLANNER', 'DESIGNER', 'DEVELOPER']).notNullable();
    t.enu('status', [
      'SUBMITTED',
      'RESERVED',
      'TEAM_BUILDING',
      'ASSIGNED',
      'COMPLETED',
      'CANCELLED',
      'REFUNDED',
      'DROPPED',
    ])
      .notNullable()
      .defaultTo('SUBMITTED');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['odd_id', 'role']);
    t.index(['user_id']);
  });
  // One live application per member and cohort; a cancelled one does not block applying again.
  await knex.raw(`create unique index application_one_live_per_cohort on application (odd_id, user_id)
    where status not in ('CANCELLED', 'REFUNDED', 'DROPPED')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('application');
}
