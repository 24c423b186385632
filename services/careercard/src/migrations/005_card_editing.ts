import type { Knex } from 'knex';

/**
 * The member's own editing of the card. `onboarded_at`: when the member first saved the additional profile
 * info (POST /api/insertMyinfo; cards made before this migration count as onboarded); `onboarding_step`: the
 * last step of /careercard/onboarding reached, so a member who leaves can resume. Projects get links and
 * images (uploads of the card's own member, by id, in display order); `sort_order` is the member's order.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profile', (t) => {
    t.timestamp('onboarded_at', { useTz: true });
    t.string('onboarding_step', 20);
  });
  await knex('profile').update({ onboarded_at: knex.ref('created_at') });
  await knex.schema.alterTable('profile_project', (t) => {
    t.jsonb('links').notNullable().defaultTo('[]');
    t.jsonb('img_ids').notNullable().defaultTo('[]');
  });
  await knex.raw(
    "alter table profile_project add constraint profile_project_links_array check (jsonb_typeof(links) = 'array' and jsonb_typeof(img_ids) = 'array')",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table profile_project drop constraint profile_project_links_array');
  await knex.schema.alterTable('profile_project', (t) => t.dropColumns('links', 'img_ids'));
  await knex.schema.alterTable('profile', (t) => t.dropColumns('onboarded_at', 'onboarding_step'));
}
