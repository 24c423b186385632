import { apiPost, apiPut } from '@sq/api-client';
import type { AdminCohort, CohortInput } from '@sq/contracts/api/operators/cohorts';

/** POST /api/admin/cohorts — a new cohort (written to the audit log). */
export async function createCohort(input: CohortInput) {
  return (await apiPost<{ cohort: AdminCohort }>('/admin/cohorts', input)).cohort;
}

/** PUT /api/admin/cohorts/{oddId} — dates, capacity and seats per role (before and after in the audit log). */
export async function updateCohort(oddId: number, input: CohortInput) {
  return (await apiPut<{ cohort: AdminCohort }>(`/admin/cohorts/${oddId}`, input)).cohort;
}
