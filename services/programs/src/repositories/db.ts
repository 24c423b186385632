import type { Knex } from 'knex';

/**
 * What a repository function runs in: the app's connection, or the caller's transaction. The payment core and
 * the wizard hold their transactions, row locks and their order themselves; their repository functions take the
 * transaction they are to run in.
 */
export type Db = Knex | Knex.Transaction;

/** Where the app's pool connects, for a client with a pool of its own on the same database (the job queue). */
export type ConnectionSettings =
  | { connectionString: string }
  | { host: string; port: number; user: string; password: string | undefined; database: string; ssl: unknown };

export function connectionSettings(knex: Knex): ConnectionSettings {
  // Knex keeps the parsed connection with a non-enumerable password: copy the fields by name.
  const connection = (knex.client.config as { connection: string | Record<string, unknown> }).connection;
  return typeof connection === 'string'
    ? { connectionString: connection }
    : {
        host: connection.host as string,
        port: Number(connection.port ?? 5432),
        user: connection.user as string,
        password: connection.password as string | undefined,
        database: connection.database as string,
        ssl: connection.ssl,
      };
}

/**
 * Runs another client's SQL in the caller's transaction, on the transaction's own connection (knex hands it out for
 * the transaction's client): the job queue sends a job this way, so it exists only if the transaction commits.
 */
export function sqlIn(trx: Knex.Transaction): (text: string, values: unknown[]) => Promise<{ rows: unknown[] }> {
  return async (text, values) => {
    const conn = (await trx.client.acquireConnection()) as {
      query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
    };
    return conn.query(text, values);
  };
}
