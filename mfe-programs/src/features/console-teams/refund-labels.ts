import type { RemovalReason } from '@sq/contracts/api/operators/team-changes';
import type { GroupRefundCase } from './api/group-refunds';

/** Why an operator removes a member; the service maps each to the stored refund case (OPERATORS.md). */
export const REMOVAL_REASONS: { code: RemovalReason; name: string; hint: string }[] = [
  { code: 'LEFT', name: '본인이 팀을 떠났어요', hint: '팀 합류 후 이탈 환불 규정을 따라요.' },
  { code: 'DROPPED', name: '운영진이 제외해요', hint: '개인 사유 취소 규정을 따르고, 상태는 중도 하차가 돼요.' },
  { code: 'SUPPORT', name: '고객센터로 요청했어요', hint: '개인 사유 취소 규정을 따라요.' },
];

export const GROUP_REFUND_NAMES: Record<GroupRefundCase, string> = {
  TEAM_STOP: '팀 중단 환불',
  COMPANY_ENDED: '회사 사정 종료 환불',
};
