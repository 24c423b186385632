/**
 * The Korean message catalogue (spec section 8 and the issues). Texts must match the spec character for
 * character; screens and services import them from here instead of writing their own copies.
 */
import { CORE_MESSAGES } from './core-messages';

export { CORE_MESSAGES } from './core-messages';

export const MESSAGES = {
  ...CORE_MESSAGES,

  // Account forms (spec section 5 words only the password, mismatch and find-account texts; these follow its voice).
  emailRequired: '이메일을 입력해 주세요.',
  emailFormat: '이메일 형식이 올바르지 않아요.',
  contactEmailRequired: '수신용 이메일을 입력해 주세요.',
  passwordRequired: '비밀번호를 입력해 주세요.',
  passwordComposition: '비밀번호는 영문, 숫자, 특수문자를 모두 포함해야 해요.',
  passwordConfirmRequired: '비밀번호를 한 번 더 입력해 주세요.',
  nameRequired: '이름을 입력해 주세요.',
  nameLength: '이름은 2자 이상, 20자 이하로 입력해 주세요.',
  nicknameRequired: '닉네임을 입력해 주세요.',
  nicknameLength: '닉네임은 2자 이상, 20자 이하로 입력해 주세요.',
  careerCardIdRequired: '커리어 카드 ID를 입력해 주세요.',
  careerCardIdFormat: '커리어 카드 ID는 영문과 숫자로 2자 이상, 20자 이하로 입력해 주세요.',
  careerCardIdReserved: '사용할 수 없는 커리어 카드 ID예요.',
  phoneRequired: '연락처를 입력해 주세요.',
  phoneFormat: '연락처를 010-1234-5678 형식으로 입력해 주세요.',
  jobGroupRequired: '직군을 선택해 주세요.',
  positionRequired: '포지션을 선택해 주세요.',
  careerYearsRequired: '경력을 선택해 주세요.',
  termsRequired: '서비스 이용약관에 동의해 주세요.',
  privacyRequired: '개인정보 수집 및 이용에 동의해 주세요.',
  nicknameCheckRequired: '닉네임 중복 확인을 해 주세요.',
  careerCardIdCheckRequired: '커리어 카드 ID 중복 확인을 해 주세요.',
  introLength: '소개는 1000자 이하로 입력해 주세요.',
  imageInvalid: '이미지를 다시 선택해 주세요.',
  withdrawalReasonRequired: '탈퇴 사유를 선택해 주세요.',
  withdrawalReasonTextLength: '탈퇴 사유는 500자 이하로 입력해 주세요.',
  withdrawalConsentRequired: '탈퇴 유의사항을 확인하고 동의해 주세요.',

  // Account flows.
  registeredWithGoogle: '구글로 가입된 이메일입니다. 구글 로그인을 이용해 주세요.',
  registeredWithKakao: '카카오로 가입된 이메일입니다. 카카오 로그인을 이용해 주세요.',
  registeredWithNaver: '네이버로 가입된 이메일입니다. 네이버 로그인을 이용해 주세요.',
  googleInKakaoInApp: '카카오톡 인앱 브라우저에서는 구글 로그인을 이용할 수 없어요. 외부 브라우저에서 열어 주세요.',
  openInExternalBrowser: '외부 브라우저로 열기',
  /** `{n}` is the number of minutes left; fill it with signInCoolDownMessage(n). */
  signInCoolDown: '로그인 시도가 너무 많습니다. {n}분 후에 다시 시도해 주세요.',
  passwordResetMailSent: '비밀번호 재설정 메일을 보냈어요. 메일함을 확인해 주세요.',
  passwordChanged: '비밀번호가 변경되었어요. 다시 로그인해 주세요.',
  socialLoginFailed: '소셜 로그인에 실패했어요. 다시 시도해 주세요.',
  socialSignUpExpired: '가입 시간이 만료되었어요. 소셜 로그인을 처음부터 다시 진행해 주세요.',
  pointAlreadyGranted: '이미 포인트를 받았어요.',
  pointGranted: '10,000 포인트가 지급되었어요.',
  withdrawalDone: '회원 탈퇴가 완료되었어요. 그동안 이용해 주셔서 감사합니다.',

  // Image upload (POST /api/fileUpload).
  uploadFileRequired: '올릴 이미지를 선택해 주세요.',
  uploadTypeInvalid: 'PNG, JPG, WEBP 형식의 이미지만 올릴 수 있어요.',
  uploadTooLarge: '이미지는 5MB 이하로 올려 주세요.',

  // Applications and payments (wizards, payment, refunds, my applications).
  applyCohortNotFound: '존재하지 않는 모집 기수예요.',
  applyCohortNotRecruiting: '지금은 모집 기간이 아니에요. 모집 일정을 확인해 주세요.',
  applyCohortFull: '모집 인원이 모두 찼어요.',
  applyCohortCancelled: '취소된 모집 기수예요.',
  applyAlreadyApplied: '이미 지원한 기수예요. 마이페이지에서 지원 내역을 확인해 주세요.',
  applyNotEditable: '결제가 진행된 지원서는 수정할 수 없어요.',
  applyStepOrder: '이전 단계를 먼저 완료해 주세요.',
  applyStepNotInFlow: '이 프로그램에는 없는 단계예요.',
  applyProductMismatch: '지원한 프로그램의 질문에 답해 주세요.',
  applyRoleMismatch: '지원 직군의 질문에 답해 주세요.',
  applyRoleNotOpen: '이 프로그램에서 모집하지 않는 직군이에요.',
  applyNotEligible: 'IT 실무 경력 {n}개월 이상부터 지원할 수 있어요.',
  applyExperienceRequired: 'IT 실무 경력을 개월 수로 입력해 주세요.',
  applyRoleRequired: '지원 직군을 선택해 주세요.',
  applyTextTooLong: '입력할 수 있는 글자 수를 넘었어요.',
  applyUrlFormat: 'http:// 또는 https://로 시작하는 주소를 입력해 주세요.',
  applyTooManyItems: '입력할 수 있는 항목 수를 넘었어요.',
  applyWantToBuildRequired: '만들고 싶은 서비스를 입력해 주세요.',
  applyAvailableTimeRequired: '참여 가능한 시간을 입력해 주세요.',
  applyWeeklyHours: '일주일에 참여할 수 있는 시간을 1~80 사이의 숫자로 입력해 주세요.',
  applyAnswerRequired: '질문에 답해 주세요.',
  applyTooManyFriends: '함께할 친구는 최대 {n}명까지 신청할 수 있어요.',
  applyFriendsNotAllowed: '이 프로그램은 친구 신청을 받지 않아요.',
  applyFriendNotFound: '존재하지 않는 커리어 카드 ID예요.',
  applyFriendDuplicate: '같은 친구를 두 번 신청할 수 없어요.',
  applyFriendSelf: '본인의 커리어 카드 ID는 친구로 신청할 수 없어요.',
  applyFriendLookupFailed: '친구의 커리어 카드를 잠시 확인하지 못했어요. 잠시 후 다시 시도해 주세요.',
  applyConsentRequired: '필수 약관에 동의해 주세요.',
  applyNotFound: '지원 내역을 찾을 수 없어요.',
  applicationAnswersErased: '탈퇴한 회원의 지원서라 답변과 연락처를 삭제했어요. 결제 기록은 결제 기록 탭에 남아 있어요.',
  applyIllegalTransition: '지금 상태에서는 처리할 수 없는 요청이에요. ({from} → {to})',
  paymentNotStarted: '결제를 먼저 진행해 주세요.',
  paymentIssueMismatch: '결제 요청 정보가 일치하지 않아요. 다시 결제해 주세요.',
  paymentCardFailed: '카드 등록에 실패했어요. 다시 시도해 주세요.',
  paymentUnavailable: '결제 서비스에 잠시 연결할 수 없어요. 잠시 후 다시 시도해 주세요.',
  cancelDuringTeamBuilding: '팀 빌딩이 시작되어 직접 취소할 수 없어요. 화면 오른쪽 아래 채팅 버튼으로 고객센터에 문의해 주세요.',
  cancelNotAllowed: '이미 종료되었거나 취소된 지원이에요.',
  webhookInvalid: '웹훅 서명이 올바르지 않아요.',
  refundInProgress: '환불이 진행 중이에요. 잠시 후 다시 확인해 주세요.',
  paymentInProgress: '결제가 진행 중이에요. 잠시 후 다시 시도해 주세요.',
  chargeAtPurchase: '지금 결제돼요.',
  chargeOnTeamPublish: '지금은 결제가 예약만 되고, 팀 빌딩 결과 발표일({date})에 팀이 확정되면 결제돼요.',
  autoCancelReason: '팀 빌딩 결과 발표일까지 팀이 구성되지 않아 자동 취소되었어요.',

  // Operators: team building, charging, replacement, sprint operations.
  adminCohortNotFound: '기수를 찾을 수 없어요.',
  adminCohortDatesInvalid: '기수 일정이 올바르지 않아요. 모집 시작·마감, 발표일, 시작일, 종료일 순서를 확인해 주세요.',
  adminNoProposal: '팀 빌딩 제안이 아직 없어요. 먼저 매칭을 실행해 주세요.',
  adminAlreadyPublished: '이미 발표된 팀 빌딩이에요.',
  adminMemberNotOnBoard: '팀 빌딩 보드에 없는 지원자예요.',
  adminTeamNotFound: '팀을 찾을 수 없어요.',
  adminNotTeamBuildingState: '팀 빌딩 대상이 아닌 지원이에요.',
  adminChargeRetryReason: '결제 실패 후 카드 변경 기한이 지나 자리가 대기자에게 넘어갔어요.',
  adminRefundChanged: '환불 금액이 미리보기와 달라졌어요. 미리보기를 다시 확인해 주세요.',
  adminNotOnTeam: '이 팀의 팀원이 아니에요.',
  adminReplacementNotWaitlisted: '같은 역할의 대기자만 대체 팀원이 될 수 있어요.',
  adminNothingToRefund: '환불할 결제가 없어요.',
  sprintNoTeam: '발표된 팀이 없어요.',
  sprintNotSprint: '팀 스프린트에서만 할 수 있어요.',
  sprintNotInProgress: '스프린트 기간에만 체크인할 수 있어요.',
  sprintCheckinClosed: '오늘 체크인은 밤 10시에 마감되었어요.',
  sprintSubmissionClosed: '최종 제출은 마지막 날 오후 3시에 마감되었어요.',
  sprintDroppedReason: '체크인을 2일 연속 하지 않아 중도 하차 처리되었어요.',
  judgingResultsPublished: '이미 심사 결과가 발표되었어요.',
  judgingNotAllScored: '모든 팀을 채점해야 결과를 발표할 수 있어요.',
  judgingPrizeLimit: '상금은 팀원 1인당 100,000원, 총 600,000원을 넘을 수 없어요.',
  adminBackfillReason: '결제 실패로 빈 자리에 대기자 중 같은 역할로 배정되었어요.',
  adminCohortProductRequired: '프로그램을 선택해 주세요.',
  adminCohortNameRequired: '기수 이름을 100자 이내로 입력해 주세요.',
  adminCohortDateRequired: '날짜를 입력해 주세요.',
  adminCohortCapacityInvalid: '정원은 1 이상의 숫자로 입력해 주세요. 제한이 없으면 비워 두세요.',
  adminCohortSeatsInvalid: '역할별 자리는 0부터 20까지의 숫자로 입력해 주세요. 프로그램 기본값을 쓰려면 비워 두세요.',
  // The sprint's final submission form (project name and link texts reuse the career card project's).
  submissionDescriptionRequired: '프로젝트 설명을 입력해 주세요.',
  submissionDescriptionLength: '프로젝트 설명은 5000자 이하로 입력해 주세요.',
  submissionRepositoryRequired: '저장소 링크를 입력해 주세요.',
  submissionImagesTooMany: '이미지는 10장까지 넣을 수 있어요.',

  // Career card, my info, IT skill check-up and trends.
  careerCardNotFound: '커리어 카드를 찾을 수 없어요.',
  myInfoAlreadySaved: '이미 커리어 카드 정보를 등록했어요. 편집 화면에서 고쳐 주세요.',
  textInvalidCharacters: '입력할 수 없는 문자가 포함되어 있어요.',
  skillLength: '스킬은 1자 이상, 30자 이하로 입력해 주세요.',
  skillsTooMany: '스킬은 30개까지 등록할 수 있어요.',
  skillDuplicate: '같은 스킬이 두 번 들어 있어요.',
  projectTitleRequired: '프로젝트 이름을 입력해 주세요.',
  projectTitleLength: '프로젝트 이름은 100자 이하로 입력해 주세요.',
  projectRoleRequired: '맡은 역할을 입력해 주세요.',
  projectRoleLength: '맡은 역할은 50자 이하로 입력해 주세요.',
  projectPeriodInvalid: '프로젝트 기간을 다시 확인해 주세요.',
  projectDescriptionLength: '한 일은 2000자 이하로 입력해 주세요.',
  projectLinkInvalid: '링크는 http:// 또는 https:// 로 시작하는 주소로 입력해 주세요.',
  projectLinksTooMany: '링크는 5개까지 넣을 수 있어요.',
  projectImagesTooMany: '이미지는 5장까지 넣을 수 있어요.',
  projectsTooMany: '프로젝트는 30개까지 등록할 수 있어요.',
  projectOrderInvalid: '프로젝트 순서를 다시 확인해 주세요.',
  projectNotFound: '프로젝트를 찾을 수 없어요.',
  profileSaved: '저장되었어요.',
  linkCopied: '링크가 복사되었어요.',
  contactEmailHint: '자주 사용하는 이메일이 아니라면 변경해 주세요.',
  currentPasswordWrong: '현재 비밀번호가 맞지 않아요.',
  currentPasswordRequired: '현재 비밀번호를 입력해 주세요.',
  passwordChangedSignedIn: '비밀번호가 변경되었어요.',
  socialAccountNoPassword: '소셜 로그인으로 가입한 계정은 비밀번호를 바꿀 수 없어요.',
  withdrawalLiveApplications: '진행 중인 프로그램 신청이 있어 탈퇴할 수 없어요. 신청을 취소하거나 프로그램이 끝난 뒤 다시 시도해 주세요.',
  nicknameCheckNeeded: '닉네임 중복 확인을 해 주세요.',
  contactEmailCheckNeeded: '수신용 이메일 중복 확인을 해 주세요.',

  // IT skill check-up, trends and the skill point (h8).
  checkupNotOpen: '지금은 진행 중인 IT 스킬 체크업이 없어요.',
  checkupNoBank: '이 직군의 체크업 문항이 아직 준비되지 않았어요.',
  checkupNotStarted: '진행 중인 체크업이 없어요. 기본 정보부터 입력해 주세요.',
  checkupAnswerInvalid: '이 체크업의 문항과 보기를 골라 주세요.',
  checkupIncomplete: '아직 답하지 않은 문항이 있어요.',
  checkupNotCompleted: 'IT 스킬 체크업을 마친 뒤에 받을 수 있어요.',
  checkupResultMissing: '첨부할 체크업 결과가 없어요. 체크업을 먼저 마쳐 주세요.',
  checkupSeasonNotDraft: '준비 중인 시즌만 열 수 있어요.',

  // Hardening: input limits, security, production start.
  /** `{n}` is the number of minutes left; fill it with passwordResetCoolDownMessage(n). */
  passwordResetCoolDown: '비밀번호 재설정 메일을 이미 보냈어요. {n}분 후에 다시 요청해 주세요.',
} as const;

export type MessageKey = keyof typeof MESSAGES;


/** 비밀번호 재설정 메일을 이미 보냈어요. {n}분 후에 다시 요청해 주세요. with the minutes filled in (at least 1). */
export function passwordResetCoolDownMessage(minutes: number): string {
  return MESSAGES.passwordResetCoolDown.replace('{n}', String(Math.max(1, Math.ceil(minutes))));
}

/** 로그인 시도가 너무 많습니다. {n}분 후에 다시 시도해 주세요. with the minutes filled in (at least 1). */
export function signInCoolDownMessage(minutes: number): string {
  return MESSAGES.signInCoolDown.replace('{n}', String(Math.max(1, Math.ceil(minutes))));
}
