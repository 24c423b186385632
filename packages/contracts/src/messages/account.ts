/**
 * Sign-up, sign-in, password and account recovery, withdrawal: the shell's account screens and the account service.
 * Part of the Korean message catalogue (../messages.ts): texts match the spec character for character.
 */
export const ACCOUNT_MESSAGES = {
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
  // The same words whether or not the e-mail and phone belong to a member (the answer must not tell).
  passwordResetMailSent:
    '입력하신 정보와 일치하는 회원이 있으면 비밀번호 재설정 메일을 보내 드려요. 메일함을 확인해 주세요.',
  passwordChanged: '비밀번호가 변경되었어요. 다시 로그인해 주세요.',
  socialLoginFailed: '소셜 로그인에 실패했어요. 다시 시도해 주세요.',
  socialSignUpExpired: '가입 시간이 만료되었어요. 소셜 로그인을 처음부터 다시 진행해 주세요.',
  pointAlreadyGranted: '이미 포인트를 받았어요.',
  pointGranted: '10,000 포인트가 지급되었어요.',
  withdrawalDone: '회원 탈퇴가 완료되었어요. 그동안 이용해 주셔서 감사합니다.',

  // Hardening: input limits, security, production start.
  /** `{n}` is the number of minutes left; fill it with passwordResetCoolDownMessage(n). */
  passwordResetCoolDown: '비밀번호 재설정을 이미 요청하셨어요. {n}분 후에 다시 요청해 주세요.',
  /** `{n}` is the number of minutes left; fill it with findAccountCoolDownMessage(n). */
  findAccountCoolDown: '아이디 찾기 요청이 너무 많습니다. {n}분 후에 다시 시도해 주세요.',
} as const;

const minutesIn = (text: string, minutes: number) => text.replace('{n}', String(Math.max(1, Math.ceil(minutes))));

/** 비밀번호 재설정을 이미 요청하셨어요. {n}분 후에 다시 요청해 주세요. with the minutes filled in (at least 1). */
export function passwordResetCoolDownMessage(minutes: number): string {
  return minutesIn(ACCOUNT_MESSAGES.passwordResetCoolDown, minutes);
}

/** 아이디 찾기 요청이 너무 많습니다. {n}분 후에 다시 시도해 주세요. with the minutes filled in (at least 1). */
export function findAccountCoolDownMessage(minutes: number): string {
  return minutesIn(ACCOUNT_MESSAGES.findAccountCoolDown, minutes);
}

/** 로그인 시도가 너무 많습니다. {n}분 후에 다시 시도해 주세요. with the minutes filled in (at least 1). */
export function signInCoolDownMessage(minutes: number): string {
  return minutesIn(ACCOUNT_MESSAGES.signInCoolDown, minutes);
}
