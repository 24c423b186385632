import type { ApplicantRole } from '../applications';
import type { MemberNames } from './teams';

/**
 * Changes to a running team (paths under /api/admin): a member removed with their refund, a replacement, a team
 * or a cohort stopped with everyone's refund.
 *
 * Replacement and team changes (RemovalReason LEFT -> refund case LEFT_AFTER_INVITE, DROPPED/SUPPORT -> INDIVIDUAL);
 * the team pages' answers name each member (MemberNames), and `../operator-answers` has their response schemas:
 * - POST /applications/{joinId}/removal/preview  { reason }                          -> RefundLine
 * - POST /applications/{joinId}/removal          { reason, expectedRefundKrw, note? } -> RefundLine & { teamId }
 *        (409 adminRefundChanged when the engine's amount is no longer the previewed one; nothing changes)
 * - GET  /teams/{teamId}/replacements?role=      -> { candidates: ReplacementCandidate[] } (closest career first)
 * - POST /teams/{teamId}/replacements  { joinId } -> { accepted: true } (charged by a team-charge job, mailed)
 * - POST /teams/{teamId}/refunds/preview   { refundCase: 'TEAM_STOP'|'COMPANY_ENDED' } -> GroupRefundPreview
 * - POST /teams/{teamId}/refunds           { refundCase, expectedTotalKrw }             -> GroupRefundConfirmation
 * - POST /cohorts/{oddId}/refunds/preview  and  /cohorts/{oddId}/refunds (the same for a whole cohort)
 */

export type RemovalReason = 'LEFT' | 'DROPPED' | 'SUPPORT';
/** Why a refund line refunds nothing (more): see services/programs/OPERATORS.md, "The refund ledger". */
export type RefundBlock = 'NOT_CHARGED' | 'CASE_APPLIED' | 'COVERED' | 'NO_ENTITLEMENT';
export const REFUND_BLOCK_TEXT: Record<RefundBlock, string> = {
  NOT_CHARGED: '결제된 금액이 없어요.',
  CASE_APPLIED: '이미 같은 사유로 환불했어요.',
  COVERED: '이미 환불받은 금액이 이 사유로 받을 금액 이상이에요.',
  NO_ENTITLEMENT: '지금은 이 사유로 환불되는 금액이 없어요.',
};
export interface RefundLine {
  joinId: number;
  refundCase: string;
  /** What was charged (0: nothing was charged). */
  paidKrw: number;
  /** What was refunded already (or is being refunded). */
  refundedKrw: number;
  /** What the case gives in total out of the payment (refund entitlements do not stack). */
  entitledKrw: number;
  /** What confirming refunds now: the largest entitlement applied, less what was refunded. */
  refundKrw: number;
  phase: string | null;
  /** Why nothing (more) is refunded, else null; `note` is its Korean text (REFUND_BLOCK_TEXT). */
  block: RefundBlock | null;
  note: string | null;
}

/** A refund line of a team stop or company-ended preview, with the member's names. */
export interface GroupRefundLine extends RefundLine, MemberNames {}
export interface ReplacementCandidate extends MemberNames {
  role: ApplicantRole;
  careerMonths: number;
  /** Distance from the team's average career (months); smaller fits better. */
  distanceMonths: number;
}
export interface GroupRefundPreview {
  refundCase: 'TEAM_STOP' | 'COMPANY_ENDED';
  lines: GroupRefundLine[];
  totalKrw: number;
}
/**
 * What confirming a group refund did for each member: refunded (or being refunded: PENDING until the PG answers),
 * nothing to refund, or refused this time (one in flight, the PG refusing: confirming again later refunds them alone).
 */
export type GroupRefundOutcome = MemberNames &
  (
    | { status: 'REFUNDED' | 'PENDING'; refundKrw: number }
    | { status: 'NOTHING_TO_REFUND' }
    | { status: 'REFUSED'; message: string }
  );
export interface GroupRefundConfirmation extends GroupRefundPreview {
  outcomes: GroupRefundOutcome[];
}
