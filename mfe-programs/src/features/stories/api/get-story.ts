import { apiGet, previewParam } from '@sq/api-client';
import type { StoryDetailResponse } from '@sq/contracts';
import { useAsync } from '@sq/ui';

/** GET /api/stories/{storyId} — one story with its body, call-to-action and related stories. */
export async function getStory(storyId: number, signal?: AbortSignal) {
  const response = await apiGet<StoryDetailResponse>(`/stories/${storyId}`, previewParam(), { signal });
  return response.story;
}

export function useStory(storyId: number) {
  return useAsync((signal) => getStory(storyId, signal), [storyId]);
}
