import { apiGet } from '@sq/api-client';
import type { ApplicationState } from '@sq/contracts/api/application-states';
import type { ApplicantListResponse } from '@sq/contracts/api/operators/applicants';
import { useAsync } from '@sq/ui';
import { NO_PEOPLE_FILTERS, peopleFilterQuery, type PeopleFilterForm } from '../people-filters';

/** The console's applicant filters: the people filters and the application's state; empty means "any". */
export interface ApplicantFilters extends PeopleFilterForm {
  state: ApplicationState | '';
}

export const NO_FILTERS: ApplicantFilters = { ...NO_PEOPLE_FILTERS, state: '' };

/** The query string of the filters: only those set (the CSV export takes the same). */
export function filterQuery({ state, ...people }: ApplicantFilters): Record<string, string> {
  return { ...peopleFilterQuery(people), ...(state ? { state } : {}) };
}

/**
 * GET /api/admin/cohorts/{oddId}/applicants — one page (1 first) of the cohort's applicants matching the filters,
 * with names, career and skill level, and the total over all pages. The page size is the service's setting.
 */
export async function getApplicants(
  oddId: number,
  filters: ApplicantFilters,
  page: number,
  signal?: AbortSignal,
): Promise<ApplicantListResponse> {
  const query = page > 1 ? { ...filterQuery(filters), page: String(page) } : filterQuery(filters);
  return apiGet<ApplicantListResponse>(`/admin/cohorts/${oddId}/applicants`, query, { signal });
}

export function useApplicants(oddId: number, filters: ApplicantFilters, page: number) {
  return useAsync((signal) => getApplicants(oddId, filters, page, signal), [oddId, JSON.stringify(filters), page]);
}
