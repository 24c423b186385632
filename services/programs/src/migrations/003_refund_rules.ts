import type { Knex } from 'knex';

/**
 * Refund rules as data, one row per phase, read in sort order; the first phase whose boundary has not
 * passed applies, and a row without a boundary closes the list ("after that"). Shares are exact fractions
 * (the planner course refunds two thirds), so amounts never drift by rounding a percentage.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('refund_rule', (t) => {
    t.increments('rule_id');
    t.integer('product_id').notNullable().references('product_id').inTable('product').onDelete('CASCADE');
    t.enu('case_kind', ['INDIVIDUAL', 'TEAM_STOP', 'COMPANY_ENDED', 'LEFT_AFTER_INVITE', 'REWARD']).notNullable();
    t.integer('sort_order').notNullable();
    t.string('phase', 200).notNullable();
    // Date boundary: through the day anchor + months + days (Asia/Seoul).
    t.enu('anchor', ['PAID', 'TEAM_ANNOUNCE', 'KICKOFF', 'START', 'END']);
    t.integer('offset_months').notNullable().defaultTo(0);
    t.integer('offset_days').notNullable().defaultTo(0);
    // Elapsed boundary: before this fraction of the course (start to end) has passed.
    t.integer('elapsed_numerator');
    t.integer('elapsed_denominator');
    t.integer('refund_numerator').notNullable();
    t.integer('refund_denominator').notNullable().defaultTo(100);
    t.integer('refund_amount_krw');
    t.string('condition', 300);
    // The VOD part of the planner course's first phase, checkable by code.
    t.integer('max_vod_usage_percent');
    t.unique(['product_id', 'sort_order']);
  });
  await knex.raw(`alter table refund_rule add constraint refund_rule_share check (
    refund_denominator > 0 and refund_numerator between 0 and refund_denominator and (refund_amount_krw is null or refund_amount_krw > 0))`);
  await knex.raw(`alter table refund_rule add constraint refund_rule_boundary check (
    (elapsed_numerator is null) = (elapsed_denominator is null)
    and (elapsed_numerator is null or (anchor is null and elapsed_denominator > 0 and elapsed_numerator between 1 and elapsed_denominator)))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('refund_rule');
}
