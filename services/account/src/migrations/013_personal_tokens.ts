import type { Knex } from 'knex';

/**
 * Members' personal access tokens for the public API. Only the SHA-256 of the token is kept (`token_hash`); `hint`
 * is its first characters, for the owner's list. A token ends when its owner revokes it, when it expires, when
 * the owner's password is reset and when the owner withdraws (`revoked_reason`).
 *
 * The gateway caches token checks like session checks and forgets them on SESSION_EVENTS_CHANNEL: a revoked or
 * deleted token announces its owner (`user:<id>`) when the change commits, from a trigger so that no code path
 * can forget it (the same announcement a withdrawal makes).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('personal_token', (t) => {
    t.increments('token_id').primary();
    t.integer('user_id').notNullable().references('user_id').inTable('user_account');
    t.string('name', 50).notNullable();
    t.specificType('token_hash', 'bytea').notNullable().unique();
    t.string('hint', 12).notNullable();
    t.specificType('scopes', 'text[]').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('last_used_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
    t.string('revoked_reason', 20);
  });
  await knex.raw('create index personal_token_live_of_member on personal_token (user_id) where revoked_at is null');
  await knex.raw(`
    create trigger personal_token_changed after update of revoked_at, expires_at, scopes, user_id on personal_token for each row
      when (new.revoked_at is distinct from old.revoked_at or new.expires_at is distinct from old.expires_at
        or new.scopes is distinct from old.scopes or new.user_id is distinct from old.user_id)
      execute function announce_member_sessions_change()`);
  await knex.raw(
    'create trigger personal_token_deleted after delete on personal_token for each row execute function announce_member_sessions_change()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists personal_token_changed on personal_token');
  await knex.raw('drop trigger if exists personal_token_deleted on personal_token');
  await knex.schema.dropTable('personal_token');
}
