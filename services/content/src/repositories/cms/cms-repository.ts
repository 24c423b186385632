import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import type {
  ContentAction,
  ContentAuditEntry,
  ContentAuditResponse,
  ContentItem,
  ContentKind,
  ContentListResponse,
} from '@sq/contracts/api/content-admin';
import { MESSAGES } from '@sq/contracts';
import { badRequest, conflict, notFound, type Row } from '@sq/service-kit';
import { storeOf } from './kinds';
import {
  countOf,
  displayRank,
  freshDrafts,
  likePattern,
  listedRows,
  matchingIds,
  pageOf,
  pageWithin,
  placesInGroup,
} from './listing';

/** A page of a list: `q` trimmed ('' for no search), `size` the configured page size. */
export interface ListQuery {
  page: number;
  size: number;
  q: string;
}

const auditEntry = (r: Row): ContentAuditEntry => ({
  auditId: Number(r.audit_id),
  kind: r.kind,
  itemId: r.item_id,
  action: r.action,
  actorId: r.actor_id,
  at: r.at.toISOString(),
  before: r.before,
  after: r.after,
});

/** What the audit log keeps of an item's published form. */
interface Snapshot {
  published: boolean;
  body: unknown;
}

/**
 * The one way every kind of content is managed: drafts, publish, unpublish, order and the audit log. Each
 * change runs in one transaction with its audit row (who, when, before, after), and locks the item's
 * draft row or published row so two operators' changes apply one after the other.
 */
export function createCmsRepository(knex: Knex) {
  const audit = (
    db: Knex,
    kind: ContentKind,
    itemId: number,
    action: ContentAction,
    actorId: number,
    before: unknown,
    after: unknown,
  ) =>
    db('content_audit').insert({
      kind,
      item_id: itemId,
      action,
      actor_id: actorId,
      before: JSON.stringify(before),
      after: JSON.stringify(after),
    });

  async function snapshot(db: Knex, kind: ContentKind, itemId: number): Promise<Snapshot | null> {
    const store = storeOf(kind);
    const row = await db(store.table).where(store.idColumn, itemId).first('published');
    if (!row) return null;
    return { published: row.published, body: await store.read(db, itemId) };
  }

  /** The list's two parts (never-published drafts, published rows), narrowed by the search. */
  function matching(kind: ContentKind, q: string) {
    const { table, idColumn, listing } = storeOf(kind);
    const pattern = q === '' ? null : likePattern(q);
    return {
      fresh: freshDrafts(knex, kind, table, idColumn, listing.draftTexts, pattern),
      rows: listedRows(knex, listing, pattern),
    };
  }

  async function item(db: Knex, kind: ContentKind, itemId: number): Promise<ContentItem> {
    const [live, draft] = await Promise.all([
      snapshot(db, kind, itemId),
      db('content_draft').where({ kind, item_id: itemId }).first(),
    ]);
    if (!live && !draft) throw notFound(MESSAGES.contentItemNotFound);
    const body = draft?.body ?? live!.body;
    return {
      kind,
      itemId,
      published: live?.published ?? false,
      body: live?.body ?? null,
      draft: draft
        ? {
            body: draft.body,
            previewToken: draft.preview_token,
            updatedAt: draft.updated_at.toISOString(),
            updatedBy: draft.updated_by,
          }
        : null,
      pagePath: storeOf(kind).pagePath(itemId, body),
    };
  }

  return {
    /**
     * One page of a kind's list: never-published drafts first (what the operator is working on, oldest
     * first), then the published items in display order; `q` searches titles and texts in SQL.
     */
    async list(kind: ContentKind, query: ListQuery): Promise<ContentListResponse> {
      const store = storeOf(kind);
      const { fresh, rows } = matching(kind, query.q);
      const [freshTotal, rowsTotal] = await Promise.all([countOf(fresh), countOf(rows)]);
      const paging = pageWithin(query.page, query.size, freshTotal + rowsTotal);
      const offset = (paging.page - 1) * paging.size;
      const drafts: Row[] =
        offset < freshTotal ? await fresh.orderBy('draft_id').offset(offset).limit(paging.size) : [];
      const rest = paging.size - drafts.length;
      const published: Row[] =
        rest > 0
          ? await rows
              .orderBy(store.listing.order)
              .offset(Math.max(0, offset - freshTotal))
              .limit(rest)
          : [];
      const ids = published.map((r) => r.item_id as number);
      const [drafted, places] = await Promise.all([
        knex('content_draft').where({ kind }).whereIn('item_id', ids).pluck('item_id'),
        placesInGroup(knex, store, ids, query.q === '' ? null : matchingIds(knex, store.listing, likePattern(query.q))),
      ]);
      const draftedIds = new Set<number>(drafted);
      return {
        kind,
        orderable: store.order !== null,
        q: query.q,
        ...paging,
        items: [
          ...drafts.map((d) => ({
            itemId: d.item_id as number,
            title: store.title(d.body),
            published: false,
            isNew: true,
            hasDraft: true,
            group: null,
            canMoveUp: false,
            canMoveDown: false,
          })),
          ...published.map((r) => ({
            itemId: r.item_id as number,
            ...store.listing.row(r),
            isNew: false,
            hasDraft: draftedIds.has(r.item_id),
            canMoveUp: places.get(r.item_id)?.up ?? false,
            canMoveDown: places.get(r.item_id)?.down ?? false,
          })),
        ],
      };
    },

    /** The page of the list (with this search) that shows the item; page 1 when the search does not find it. */
    async pageOfItem(kind: ContentKind, itemId: number, query: Omit<ListQuery, 'page'>): Promise<number> {
      const { fresh, rows } = matching(kind, query.q);
      const ranked = rows
        .clearSelect()
        .select(`${storeOf(kind).listing.id} as item_id`, displayRank(knex, storeOf(kind).listing));
      const [freshTotal, hit] = await Promise.all([
        countOf(fresh),
        knex.from(ranked.as('ranked')).where({ item_id: itemId }).first('position'),
      ]);
      return hit ? pageOf(freshTotal + Number(hit.position), query.size) : 1;
    },

    item: (kind: ContentKind, itemId: number) => item(knex, kind, itemId),

    /** Saves the operator's draft (a new item reserves its id): visitors see nothing of it until it is published. */
    async saveDraft(kind: ContentKind, itemId: number | null, body: unknown, actorId: number): Promise<ContentItem> {
      const store = storeOf(kind);
      return knex.transaction(async (trx) => {
        let id = itemId;
        if (id === null) {
          id = Number(
            (await trx.raw('select nextval(pg_get_serial_sequence(?, ?)) as id', [store.table, store.idColumn])).rows[0]
              .id,
          );
        } else if (!(await trx(store.table).where(store.idColumn, id).forUpdate().first(store.idColumn))) {
          if (!(await trx('content_draft').where({ kind, item_id: id }).first('draft_id')))
            throw notFound(MESSAGES.contentItemNotFound);
        }
        const fields = await store.conflicts?.(trx, id, body);
        if (fields) throw conflict(Object.values(fields)[0]!, fields);
        const previous = await trx('content_draft').where({ kind, item_id: id }).forUpdate().first();
        if (previous)
          await trx('content_draft')
            .where({ draft_id: previous.draft_id })
            .update({ body: JSON.stringify(body), updated_by: actorId, updated_at: trx.fn.now() });
        else await trx('content_draft').insert({ kind, item_id: id, body: JSON.stringify(body), updated_by: actorId });
        await audit(trx, kind, id, 'DRAFT_SAVED', actorId, previous?.body ?? null, body);
        return item(trx, kind, id);
      });
    },

    async discardDraft(kind: ContentKind, itemId: number, actorId: number): Promise<ContentItem | null> {
      return knex.transaction(async (trx) => {
        const draft = await trx('content_draft').where({ kind, item_id: itemId }).forUpdate().first();
        if (!draft) throw notFound(MESSAGES.contentDraftNotFound);
        await trx('content_draft').where({ draft_id: draft.draft_id }).delete();
        await audit(trx, kind, itemId, 'DRAFT_DISCARDED', actorId, draft.body, null);
        return (await snapshot(trx, kind, itemId)) ? item(trx, kind, itemId) : null;
      });
    },

    /** The draft (else the item as it is) becomes what visitors read, at once. */
    async publish(kind: ContentKind, itemId: number, actorId: number): Promise<ContentItem> {
      const store = storeOf(kind);
      return knex.transaction(async (trx) => {
        const draft = await trx('content_draft').where({ kind, item_id: itemId }).forUpdate().first();
        const before = await snapshot(trx, kind, itemId);
        if (!draft && !before) throw notFound(MESSAGES.contentItemNotFound);
        if (draft) {
          // Checked again: another item may have taken the slug or version since the draft was saved.
          const fields = await store.conflicts?.(trx, itemId, draft.body);
          if (fields) throw conflict(Object.values(fields)[0]!, fields);
          await store.write(trx, itemId, draft.body);
          await trx('content_draft').where({ draft_id: draft.draft_id }).delete();
        }
        await trx(store.table).where(store.idColumn, itemId).update({ published: true });
        await audit(trx, kind, itemId, 'PUBLISHED', actorId, before, await snapshot(trx, kind, itemId));
        return item(trx, kind, itemId);
      });
    },

    async unpublish(kind: ContentKind, itemId: number, actorId: number): Promise<ContentItem> {
      const store = storeOf(kind);
      return knex.transaction(async (trx) => {
        if (!(await trx(store.table).where(store.idColumn, itemId).forUpdate().first(store.idColumn)))
          throw notFound(MESSAGES.contentItemNotFound);
        const before = await snapshot(trx, kind, itemId);
        await trx(store.table).where(store.idColumn, itemId).update({ published: false });
        await audit(trx, kind, itemId, 'UNPUBLISHED', actorId, before, await snapshot(trx, kind, itemId));
        return item(trx, kind, itemId);
      });
    },

    /**
     * Moves the item one place up or down among the items of its group the operator sees: the whole group,
     * or while searching (`q`) the ones the search finds. It goes just above (below) that neighbour, so in
     * the list on screen the two trade places; items the search hides keep their order among themselves.
     */
    async move(kind: ContentKind, itemId: number, direction: 'up' | 'down', actorId: number, q = ''): Promise<void> {
      const store = storeOf(kind);
      if (!store.order) throw badRequest(MESSAGES.contentCannotMove);
      const { table, idColumn, order } = { ...store, order: store.order };
      await knex.transaction(async (trx) => {
        // One group at a time: concurrent moves in a group queue here instead of swapping stale positions.
        const row: Row | undefined = await trx(table).where(idColumn, itemId).first();
        if (!row) throw notFound(MESSAGES.contentItemNotFound);
        const group = Object.fromEntries(order.groupColumns.map((c) => [c, row[c]]));
        const rows: Row[] = await trx(table)
          .where(group)
          .orderBy([{ column: 'sort_order' }, { column: idColumn }])
          .forUpdate()
          .select(idColumn, 'sort_order');
        const ids = rows.map((r) => r[idColumn] as number);
        const found =
          q === ''
            ? null
            : new Set<number>(
                await matchingIds(trx, store.listing, likePattern(q))
                  .whereIn('matching.item_id', ids)
                  .pluck('matching.item_id'),
              );
        const seen = ids.filter((id) => id === itemId || !found || found.has(id));
        const at = seen.indexOf(itemId);
        const neighbour = seen[direction === 'up' ? at - 1 : at + 1];
        if (neighbour === undefined) throw badRequest(MESSAGES.contentCannotMove);
        const before = ids.indexOf(itemId);
        const ordered = ids.filter((id) => id !== itemId);
        ordered.splice(ordered.indexOf(neighbour) + (direction === 'up' ? 0 : 1), 0, itemId);
        // Positions renumbered 1..n; each row passes through a free negative slot because FAQ entries'
        // positions are unique within their category.
        for (const [i, id] of ordered.entries())
          await trx(table)
            .where(idColumn, id)
            .update({ sort_order: -(i + 1) });
        for (const [i, id] of ordered.entries())
          await trx(table)
            .where(idColumn, id)
            .update({ sort_order: i + 1 });
        await audit(
          trx,
          kind,
          itemId,
          'MOVED',
          actorId,
          { position: before + 1 },
          { position: ordered.indexOf(itemId) + 1 },
        );
      });
    },

    /** One page of the changes, newest first (`before`: only entries older than that one). */
    async auditLog(query: {
      kind?: ContentKind;
      itemId?: number;
      before?: number;
      page: number;
      size: number;
    }): Promise<ContentAuditResponse> {
      const matching = knex('content_audit').modify((q) => {
        if (query.kind) q.where({ kind: query.kind });
        if (query.itemId) q.where({ item_id: query.itemId });
        if (query.before) q.where('audit_id', '<', query.before);
      });
      const paging = pageWithin(query.page, query.size, await countOf(matching));
      const rows: Row[] = await matching
        .orderBy('audit_id', 'desc')
        .offset((paging.page - 1) * paging.size)
        .limit(paging.size);
      return { ...paging, entries: rows.map(auditEntry) };
    },

    /** The draft a preview token opens (null: unknown, or published since). */
    async draftByToken(token: string): Promise<{ kind: ContentKind; itemId: number; body: unknown } | null> {
      const row = await knex('content_draft').where({ preview_token: token }).first();
      return row ? { kind: row.kind, itemId: row.item_id, body: row.body } : null;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    cmsRepository: ReturnType<typeof createCmsRepository>;
  }
}

export default fp(
  async (app) => {
    app.decorate('cmsRepository', createCmsRepository(app.knex));
  },
  { name: 'cms-repository', dependencies: ['knex'] },
);
