import { apiPost } from '@sq/api-client';
import type { GroupRefundConfirmation, GroupRefundPreview } from '@sq/contracts/api/operators/team-changes';

export type GroupRefundCase = GroupRefundPreview['refundCase'];
/** A whole team (team stop) or a whole cohort (company ended). */
export type RefundScope = { teamId: number } | { oddId: number };

const base = (scope: RefundScope) =>
  'teamId' in scope ? `/admin/teams/${scope.teamId}/refunds` : `/admin/cohorts/${scope.oddId}/refunds`;

/** POST /api/admin/{teams/{teamId}|cohorts/{oddId}}/refunds/preview — every member's amount and the total. */
export async function previewGroupRefund(scope: RefundScope, refundCase: GroupRefundCase) {
  return apiPost<GroupRefundPreview>(`${base(scope)}/preview`, { refundCase });
}

/** POST .../refunds — confirmed with the previewed total (409 when it changed meanwhile). */
export async function confirmGroupRefund(scope: RefundScope, refundCase: GroupRefundCase, expectedTotalKrw: number) {
  return apiPost<GroupRefundConfirmation>(base(scope), { refundCase, expectedTotalKrw });
}
