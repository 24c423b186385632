import type { Knex } from 'knex';

/**
 * Content management. The published form of each kind stays in its own tables (the public reads
 * are unchanged); an item's draft is one row here, its body in the shape of @sq/contracts/api/content-admin,
 * and every operator's change is an audit row with its before and after. Banners, menu entries and FAQ
 * categories get a published flag like the other kinds, so each can be taken down without being deleted.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('content_draft', (t) => {
    t.increments('draft_id');
    t.string('kind', 40).notNullable();
    // New items reserve their id from the kind's sequence: the preview link names the page it will be on.
    t.integer('item_id').notNullable();
    t.jsonb('body').notNullable();
    t.uuid('preview_token').notNullable().defaultTo(knex.raw('gen_random_uuid()')).unique();
    t.integer('updated_by').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['kind', 'item_id']);
  });
  await knex.schema.createTable('content_audit', (t) => {
    t.bigIncrements('audit_id');
    t.string('kind', 40).notNullable();
    t.integer('item_id').notNullable();
    t.enu('action', ['DRAFT_SAVED', 'DRAFT_DISCARDED', 'PUBLISHED', 'UNPUBLISHED', 'MOVED']).notNullable();
    t.integer('actor_id').notNullable();
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.jsonb('before');
    t.jsonb('after');
    t.index(['kind', 'item_id', 'audit_id']);
  });
  for (const table of ['banner', 'gnb_menu', 'faq_category']) {
    await knex.schema.alterTable(table, (t) => {
      t.boolean('published').notNullable().defaultTo(true);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['banner', 'gnb_menu', 'faq_category'])
    await knex.schema.alterTable(table, (t) => t.dropColumn('published'));
  await knex.schema.dropTable('content_audit');
  await knex.schema.dropTable('content_draft');
}
