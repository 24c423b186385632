import type { Knex } from 'knex';

/**
 * What a repository function runs in: the app's connection, or the caller's transaction. The payment core and
 * the wizard hold their transactions, row locks and their order themselves; their repository functions take the
 * transaction they are to run in.
 */
export type Db = Knex | Knex.Transaction;
