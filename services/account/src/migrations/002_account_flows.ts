import type { Knex } from 'knex';

/**
 * Sign-up, social identities, recovery, onboarding, points, withdrawal and the sign-in brute-force guard.
 * Every one-time secret (reset token, OAuth state, exchange code, sign-up ticket) is stored as its SHA-256
 * only, so a copy of the database hands out nothing usable.
 */
export async function up(knex: Knex): Promise<void> {
  // Uniqueness regardless of case: 'Minji' and 'minji' are one nickname, one career card ID.
  await knex.raw('create unique index user_account_alias_lower_unique on user_account (lower(user_alias))');
  await knex.raw('create unique index user_account_profile_id_lower_unique on user_account (lower(profile_id))');
  await knex.schema.alterTable('user_account', (t) => {
    t.integer('img_id');
    t.text('intro');
    t.string('job_code', 40);
    t.string('year_code', 40);
    t.boolean('terms_agreed').notNullable().defaultTo(false);
    t.boolean('privacy_agreed').notNullable().defaultTo(false);
    t.timestamp('consented_at', { useTz: true });
    t.timestamp('password_changed_at', { useTz: true });
  });

  // A person's account at Google/Kakao/Naver; the subject identifies them, never the e-mail.
  await knex.schema.createTable('social_identity', (t) => {
    t.increments('id');
    t.enu('provider', ['GOOGLE', 'KAKAO', 'NAVER']).notNullable();
    t.string('subject', 255).notNullable();
    t.integer('user_id').notNullable().references('user_id').inTable('user_account').onDelete('CASCADE');
    t.string('email', 254);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['provider', 'subject']);
    t.unique(['user_id', 'provider']);
  });

  // Authorization requests in flight (state, PKCE verifier, OIDC nonce), 10 minutes.
  await knex.schema.createTable('oauth_request', (t) => {
    t.string('state_hash', 64).primary();
    t.enu('provider', ['GOOGLE', 'KAKAO', 'NAVER']).notNullable();
    t.string('code_verifier', 128).notNullable();
    t.string('nonce', 64);
    t.string('return_to', 500).notNullable().defaultTo('/');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
  });

  // What the callback learned, handed to the shell once through a one-time code (2 minutes).
  await knex.schema.createTable('oauth_exchange', (t) => {
    t.string('code_hash', 64).primary();
    t.jsonb('payload').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
  });

  // A verified provider identity waiting for /snsSignUp (30 minutes, single use).
  await knex.schema.createTable('sns_signup_ticket', (t) => {
    t.string('ticket_hash', 64).primary();
    t.enu('provider', ['GOOGLE', 'KAKAO', 'NAVER']).notNullable();
    t.string('subject', 255).notNullable();
    t.string('email', 254).notNullable();
    t.jsonb('prefill').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
  });

  await knex.schema.createTable('password_reset_token', (t) => {
    t.string('token_hash', 64).primary();
    t.integer('user_id').notNullable().references('user_id').inTable('user_account').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.index(['user_id']);
  });

  // Points: one row per credit; a reason is credited to a user at most once.
  await knex.schema.createTable('point_ledger', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('user_id').inTable('user_account');
    t.string('reason_code', 40).notNullable();
    t.integer('amount').notNullable();
    t.string('reason_text', 200);
    t.string('entry', 100);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'reason_code']);
  });

  // Failed sign-ins, per account e-mail and per client address; counted over a sliding window.
  await knex.schema.createTable('sign_in_failure', (t) => {
    t.bigIncrements('id');
    t.enu('scope', ['ACCOUNT', 'IP']).notNullable();
    t.string('subject', 300).notNullable();
    t.timestamp('failed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['scope', 'subject', 'failed_at']);
  });

  // Nicknames and career card IDs of withdrawn members stay taken (hashed), so nobody can pose as them.
  await knex.schema.createTable('retired_identifier', (t) => {
    t.enu('kind', ['NICKNAME', 'CAREER_CARD_ID']).notNullable();
    t.string('value_hash', 64).notNullable();
    t.timestamp('retired_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['kind', 'value_hash']);
  });

  await knex.schema.createTable('withdrawal', (t) => {
    t.integer('user_id').primary().references('user_id').inTable('user_account');
    t.string('reason_code', 40).notNullable();
    t.string('reason_text', 500);
    t.timestamp('withdrawn_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'withdrawal',
    'retired_identifier',
    'sign_in_failure',
    'point_ledger',
    'password_reset_token',
    'sns_signup_ticket',
    'oauth_exchange',
    'oauth_request',
    'social_identity',
  ]) {
    await knex.schema.dropTable(table);
  }
  await knex.schema.alterTable('user_account', (t) => {
    t.dropColumns(
      'img_id',
      'intro',
      'job_code',
      'year_code',
      'terms_agreed',
      'privacy_agreed',
      'consented_at',
      'password_changed_at',
    );
  });
  await knex.raw('drop index user_account_alias_lower_unique');
  await knex.raw('drop index user_account_profile_id_lower_unique');
}
