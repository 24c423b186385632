/**
 * Money operations: the daily reconciliation with the PG and the exceptions queue (/admin/money and its API).
 * Part of the Korean message catalogue (../messages.ts).
 */
export const MONEY_MESSAGES = {
  moneyReconciliationRunning: '대사가 이미 실행 중이에요. 끝난 뒤 다시 실행해 주세요.',
  moneyReconciliationWindowInvalid:
    '대사 기간이 올바르지 않아요. 시작이 끝보다 앞서야 하고 최대 31일까지 볼 수 있어요.',
  moneyExceptionNotFound: '열린 예외를 찾을 수 없어요. 이미 처리되었을 수 있어요.',
  moneyCloseReasonRequired: '닫는 사유를 입력해 주세요.',
  moneyCloseReasonTooLong: '닫는 사유는 500자까지 쓸 수 있어요.',
  moneyRetryNotApplicable: '다시 시도할 수 있는 예외가 아니에요. PG 기록 반영이나 사유를 적어 닫기를 이용해 주세요.',
  moneyBookNotApplicable: 'PG 기록으로 반영할 수 없는 예외예요. 확인 후 사유를 적어 닫아 주세요.',
  moneyBookUnknownPayment:
    '장부에 없는 결제라 어느 신청의 것인지 알 수 없어 반영할 수 없어요. PG에서 확인 후 사유를 적어 닫아 주세요.',
  moneyActionUnresolved: '처리했지만 아직 PG 기록과 맞지 않아요. 잠시 후 다시 확인해 주세요.',
  moneyPgUnavailable: 'PG에 연결하지 못했어요. 잠시 후 다시 시도해 주세요.',
} as const;
