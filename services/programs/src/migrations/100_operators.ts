import type { Knex } from 'knex';

/**
 * Operators' back end:
 *  - cohort.role_seats: seats per role of this cohort when it differs from the product's make-up (null: the product's).
 *  - audit_log: every operator action under /api/admin/* (who, when, what, before and after).
 *  - team_board: one per cohort; the matcher's last proposal, the operator's board (team key -> joinIds), locks,
 *    and the publish mark. Publishing sets published_at on the locked row once, so two publishes have one effect.
 *  - team / team_member: the published teams (members' side, replacements).
 *  - charge_deadline: a declined charge at publish gives the member until deadline_at to update the card;
 *    after it the seat is freed and backfilled from the waitlist.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('cohort', (t) => {
    t.jsonb('role_seats');
  });
  await knex.schema.createTable('audit_log', (t) => {
    t.bigIncrements('audit_id');
    t.integer('actor_user_id').notNullable();
    t.string('action', 60).notNullable();
    t.string('target_type', 30).notNullable();
    t.string('target_id', 60);
    t.integer('odd_id');
    t.jsonb('before');
    t.jsonb('after');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['odd_id', 'audit_id']);
    t.index(['created_at']);
  });
  await knex.schema.createTable('team_board', (t) => {
    t.integer('odd_id').primary().references('odd_id').inTable('cohort');
    t.integer('seed').notNullable().defaultTo(1);
    t.jsonb('teams').notNullable().defaultTo('{}');
    t.jsonb('waitlist').notNullable().defaultTo('[]');
    t.jsonb('explanations').notNullable().defaultTo('{}');
    t.jsonb('unplaced').notNullable().defaultTo('[]');
    t.jsonb('locked_members').notNullable().defaultTo('{}');
    t.jsonb('locked_teams').notNullable().defaultTo('[]');
    t.jsonb('scores').notNullable().defaultTo('{}');
    t.timestamp('published_at', { useTz: true });
    t.integer('published_by');
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('team', (t) => {
    t.increments('team_id');
    t.integer('odd_id').notNullable().references('odd_id').inTable('cohort');
    t.string('team_key', 40).notNullable();
    t.string('name', 60).notNullable();
    t.timestamp('stopped_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.unique(['odd_id', 'team_key']);
  });
  await knex.schema.createTable('team_member', (t) => {
    t.integer('join_id').primary().references('join_id').inTable('application');
    t.integer('team_id').notNullable().references('team_id').inTable('team');
    t.string('explanation', 500).notNullable().defaultTo('');
    t.timestamp('joined_at', { useTz: true }).notNullable();
    t.index(['team_id']);
  });
  await knex.schema.createTable('charge_deadline', (t) => {
    t.integer('join_id').primary().references('join_id').inTable('application');
    t.timestamp('deadline_at', { useTz: true }).notNullable();
    t.timestamp('resolved_at', { useTz: true });
    t.string('outcome', 30);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['charge_deadline', 'team_member', 'team', 'team_board', 'audit_log'])
    await knex.schema.dropTable(table);
  await knex.schema.alterTable('cohort', (t) => t.dropColumn('role_seats'));
}
