import type { Migration } from '@sq/service-kit';

/**
 * Field figures counted by people, within a storage budget:
 * - each event names its visitor and the address group it came from, both as keyed hashes (rum/figures.ts): the
 *   canary watcher counts distinct visitors and spots reports concentrated on few of them or few addresses,
 *   and neither the visitor cookie nor an address can be read back from a row. Earlier rows have neither and
 *   no longer count for the watcher.
 * - `rum_budget`: events stored per minute by all gateways together (RUM_INSERT_BUDGET_PER_MINUTE).
 * - `rum_anomaly`: the anomalies the watcher reported to a remote's owners, once per canary.
 */
export const rumVisitors: Migration = {
  async up(knex) {
    await knex.raw('alter table gateway.rum_event add column visitor text, add column source text');
    await knex.raw(`
      create table gateway.rum_budget (
        minute timestamptz primary key,
        events integer not null
      )`);
    await knex.raw(`
      create table gateway.rum_anomaly (
        remote text not null,
        canary_version text not null,
        detail jsonb not null,
        at timestamptz not null default now(),
        primary key (remote, canary_version)
      )`);
  },
  async down(knex) {
    await knex.raw('drop table if exists gateway.rum_anomaly');
    await knex.raw('drop table if exists gateway.rum_budget');
    await knex.raw('alter table gateway.rum_event drop column if exists visitor, drop column if exists source');
  },
};
