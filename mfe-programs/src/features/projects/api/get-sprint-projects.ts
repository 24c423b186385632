import { apiGet } from '@sq/api-client';
import type { SprintProjectListResponse } from '@sq/contracts/api/operators/sprint';
import { useAsync } from '@sq/ui';

export interface SprintProjectQuery {
  productId?: number;
  oddId?: number;
  page: number;
  size: number;
}

/** GET /api/sprint-projects?productId=&oddId=&page=&size= — sprint teams' final projects, once judging is published. */
export async function getSprintProjects(query: SprintProjectQuery, signal?: AbortSignal) {
  return (await apiGet<SprintProjectListResponse>('/sprint-projects', { ...query }, { signal })).projects;
}

export function useSprintProjects(query: SprintProjectQuery) {
  const { productId, oddId, page, size } = query;
  return useAsync(
    (signal) => getSprintProjects({ productId, oddId, page, size }, signal),
    [productId, oddId, page, size],
  );
}
