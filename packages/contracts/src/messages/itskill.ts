/**
 * IT skill check-up, trends and the skill point.
 * Part of the Korean message catalogue (../messages.ts): texts match the spec character for character.
 */
export const ITSKILL_MESSAGES = {
  // IT skill check-up, trends and the skill point (h8).
  checkupNotOpen: '지금은 진행 중인 IT 스킬 체크업이 없어요.',
  checkupNoBank: '이 직군의 체크업 문항이 아직 준비되지 않았어요.',
  checkupNotStarted: '진행 중인 체크업이 없어요. 기본 정보부터 입력해 주세요.',
  checkupAnswerInvalid: '이 체크업의 문항과 보기를 골라 주세요.',
  checkupIncomplete: '아직 답하지 않은 문항이 있어요.',
  checkupNotCompleted: 'IT 스킬 체크업을 마친 뒤에 받을 수 있어요.',
  checkupResultMissing: '첨부할 체크업 결과가 없어요. 체크업을 먼저 마쳐 주세요.',
  checkupSeasonNotDraft: '준비 중인 시즌만 열 수 있어요.',
} as const;
