import type { Migration } from '@sq/service-kit';

/**
 * The remote registry, shared by every gateway: each release of a remote (immutable once written), one pointer
 * per remote (live version, canary version and share) changed only by compare-and-swap on `revision`, and the
 * release audit log (every change of a pointer: who, when, before, after, why).
 */
export const remoteRegistry: Migration = {
  async up(knex) {
    await knex.raw(`
      create table gateway.remote_release (
        remote text not null,
        version text not null,
        manifest_url text not null,
        routes jsonb not null,
        shared jsonb not null default '{}',
        released_at timestamptz not null default now(),
        released_by text not null,
        primary key (remote, version)
      )`);
    await knex.raw(`
      create table gateway.remote_pointer (
        remote text primary key,
        live_version text not null,
        canary_version text,
        canary_percent integer check (canary_percent between 1 and 99),
        canary_started_at timestamptz,
        revision bigint not null default 1,
        updated_at timestamptz not null default now(),
        foreign key (remote, live_version) references gateway.remote_release (remote, version),
        foreign key (remote, canary_version) references gateway.remote_release (remote, version),
        check ((canary_version is null) = (canary_percent is null))
      )`);
    await knex.raw(`
      create table gateway.remote_release_event (
        id bigserial primary key,
        remote text not null,
        kind text not null check (kind in ('release', 'canary', 'promote', 'rollback', 'auto_rollback', 'forced_release')),
        actor text not null,
        at timestamptz not null default now(),
        before jsonb,
        after jsonb not null,
        reason text
      )`);
    await knex.raw('create index remote_release_event_remote on gateway.remote_release_event (remote, id desc)');
  },
  async down(knex) {
    await knex.raw('drop table if exists gateway.remote_release_event');
    await knex.raw('drop table if exists gateway.remote_pointer');
    await knex.raw('drop table if exists gateway.remote_release');
  },
};
