import { apiDelete, apiGet, apiPost, apiPut } from '@sq/api-client';
import type {
  ContentItem,
  ContentItemResponse,
  ContentKind,
  ContentListItem,
  ContentListResponse,
} from '@sq/contracts/api/content-admin';
import { useAsync } from '@sq/ui';

/** Which page of a list, and the operator's search ('' for none). */
export interface ContentListQuery {
  page: number;
  q: string;
}

/** GET /api/admin/content/{kind}?page=&q= — one page: never-published drafts, then the items in their order. */
export async function getContentList(kind: ContentKind, query: ContentListQuery, signal?: AbortSignal) {
  return apiGet<ContentListResponse>(
    `/admin/content/${kind}`,
    { page: query.page, q: query.q || undefined },
    { signal },
  );
}

/** Every item of a small kind (the FAQ categories an entry picks from), page after page. */
export async function getEveryContentItem(kind: ContentKind, signal?: AbortSignal): Promise<ContentListItem[]> {
  const items: ContentListItem[] = [];
  for (let page = 1; ; page++) {
    const answer = await getContentList(kind, { page, q: '' }, signal);
    items.push(...answer.items);
    if (answer.page * answer.size >= answer.total || answer.items.length === 0) return items;
  }
}

export function useContentList(kind: ContentKind, query: ContentListQuery) {
  return useAsync((signal) => getContentList(kind, query, signal), [kind, query.page, query.q]);
}

/** GET /api/admin/content/{kind}/{itemId} — the published body and the draft. */
export async function getContentItem(kind: ContentKind, itemId: number, signal?: AbortSignal) {
  return (await apiGet<ContentItemResponse>(`/admin/content/${kind}/${itemId}`, undefined, { signal })).item;
}

/** PUT /api/admin/content/{kind}/{itemId|new}/draft — visitors see nothing of it until it is published. */
export async function saveContentDraft(kind: ContentKind, itemId: number | null, body: unknown): Promise<ContentItem> {
  return (await apiPut<ContentItemResponse>(`/admin/content/${kind}/${itemId ?? 'new'}/draft`, { body })).item;
}

/** DELETE /api/admin/content/{kind}/{itemId}/draft — null when the item was never published. */
export async function discardContentDraft(kind: ContentKind, itemId: number): Promise<ContentItem | null> {
  return (await apiDelete<{ item: ContentItem | null }>(`/admin/content/${kind}/${itemId}/draft`)).item;
}

/** POST /api/admin/content/{kind}/{itemId}/publish|unpublish — public at once (or taken down). */
export async function setContentPublished(kind: ContentKind, itemId: number, published: boolean): Promise<ContentItem> {
  return (await apiPost<ContentItemResponse>(`/admin/content/${kind}/${itemId}/${published ? 'publish' : 'unpublish'}`))
    .item;
}

/** POST /api/admin/content/{kind}/{itemId}/move — one place up or down within its group; answers the page it is on now. */
export async function moveContent(kind: ContentKind, itemId: number, direction: 'up' | 'down', q = '') {
  return apiPost<ContentListResponse>(`/admin/content/${kind}/${itemId}/move`, { direction, q });
}
