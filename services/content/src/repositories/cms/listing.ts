import type { Knex } from 'knex';
import type { ContentPaging } from '@sq/contracts/api/content-admin';
import type { Row } from '@sq/service-kit';

/** A text the operator's search looks in; `array`: a text[] column (its elements joined, not Postgres' quoted form). */
export interface ListingText {
  column: string;
  array?: boolean;
}

/**
 * How a kind's published rows are listed in the console: read a page at a time and searched in SQL, so
 * hundreds of stories cost one page's rows. Never-published drafts come first (cms-repository.ts).
 */
export interface Listing {
  /** The item's id column, qualified as `from` names its table. */
  id: string;
  /** The published rows with the columns `row` reads. */
  from(db: Knex): Knex.QueryBuilder;
  /** Display order, the id last: every page cuts the same order, so no row shows twice or goes missing. */
  order: { column: string; order?: 'asc' | 'desc' }[];
  /** Title and text columns the search looks in. */
  texts: ListingText[];
  /** Texts in child rows (a story's sections): the item matches when one of them does. */
  childTexts?: { table: string; foreignKey: string; texts: ListingText[] }[];
  /** The same texts in a never-published draft's body (JSON paths). */
  draftTexts: string[][];
  row(r: Row): { title: string; published: boolean; group: string | null };
}

/** What the operator typed is searched for literally: `%`, `_` and `\` are escaped with `\`, the ESCAPE character below. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, '\\$&')}%`;
}

const ILIKE = ` ilike ? escape '\\'`;
const textSql = (t: ListingText) => (t.array ? "array_to_string(??, ' ')" : 'cast(?? as text)');

function whereTexts(q: Knex.QueryBuilder, texts: ListingText[], pattern: string, qualify = (c: string) => c): void {
  for (const t of texts) q.orWhereRaw(textSql(t) + ILIKE, [qualify(t.column), pattern]);
}

/** The kind's published rows (id as `item_id`), only those matching the search when there is one; unordered. */
export function listedRows(db: Knex, listing: Listing, pattern: string | null): Knex.QueryBuilder {
  const rows = listing.from(db).select(`${listing.id} as item_id`);
  if (pattern === null) return rows;
  return rows.where((match) => {
    whereTexts(match, listing.texts, pattern);
    for (const child of listing.childTexts ?? []) {
      match.orWhereExists((sub) => {
        sub
          .select(db.raw('1'))
          .from(child.table)
          .whereRaw('?? = ??', [`${child.table}.${child.foreignKey}`, listing.id]);
        sub.where((texts) => whereTexts(texts, child.texts, pattern, (c) => `${child.table}.${c}`));
      });
    }
  });
}

/** Drafts of items not yet in the published table, matching the search when there is one; unordered. */
export function freshDrafts(
  db: Knex,
  kind: string,
  table: string,
  idColumn: string,
  draftTexts: string[][],
  pattern: string | null,
): Knex.QueryBuilder {
  const drafts = db('content_draft')
    .where({ kind })
    .whereNotExists((published) =>
      published
        .select(db.raw('1'))
        .from(table)
        .whereRaw('?? = content_draft.item_id', [`${table}.${idColumn}`]),
    );
  if (pattern === null) return drafts;
  return drafts.where((match) => {
    for (const path of draftTexts) match.orWhereRaw(`(body #>> ?)${ILIKE}`, [`{${path.join(',')}}`, pattern]);
  });
}

export async function countOf(query: Knex.QueryBuilder): Promise<number> {
  const [row] = await query.clone().clearSelect().clearOrder().count<Row[]>({ count: '*' });
  return Number(row!.count);
}

/** `row_number()` in the listing's display order (the same order a page is cut in). */
export function displayRank(db: Knex, listing: Listing): Knex.Raw {
  const order = listing.order.map((o) => `?? ${o.order === 'desc' ? 'desc' : 'asc'}`).join(', ');
  return db.raw(
    `row_number() over (order by ${order}) as position`,
    listing.order.map((o) => o.column),
  );
}

/** The page asked for, kept within the pages there are (a list that shrank shows its last page). */
export function pageWithin(page: number, size: number, total: number): ContentPaging {
  return { page: Math.min(Math.max(1, page), Math.max(1, Math.ceil(total / size))), size, total };
}

/** The page (from 1) that shows the item at this 1-based position. */
export const pageOf = (position: number, size: number) => Math.max(1, Math.ceil(position / size));

/** Where a kind keeps its hand-made order (kinds.ts); null: ordered by date. */
export interface OrderedStore {
  table: string;
  idColumn: string;
  order: { groupColumns: string[] } | null;
}

/** The ids of the published rows the search finds (`pattern` from likePattern), as a subquery. */
export function matchingIds(db: Knex, listing: Listing, pattern: string): Knex.QueryBuilder {
  return db.from(listedRows(db, listing, pattern).as('matching')).select('matching.item_id');
}

/**
 * Whether each item has a neighbour above and below in its group, on this page or another (published or
 * not, as `move` goes). `visible`: while searching, only the items the search finds count as neighbours
 * (the ones the operator sees), as `move` counts them.
 */
export async function placesInGroup(
  knex: Knex,
  store: OrderedStore,
  ids: number[],
  visible: Knex.QueryBuilder | null = null,
): Promise<Map<number, { up: boolean; down: boolean }>> {
  const { table, idColumn, order } = store;
  if (!order || ids.length === 0) return new Map();
  const partition =
    order.groupColumns.length > 0 ? `partition by ${order.groupColumns.map(() => '??').join(', ')}` : '';
  const ranked = knex(table)
    .select(
      idColumn,
      knex.raw(`row_number() over (${partition} order by sort_order, ??) as position`, [
        ...order.groupColumns,
        idColumn,
      ]),
      knex.raw(`count(*) over (${partition}) as group_size`, order.groupColumns),
    )
    .modify((q) => {
      if (visible) q.whereIn(idColumn, visible);
    });
  const rows: Row[] = await knex.from(ranked.as('ranked')).whereIn(idColumn, ids);
  return new Map(
    rows.map((r) => [
      r[idColumn] as number,
      { up: Number(r.position) > 1, down: Number(r.position) < Number(r.group_size) },
    ]),
  );
}
