/** Korean names of the audit log's actions (the programs service's `audit()` calls); an unknown one shows its code. */
export const AUDIT_ACTION_NAMES: Record<string, string> = {
  COHORT_CREATE: '기수 만들기',
  COHORT_UPDATE: '기수 수정',
  BOARD_RUN: '매칭 실행',
  BOARD_MOVE: '팀원 옮기기',
  BOARD_MOVE_TO_WAITLIST: '대기 명단으로 옮기기',
  BOARD_LOCK: '잠금',
  BOARD_UNLOCK: '잠금 해제',
  BOARD_PUBLISH: '팀 발표',
  TEAM_MEMBER_REMOVE: '팀원 제외',
  TEAM_REPLACEMENT_ACCEPT: '대체 팀원 확정',
  TEAM_STOP_REFUND: '팀 중단 환불',
  COMPANY_ENDED_REFUND: '회사 사정 종료 환불',
  SPRINT_DROP_MISSED_CHECKINS: '체크인 누락 하차',
  JUDGING_SCORE: '심사 점수',
  JUDGING_PUBLISH: '심사 결과 발표',
  MONEY_RECONCILIATION_RUN: '결제 대사 실행',
  MONEY_EXCEPTION_RETRY: '돈 예외 다시 시도',
  MONEY_EXCEPTION_BOOK: '돈 예외 PG 기록 반영',
  MONEY_EXCEPTION_CLOSE: '돈 예외 닫기',
};

export const actionName = (action: string) => AUDIT_ACTION_NAMES[action] ?? action;
