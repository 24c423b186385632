import type { Knex } from 'knex';
import type { Row } from '@sq/service-kit';
import type { ProgramsClient } from '../../../clients/programs-client';
import type { Listing } from '../listing';

/**
 * How one kind of content is kept in its published tables. Every kind is managed the same way (drafts,
 * publish, unpublish, order, audit: see cms-repository.ts); only reading and writing its rows differ.
 * Every table has a `published` flag; ordered kinds have `sort_order` within a group.
 */
export interface KindStore<B> {
  table: string;
  idColumn: string;
  /** Ordered by hand within these columns' values (e.g. a FAQ entry within its category); null: ordered by date. */
  order: { groupColumns: string[] } | null;
  /** The console's list of the published table, paged and searched in SQL (see listing.ts). */
  listing: Listing;
  read(db: Knex, itemId: number): Promise<B | null>;
  /** Writes the body into the published tables (a new item keeps its reserved id and goes last in its group). */
  write(db: Knex, itemId: number, body: B): Promise<void>;
  title(body: B): string;
  /** The public page that shows the item. */
  pagePath(itemId: number, body: B): string;
  /** Field messages for what only the database can tell (a slug or version already taken). */
  conflicts?(db: Knex, itemId: number, body: B): Promise<Record<string, string> | null>;
  /** Field messages for what only the programs service can tell (null: nothing wrong, or it cannot tell now). */
  programChecks?(programs: ProgramsClient, body: B): Promise<Record<string, string> | null>;
}

/** Writes an item's published row; a new item, or one moved to another group, goes last in its group. */
export async function upsert(
  db: Knex,
  table: string,
  idColumn: string,
  itemId: number,
  row: Row,
  group: Row | null,
): Promise<void> {
  const exists = await db(table)
    .where(idColumn, itemId)
    .first(idColumn, ...(group ? Object.keys(group) : []));
  const groupChanged = group && exists && Object.entries(group).some(([column, value]) => exists[column] !== value);
  if (exists && !groupChanged) {
    await db(table).where(idColumn, itemId).update(row);
    return;
  }
  // A new item, or one moved to another group, goes to the end of its group.
  const sortOrder = group
    ? { sort_order: Number((await db(table).where(group).max<Row[]>({ max: 'sort_order' }))[0]!.max ?? 0) + 1 }
    : {};
  if (exists)
    await db(table)
      .where(idColumn, itemId)
      .update({ ...row, ...sortOrder });
  else await db(table).insert({ [idColumn]: itemId, ...row, ...sortOrder, published: true });
}
