import type { Knex } from 'knex';

/**
 * Programs on sale. `slug` is the program's path on the site (/bside, /potenday, ...), so it follows the
 * route guard's rule: no 'admin' in it. Team make-up is null for products without team building.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('product', (t) => {
    t.increments('product_id');
    t.string('slug', 40).notNullable().unique();
    t.string('name', 100).notNullable();
    t.enu('kind', ['TEAM_PROJECT', 'SPRINT', 'COURSE', 'GENERIC']).notNullable();
    t.string('summary', 300).notNullable();
    t.text('description').notNullable();
    t.integer('fee_krw').notNullable();
    t.integer('min_team_size');
    t.integer('max_team_size');
    // Seats per role in one team; null when the role is not fixed.
    t.integer('planner_seats');
    t.integer('designer_seats');
    t.integer('developer_seats');
    t.integer('max_friends').notNullable().defaultTo(0);
    t.text('eligibility').notNullable().defaultTo('');
    // The machine-checkable part of the eligibility (career years at application), null when none.
    t.integer('min_experience_months');
    t.integer('sort_order').notNullable();
    t.boolean('is_visible').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `alter table product add constraint product_slug_format check (slug ~ '^[a-z][a-z0-9-]{1,39}$' and slug not like '%admin%')`,
  );
  await knex.raw('alter table product add constraint product_fee check (fee_krw >= 0 and max_friends >= 0)');
  await knex.raw(`alter table product add constraint product_team_size check (
    (min_team_size is null and max_team_size is null) or (min_team_size >= 1 and max_team_size >= min_team_size))`);
  await knex.raw(`alter table product add constraint product_role_seats check (
    coalesce(planner_seats, 0) >= 0 and coalesce(designer_seats, 0) >= 0 and coalesce(developer_seats, 0) >= 0
    and coalesce(planner_seats, 0) + coalesce(designer_seats, 0) + coalesce(developer_seats, 0) <= coalesce(max_team_size, 0))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('product');
}
