import type { Knex } from 'knex';

/**
 * Webhooks out (src/webhooks): members' subscriptions, the events they are told of and every delivery with each
 * attempt. An event and its deliveries (one per matching subscription) are written in the transaction of the
 * change they tell of; the delivery row is the schedule of its attempts too (next_attempt_at, a lease while one
 * instance sends it), so the log and the queue cannot disagree.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_subscription', (t) => {
    t.increments('webhook_id');
    t.integer('user_id').notNullable().index();
    t.string('url', 2000).notNullable();
    t.specificType('events', 'text[]').notNullable();
    // Signing needs the secret itself (HMAC); it is shown to the owner once, when made or rotated.
    t.string('secret', 100).notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.timestamp('disabled_at', { useTz: true });
    t.integer('consecutive_failures').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('webhook_event', (t) => {
    t.bigIncrements('event_id');
    // `webhook-id`: the same on every attempt and replay, so receivers can drop what they already handled.
    t.string('message_id', 40).notNullable().unique();
    t.string('type', 60).notNullable();
    // The member the event is about (only their subscriptions hear it); null: everyone subscribed.
    t.integer('user_id');
    t.jsonb('payload').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('webhook_delivery', (t) => {
    t.bigIncrements('delivery_id');
    t.integer('webhook_id').notNullable().references('webhook_id').inTable('webhook_subscription').onDelete('CASCADE');
    t.bigInteger('event_id').notNullable().references('event_id').inTable('webhook_event').onDelete('CASCADE');
    t.string('status', 12).notNullable().defaultTo('PENDING');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true });
    t.timestamp('leased_until', { useTz: true });
    t.integer('last_status_code');
    t.string('last_answer', 1000);
    t.timestamp('last_attempt_at', { useTz: true });
    t.timestamp('delivered_at', { useTz: true });
    t.bigInteger('replay_of').references('delivery_id').inTable('webhook_delivery').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['webhook_id', 'delivery_id']);
  });
  await knex.raw(`create index webhook_delivery_due on webhook_delivery (next_attempt_at) where status = 'PENDING'`);
  await knex.schema.createTable('webhook_attempt', (t) => {
    t.bigIncrements('attempt_id');
    t.bigInteger('delivery_id')
      .notNullable()
      .references('delivery_id')
      .inTable('webhook_delivery')
      .onDelete('CASCADE')
      .index();
    t.timestamp('attempted_at', { useTz: true }).notNullable();
    t.integer('status_code');
    t.string('answer', 1000);
    t.integer('duration_ms').notNullable();
  });
  // Cohorts whose opening was told (cohort.opened): a cohort opens by its dates, so the scan must tell each once.
  await knex.schema.createTable('webhook_cohort_opening', (t) => {
    t.integer('odd_id').primary().references('odd_id').inTable('cohort').onDelete('CASCADE');
    t.timestamp('announced_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'webhook_cohort_opening',
    'webhook_attempt',
    'webhook_delivery',
    'webhook_event',
    'webhook_subscription',
  ])
    await knex.schema.dropTableIfExists(table);
}
