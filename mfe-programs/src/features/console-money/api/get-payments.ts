import { apiGet } from '@sq/api-client';
import type { PaymentRecordsResponse } from '@sq/contracts/api/operators/payments';
import { useAsync } from '@sq/ui';

/** GET /api/admin/cohorts/{oddId}/payments — every reservation, charge and refund of the cohort, ended applications and withdrawn members included. */
export async function getPayments(oddId: number, signal?: AbortSignal) {
  return (await apiGet<PaymentRecordsResponse>(`/admin/cohorts/${oddId}/payments`, undefined, { signal })).payments;
}

export function usePayments(oddId: number) {
  return useAsync((signal) => getPayments(oddId, signal), [oddId]);
}
