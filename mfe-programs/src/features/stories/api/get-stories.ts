import { apiGet, previewParam } from '@sq/api-client';
import type { StoryListResponse } from '@sq/contracts';
import { useAsync } from '@sq/ui';

export interface StoryQuery {
  productId?: number;
  /** 1-based. */
  page: number;
  size: number;
}

/** GET /api/stories?productId=&page=&size= — one server-side page of stories, newest first. */
export async function getStories(query: StoryQuery, signal?: AbortSignal) {
  const response = await apiGet<StoryListResponse>('/stories', { ...query, ...previewParam() }, { signal });
  return response.stories;
}

export function useStories(query: StoryQuery) {
  const { productId, page, size } = query;
  return useAsync((signal) => getStories({ productId, page, size }, signal), [productId, page, size]);
}
