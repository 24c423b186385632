import type { SignedInUser } from '@sq/contracts';

/** The privacy policy's retention periods (spec section 9), shown before withdrawal. */
export const RETAINED_BY_LAW = [
  { what: '계약 및 결제 기록', period: '5년' },
  { what: '소비자 불만 및 분쟁 처리 기록', period: '3년' },
  { what: '로그인 기록', period: '3개월' },
] as const;

/** What withdrawal deletes at once. */
export const DELETED_AT_ONCE = [
  '이름, 연락처, 이메일(가입·수신용·Notion·Slack), 비밀번호',
  '커리어 카드의 소개, 사진, 커버 이미지, 스킬, 프로젝트 경험 (카드는 비공개 익명 카드로 바뀌어요)',
  '소셜 로그인 연결',
] as const;

export interface InfoValues {
  username: string;
  useralias: string;
  userphone: string;
  contactEmail: string;
  notionEmail: string;
  slackEmail: string;
  marketingAgreed: boolean;
}

export const valuesOf = (user: SignedInUser): InfoValues => ({
  username: user.userName,
  useralias: user.userAlias,
  userphone: user.userPhone,
  contactEmail: user.contactEmail,
  notionEmail: user.notionEmail ?? '',
  slackEmail: user.slackEmail ?? '',
  marketingAgreed: user.marketingAgreed ?? false,
});

/** Only what changed travels (the unchanged nickname and contact e-mail need no duplicate check). */
export function changesOf(before: InfoValues, after: InfoValues): Partial<InfoValues> {
  const changes: Partial<InfoValues> = {};
  for (const key of Object.keys(after) as (keyof InfoValues)[]) {
    if (after[key] !== before[key]) (changes as Record<string, unknown>)[key] = after[key];
  }
  return changes;
}

/** The duplicate checks still owed: a changed nickname or contact e-mail must be checked first (spec section 5). */
export function checksOwed(
  changes: Partial<InfoValues>,
  checked: { useralias: string | null; contactEmail: string | null },
) {
  return {
    useralias: changes.useralias !== undefined && checked.useralias !== changes.useralias,
    contactEmail:
      changes.contactEmail !== undefined &&
      checked.contactEmail?.toLowerCase() !== changes.contactEmail.trim().toLowerCase(),
  };
}
