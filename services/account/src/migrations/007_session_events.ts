import type { Knex } from 'knex';
import { SESSION_EVENTS_CHANNEL } from '@sq/contracts';

/**
 * Every change that can end a session is announced on SESSION_EVENTS_CHANNEL when it commits (NOTIFY is
 * transactional), from triggers so that no code path (logout, password change or reset, withdrawal, the
 * operator script, a manual fix in psql) can forget it. The gateway caches session checks and relies on this
 * to forget them at once. `last_seen_at` updates are not announced: they change nothing a check answers.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function announce_session_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${SESSION_EVENTS_CHANNEL}', 'sid:' || old.sid);
      return null;
    end $$`);
  await knex.raw(`
    create or replace function announce_member_sessions_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${SESSION_EVENTS_CHANNEL}', 'user:' || old.user_id);
      return null;
    end $$`);
  await knex.raw(`
    create trigger session_changed after update of revoked_at, expires_at, user_id on session for each row
      when (new.revoked_at is distinct from old.revoked_at or new.expires_at is distinct from old.expires_at or new.user_id is distinct from old.user_id)
      execute function announce_session_change()`);
  await knex.raw(
    'create trigger session_deleted after delete on session for each row execute function announce_session_change()',
  );
  await knex.raw(`
    create trigger member_sessions_changed after update of withdrawn_at, user_role on user_account for each row
      when (new.withdrawn_at is distinct from old.withdrawn_at or new.user_role is distinct from old.user_role)
      execute function announce_member_sessions_change()`);
  await knex.raw(
    'create trigger member_deleted after delete on user_account for each row execute function announce_member_sessions_change()',
  );
}

export async function down(knex: Knex): Promise<void> {
  for (const [trigger, table] of [
    ['session_changed', 'session'],
    ['session_deleted', 'session'],
    ['member_sessions_changed', 'user_account'],
    ['member_deleted', 'user_account'],
  ]) {
    await knex.raw(`drop trigger if exists ${trigger} on ${table}`);
  }
  await knex.raw('drop function if exists announce_session_change()');
  await knex.raw('drop function if exists announce_member_sessions_change()');
}
