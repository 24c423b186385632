import type { Knex } from 'knex';

/**
 * A cohort (`oddId`) is one run of a product. Its status is never stored: it follows from the dates and
 * the clock, so nothing has to flip it at midnight. Recruiting opens and closes at an instant; the other
 * milestones are calendar days in Asia/Seoul. Applications, payments and teams (later) refer to odd_id.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('cohort', (t) => {
    t.increments('odd_id');
    t.integer('product_id').notNullable().references('product_id').inTable('product');
    t.string('name', 100).notNullable();
    t.timestamp('recruit_start', { useTz: true }).notNullable();
    t.timestamp('recruit_end', { useTz: true }).notNullable();
    t.date('team_building_announce_date');
    t.date('kickoff_date');
    t.date('start_date').notNullable();
    t.date('end_date').notNullable();
    // Seats on sale; null when not limited.
    t.integer('capacity');
    t.timestamp('cancelled_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['product_id', 'start_date']);
  });
  await knex.raw(`alter table cohort add constraint cohort_dates check (
    recruit_start < recruit_end
    and start_date <= end_date
    and (recruit_end at time zone 'Asia/Seoul')::date <= start_date
    and (team_building_announce_date is null or team_building_announce_date <= start_date)
    and (kickoff_date is null or kickoff_date <= start_date)
    and (capacity is null or capacity > 0))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('cohort');
}
