import { apiGet } from '@sq/api-client';
import type { ApplicantRole, ApplicationState } from '@sq/contracts/api/applications';
import type { ApplicantListResponse } from '@sq/contracts/api/operators';
import { useAsync } from '@sq/ui';

/** The console's applicant filters; empty means "any". */
export interface ApplicantFilters {
  role: ApplicantRole | '';
  state: ApplicationState | '';
  careerYears: string;
  friends: '' | 'true' | 'false';
  /** A name or a career card ID (part of it). */
  q: string;
}

export const NO_FILTERS: ApplicantFilters = { role: '', state: '', careerYears: '', friends: '', q: '' };

/** The query string of the filters: only those set (the CSV export takes the same). */
export function filterQuery(filters: ApplicantFilters) {
  return Object.fromEntries(Object.entries({ ...filters, q: filters.q.trim() }).filter(([, v]) => v !== '')) as Record<string, string>;
}

/** GET /api/admin/cohorts/{oddId}/applicants — the cohort's applicants with names, career and skill level. */
export async function getApplicants(oddId: number, filters: ApplicantFilters, signal?: AbortSignal) {
  return (await apiGet<ApplicantListResponse>(`/admin/cohorts/${oddId}/applicants`, filterQuery(filters), { signal })).applicants;
}

export function useApplicants(oddId: number, filters: ApplicantFilters) {
  return useAsync((signal) => getApplicants(oddId, filters, signal), [oddId, JSON.stringify(filters)]);
}
