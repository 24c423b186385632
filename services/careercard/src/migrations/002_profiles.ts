import type { Knex } from 'knex';

/**
 * Career cards. `profile_id` is the ID in the card's URL: letters and digits, 2 to 20 characters, unique
 * regardless of case (so /careercard/Minji and /careercard/minji cannot be two people), and never containing
 * 'admin' (the route guard treats any such path as an operator page). `user_id` is the account service's
 * user; no foreign key because that table lives in another schema.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('profile', (t) => {
    t.string('profile_id', 20).primary();
    t.integer('user_id').unique();
    t.string('user_alias', 30).notNullable();
    t.string('job_group_code', 40).notNullable().references('code').inTable('code_detail');
    t.string('position_code', 40).references('code').inTable('code_detail');
    t.string('year_code', 40).notNullable().references('code').inTable('code_detail');
    t.text('intro').notNullable().defaultTo('');
    t.string('img_url', 500);
    t.string('cover_img_url', 500);
    t.boolean('is_public').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `alter table profile add constraint profile_id_format check (profile_id ~ '^[A-Za-z0-9]{2,20}$' and lower(profile_id) not like '%admin%')`,
  );
  await knex.raw('create unique index profile_id_lower_unique on profile (lower(profile_id))');
  await knex.raw('alter table profile add constraint profile_intro_length check (char_length(intro) <= 1000)');

  await knex.schema.createTable('profile_skill', (t) => {
    t.increments('id');
    t.string('profile_id', 20)
      .notNullable()
      .references('profile_id')
      .inTable('profile')
      .onDelete('CASCADE')
      .onUpdate('CASCADE');
    t.integer('sort_order').notNullable();
    t.string('skill_name', 50).notNullable();
  });
  await knex.raw('create unique index profile_skill_unique on profile_skill (profile_id, lower(skill_name))');

  await knex.schema.createTable('profile_project', (t) => {
    t.increments('project_id');
    t.string('profile_id', 20)
      .notNullable()
      .references('profile_id')
      .inTable('profile')
      .onDelete('CASCADE')
      .onUpdate('CASCADE');
    t.integer('sort_order').notNullable();
    t.string('title', 200).notNullable();
    t.string('role', 100).notNullable();
    t.date('start_date').notNullable();
    // Null while the project is still running.
    t.date('end_date');
    t.text('description').notNullable().defaultTo('');
    // A past project published by the content service (no cross-schema key; ids are checked through its API).
    t.integer('past_project_id');
    t.index(['profile_id', 'sort_order']);
  });
  await knex.raw(
    'alter table profile_project add constraint profile_project_period check (end_date is null or end_date >= start_date)',
  );
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['profile_project', 'profile_skill', 'profile']) await knex.schema.dropTable(table);
}
