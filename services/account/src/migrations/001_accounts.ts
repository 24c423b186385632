import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_account', (t) => {
    t.increments('user_id');
    // Lower-cased on write; uniqueness is what keeps two sign-ups with one e-mail from both succeeding.
    t.string('email', 254).notNullable().unique();
    t.string('contact_email', 254).notNullable().unique();
    t.string('password_hash', 255);
    t.string('user_name', 50).notNullable();
    t.string('user_alias', 30).notNullable().unique();
    t.string('user_phone', 13).notNullable();
    t.string('job_group', 30);
    t.string('position', 50);
    t.string('career_years', 30);
    t.string('profile_id', 30).unique();
    t.enu('user_role', ['ROLE_USER', 'ROLE_ADMIN']).notNullable().defaultTo('ROLE_USER');
    t.enu('vendor', ['EMAIL', 'GOOGLE', 'KAKAO', 'NAVER']).notNullable().defaultTo('EMAIL');
    t.string('user_step', 30);
    t.integer('user_level').notNullable().defaultTo(1);
    t.string('notion_email', 254);
    t.string('slack_email', 254);
    t.boolean('marketing_consent').notNullable().defaultTo(false);
    t.timestamp('reg_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('withdrawn_at', { useTz: true });
  });
  await knex.schema.createTable('session', (t) => {
    t.uuid('sid').primary();
    t.integer('user_id').notNullable().references('user_id').inTable('user_account').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('session');
  await knex.schema.dropTable('user_account');
}
