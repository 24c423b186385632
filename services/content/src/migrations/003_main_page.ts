import type { Knex } from 'knex';

/**
 * The main page: banners get their image sizes and alternative text (no layout shift, readable by screen
 * readers), and past projects can be featured in an explicit order.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('banner', (t) => {
    t.string('alt', 200).notNullable().defaultTo('');
    t.integer('pc_img_width');
    t.integer('pc_img_height');
    t.integer('mo_img_width');
    t.integer('mo_img_height');
  });
  await knex.raw(`alter table banner add constraint banner_img_sizes check (
    (pc_img_width is null) = (pc_img_height is null) and (mo_img_width is null) = (mo_img_height is null)
    and coalesce(pc_img_width, 1) > 0 and coalesce(pc_img_height, 1) > 0 and coalesce(mo_img_width, 1) > 0 and coalesce(mo_img_height, 1) > 0)`);
  await knex.schema.alterTable('project', (t) => {
    // Null: not featured; otherwise the position on the main page.
    t.integer('featured_order');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('project', (t) => t.dropColumn('featured_order'));
  await knex.raw('alter table banner drop constraint banner_img_sizes');
  await knex.schema.alterTable('banner', (t) => {
    for (const column of ['alt', 'pc_img_width', 'pc_img_height', 'mo_img_width', 'mo_img_height'])
      t.dropColumn(column);
  });
}
