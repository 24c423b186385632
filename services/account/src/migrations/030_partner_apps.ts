import type { Knex } from 'knex';
import { SESSION_EVENTS_CHANNEL } from '@sq/contracts';

/**
 * Partner apps and the authorization server's state (oidc-provider, mounted under /oauth2).
 *  - partner_app: the OAuth 2.0 clients operators register. The client secret is not stored: it is derived from
 *    the service's marker secret and `secret_salt` (partners/client-secret.ts); rotating draws a new salt.
 *  - oauth_state: everything oidc-provider keeps (grants, access tokens, authorization codes, sessions,
 *    interactions), one row per model instance, its payload as the library wrote it. `grant_id` lets a grant's
 *    tokens be revoked together with it; `account_id` lets my page list a member's consents.
 *  - operator_audit: the account service's operator actions (who, when, what, before and after).
 *
 * The gateway caches partner token checks like session checks and forgets them on SESSION_EVENTS_CHANNEL:
 * a member's grant removed announces the member (`user:<id>`), an app changed announces `sid:app:<appId>`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('partner_app', (t) => {
    t.increments('app_id').primary();
    t.string('client_id', 64).notNullable().unique();
    t.string('name', 50).notNullable();
    t.string('owner_email', 254).notNullable();
    t.specificType('scopes', 'text[]').notNullable();
    t.string('tier', 20).notNullable();
    t.specificType('redirect_uris', 'text[]').notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.specificType('secret_salt', 'bytea').notNullable();
    t.string('secret_hint', 12).notNullable();
    t.timestamp('secret_rotated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('created_by').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('oauth_state', (t) => {
    t.string('kind', 40).notNullable();
    t.string('id', 200).notNullable();
    t.jsonb('payload').notNullable();
    t.string('grant_id', 200);
    t.string('user_code', 200);
    t.string('uid', 200);
    t.integer('account_id');
    t.timestamp('expires_at', { useTz: true });
    t.timestamp('consumed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['kind', 'id']);
  });
  await knex.raw('create index oauth_state_grant on oauth_state (grant_id) where grant_id is not null');
  await knex.raw('create index oauth_state_uid on oauth_state (uid) where uid is not null');
  await knex.raw(`create index oauth_state_member_grants on oauth_state (account_id) where kind = 'Grant'`);
  await knex.raw('create index oauth_state_expiry on oauth_state (expires_at)');
  await knex.schema.createTable('operator_audit', (t) => {
    t.bigIncrements('audit_id');
    t.integer('actor_user_id').notNullable();
    t.string('action', 40).notNullable();
    t.string('target_type', 30).notNullable();
    t.string('target_id', 64);
    t.jsonb('before');
    t.jsonb('after');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`
    create or replace function announce_partner_grant_removed() returns trigger language plpgsql as $$
    begin
      if old.kind = 'Grant' and old.account_id is not null then
        perform pg_notify('${SESSION_EVENTS_CHANNEL}', 'user:' || old.account_id);
      end if;
      return null;
    end $$`);
  await knex.raw(
    'create trigger oauth_grant_removed after delete on oauth_state for each row execute function announce_partner_grant_removed()',
  );
  await knex.raw(`
    create or replace function announce_partner_app_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${SESSION_EVENTS_CHANNEL}', 'sid:app:' || old.app_id);
      return null;
    end $$`);
  await knex.raw(`
    create trigger partner_app_changed after update of enabled, scopes, tier, secret_salt on partner_app for each row
      when (new.enabled is distinct from old.enabled or new.scopes is distinct from old.scopes
        or new.tier is distinct from old.tier or new.secret_salt is distinct from old.secret_salt)
      execute function announce_partner_app_change()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists partner_app_changed on partner_app');
  await knex.raw('drop trigger if exists oauth_grant_removed on oauth_state');
  await knex.raw('drop function if exists announce_partner_app_change()');
  await knex.raw('drop function if exists announce_partner_grant_removed()');
  for (const table of ['operator_audit', 'oauth_state', 'partner_app']) await knex.schema.dropTable(table);
}
