import { apiGet } from '@sq/api-client';
import type { ProjectListResponse } from '@sq/contracts';
import { useAsync } from '@sq/ui';

export interface ProjectQuery {
  productId?: number;
  oddId?: number;
  /** 1-based. */
  page: number;
  size: number;
}

/** GET /api/projects?productId=&oddId=&page=&size= — one server-side page of past projects. */
export async function getProjects(query: ProjectQuery, signal?: AbortSignal) {
  const response = await apiGet<ProjectListResponse>('/projects', { ...query }, { signal });
  return response.projects;
}

export function useProjects(query: ProjectQuery) {
  const { productId, oddId, page, size } = query;
  return useAsync((signal) => getProjects({ productId, oddId, page, size }, signal), [productId, oddId, page, size]);
}
