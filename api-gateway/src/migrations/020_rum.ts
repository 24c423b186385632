import type { Migration } from '@sq/service-kit';

/**
 * Field figures from visitors' browsers (POST /api/rum): one row per page view, Web Vital or uncaught error, each
 * attributed to the route pattern, the remote that owns it and that remote's version. No personal data: no user id,
 * no address, no actual path (only its pattern), an error's message and stack cut short.
 */
export const rum: Migration = {
  async up(knex) {
    await knex.raw(`
      create table gateway.rum_event (
        id bigserial primary key,
        received_at timestamptz not null default now(),
        kind text not null check (kind in ('view', 'vital', 'error')),
        navigation text not null default 'load' check (navigation in ('load', 'spa')),
        route text not null,
        remote text not null,
        remote_version text not null,
        shell_version text not null,
        metric text,
        value double precision,
        message text,
        stack text
      )`);
    // Figures per remote version over a window, and the window's pruning.
    await knex.raw('create index rum_event_version on gateway.rum_event (remote, remote_version, received_at)');
    await knex.raw('create index rum_event_received on gateway.rum_event (received_at)');
  },
  async down(knex) {
    await knex.raw('drop table if exists gateway.rum_event');
  },
};
