import type { Knex } from 'knex';

/**
 * The onboarding image is an upload of the careercard service (POST /api/fileUpload), named by a UUID. The
 * column was an integer before any upload service existed, so no stored value can name an upload: they go.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table user_account alter column img_id type uuid using null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table user_account alter column img_id type integer using null');
}
