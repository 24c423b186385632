/**
 * The core of the Korean message catalogue: spec section 8 and the texts the shell, the ui package and the
 * api-client show. The shell provides these eagerly on every page, so they are kept apart from the domain
 * messages of the programs, career card and IT skill screens (messages.ts), which only the services and the
 * remotes that need them bundle: every text added here weighs on every route's first load.
 */
export const CORE_MESSAGES = {
  // Client codes of the API client (spec section 8).
  operationNotFound: '존재하지 않은 오퍼레이션입니다.',
  cannotReachServer: '서버에 접속할 수 없습니다...',
  networkPreparationFailed: '네트워크 처리 준비 중 오류가 발생습니다.',

  wrongTokenOnRouting: '잘못된 접근입니다. 메인페이지로 이동합니다.',
  wrongTokenOnApi: '잘못된 접근입니다. 페이지를 새로 고쳐주세요.',
  badLogin: '아이디 또는 비밀번호가 잘못되었습니다.',
  noMatchingMember: '일치하는 회원 정보가 없습니다.',
  mailSendFailed: '메일 전송에 실패하였습니다. 다시 시도해주세요.',
  findAccountFailed: '이름 또는 연락처를 다시 확인해 주세요.',
  nicknameDuplicate: '이미 사용 중인 닉네임이에요.',
  careerCardIdDuplicate: '이미 사용 중인 커리어 카드 ID예요.',
  accountDuplicate: '이미 사용 중인 가입 계정이에요.',
  contactEmailDuplicate: '이미 사용 중인 수신용 이메일이에요.',
  badPasswordChangeToken: '잘못된 토큰 혹은 요청이 확인되었습니다. 메인페이지로 이동합니다.',
  defaultError: '에러입니다.',
  genericAlert: '처리중 오류가 발생했습니다.',
  duplicateEmailTitle: '중복 이메일 오류',
  duplicateEmailBody: '이미 가입된 이메일입니다. 로그인 해주세요.',
  pleaseLogIn: 'Please log in',
  passwordLength: '비밀번호는 8자 이상, 22자 이하로 입력하세요.',
  passwordMismatch: '입력된 두개의 비밀번호가 서로 다릅니다.',
  passwordMismatchShort: '두개의 비밀번호가 서로 달라요.',

  // Messages the spec does not word; written in the same voice.
  underConstruction: '현재 준비 중인 페이지입니다. 메인페이지로 이동합니다.',
  signInRequired: '로그인이 필요한 서비스입니다.',
  forbidden: '접근 권한이 없습니다.',
  notFound: '요청하신 정보를 찾을 수 없습니다.',
  badRequest: '요청 형식이 올바르지 않습니다.',
  tooManyRequests: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
  serviceUnavailable: '일시적으로 서비스를 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.',
  remoteLoadFailed: '화면을 불러오지 못했습니다.',
  retry: '다시 시도',
  comingSoon: '준비 중입니다.',
  pageNotFound: '페이지를 찾을 수 없습니다.',
  refundRulesUnavailable: '환불 규정을 잠시 불러오지 못했어요. 잠시 후 다시 확인해 주세요.',
  programsUnavailable: '프로그램 정보를 잠시 불러오지 못했어요. 잠시 후 다시 확인해 주세요.',

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
} as const;

/** 로그인 시도가 너무 많습니다. {n}분 후에 다시 시도해 주세요. with the minutes filled in (at least 1). */
export function signInCoolDownMessage(minutes: number): string {
  return CORE_MESSAGES.signInCoolDown.replace('{n}', String(Math.max(1, Math.ceil(minutes))));
}
