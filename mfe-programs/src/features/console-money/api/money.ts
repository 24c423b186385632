import { apiGet, apiPost } from '@sq/api-client';
import type {
  MoneyExceptionActionResponse,
  MoneyExceptionsResponse,
  ReconciliationRun,
  ReconciliationRunsResponse,
} from '@sq/contracts/api/money';

/** GET /api/admin/money/runs — the latest reconciliation runs with their figures, newest first. */
export async function getRuns(signal?: AbortSignal) {
  return (await apiGet<ReconciliationRunsResponse>('/admin/money/runs', undefined, { signal })).runs;
}

/** GET /api/admin/money/exceptions — the open exceptions, oldest first. */
export async function getExceptions(signal?: AbortSignal) {
  return (await apiGet<MoneyExceptionsResponse>('/admin/money/exceptions', undefined, { signal })).exceptions;
}

/** POST /api/admin/money/runs — runs the reconciliation now over the configured window (409 while one runs). */
export async function runReconciliation() {
  return (await apiPost<{ run: ReconciliationRun }>('/admin/money/runs', {})).run;
}

/** POST /api/admin/money/exceptions/{id}/{retry|book|close} — an action on an open exception. */
export async function actOnException(exceptionId: number, action: 'retry' | 'book' | 'close', reason?: string) {
  return apiPost<MoneyExceptionActionResponse>(
    `/admin/money/exceptions/${exceptionId}/${action}`,
    action === 'close' ? { reason } : {},
  );
}
