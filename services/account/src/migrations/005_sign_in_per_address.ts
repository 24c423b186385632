import type { Knex } from 'knex';

/**
 * The sign-in guard counts failures per account and client address too (scope ACCOUNT_IP, subject
 * `email|address`), so a stranger's failures lock the stranger out, not the member.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table sign_in_failure drop constraint if exists sign_in_failure_scope_check');
  await knex.raw(
    "alter table sign_in_failure add constraint sign_in_failure_scope_check check (scope in ('ACCOUNT', 'IP', 'ACCOUNT_IP'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('sign_in_failure').where({ scope: 'ACCOUNT_IP' }).delete();
  await knex.raw('alter table sign_in_failure drop constraint if exists sign_in_failure_scope_check');
  await knex.raw(
    "alter table sign_in_failure add constraint sign_in_failure_scope_check check (scope in ('ACCOUNT', 'IP'))",
  );
}
