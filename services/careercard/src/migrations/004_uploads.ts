import type { Knex } from 'knex';

/**
 * Uploaded images (POST /api/fileUpload). The bytes live in the file storage under `file_id`; this row says
 * whose they are (only the owner may attach one to a card), what they are (the type their bytes showed, never
 * just the one the browser declared) and how big. `owner_user_id` is the account service's user, so no
 * foreign key.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('upload', (t) => {
    t.uuid('file_id').primary();
    t.integer('owner_user_id').notNullable();
    t.string('content_type', 50).notNullable();
    t.integer('size_bytes').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['owner_user_id', 'created_at']);
  });
  await knex.raw(
    `alter table upload add constraint upload_content_type check (content_type in ('image/png', 'image/jpeg', 'image/webp'))`,
  );
  await knex.raw('alter table upload add constraint upload_size check (size_bytes > 0 and size_bytes <= 5242880)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('upload');
}
