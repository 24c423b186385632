import { apiPost } from '@sq/api-client';
import type { RefundLine, RemovalReason } from '@sq/contracts/api/operators/team-changes';

/** POST /api/admin/applications/{joinId}/removal/preview — the refund of the reason's case at this instant. */
export async function previewRemoval(joinId: number, reason: RemovalReason) {
  return apiPost<RefundLine>(`/admin/applications/${joinId}/removal/preview`, { reason });
}

/** POST /api/admin/applications/{joinId}/removal — with the previewed amount (409 when it changed meanwhile). */
export async function removeMember(
  joinId: number,
  request: { reason: RemovalReason; expectedRefundKrw: number; note?: string },
) {
  return apiPost<RefundLine & { teamId: number }>(`/admin/applications/${joinId}/removal`, request);
}
