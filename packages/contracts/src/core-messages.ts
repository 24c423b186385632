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
} as const;
