import type { Knex } from 'knex';

/** Memory for rebuilding an index after the load (the server's default is sized for small maintenance). */
const INDEX_BUILD_MEMORY = (process.env.SCALE_INDEX_BUILD_MEMORY ?? '256MB').replace(/[^0-9A-Za-z]/g, '');
/** Connections that generate at once (each statement is split into this many ranges). */
export const LOAD_CONNECTIONS = Math.max(1, Number(process.env.SCALE_LOAD_CONNECTIONS ?? 4));

export interface Loader {
  /** Runs `work` in a transaction of its own with the load's settings. */
  run(work: (trx: Knex.Transaction) => Promise<unknown>): Promise<void>;
  /** Runs `work` for LOAD_CONNECTIONS ranges [from, to) that cover [0, total), at once. */
  split(total: number, work: (trx: Knex.Transaction, from: number, to: number) => Promise<unknown>): Promise<void>;
}

/**
 * Fills `tables` as a bulk load is done: their plain indexes (those no constraint owns) dropped first and built
 * again afterwards from their own definitions, one connection per index; each statement with foreign-key triggers
 * off (session_replication_role = replica: the generator's rows refer to each other by construction), no wait for
 * the WAL flush at commit and no JIT (compiling a generator's expressions took longer than running them). The
 * schema afterwards is exactly the migrations' one.
 */
export async function bulkLoad(knex: Knex, tables: string[], generate: (load: Loader) => Promise<void>): Promise<void> {
  const run = (work: (trx: Knex.Transaction) => Promise<unknown>) =>
    knex.transaction(async (trx) => {
      await trx.raw(`set local session_replication_role = replica`);
      await trx.raw(`set local synchronous_commit = off`);
      await trx.raw(`set local jit = off`);
      await trx.raw(`set local maintenance_work_mem = '${INDEX_BUILD_MEMORY}'`);
      await work(trx);
    });
  const split: Loader['split'] = async (total, work) => {
    const size = Math.ceil(total / LOAD_CONNECTIONS);
    await Promise.all(
      Array.from({ length: LOAD_CONNECTIONS }, (_, i) =>
        run((trx) => work(trx, i * size, Math.min(total, (i + 1) * size))),
      ),
    );
  };
  const { rows: indexes } = await knex.raw(
    `select i.indexname, i.indexdef from pg_indexes i
     where i.schemaname = current_schema() and i.tablename = any(?)
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.connamespace = to_regnamespace(current_schema()))`,
    [tables],
  );
  for (const index of indexes as { indexname: string }[]) await knex.raw('drop index ??', [index.indexname]);
  await generate({ run, split });
  // LOAD_CONNECTIONS builds at once: all at once, the later ones waited for a pooled connection, on a busy machine past
  // the pool's acquire time-out (the full data's builds take minutes each).
  const queue = [...(indexes as { indexdef: string }[])];
  const builder = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { indexdef } = next;
      await run((trx) => trx.raw(indexdef));
    }
  };
  await Promise.all(Array.from({ length: LOAD_CONNECTIONS }, builder));
}
