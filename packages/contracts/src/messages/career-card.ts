/**
 * Career card, my info and my page settings.
 * Part of the Korean message catalogue (../messages.ts): texts match the spec character for character.
 */
export const CAREER_CARD_MESSAGES = {
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
  withdrawalLiveApplications:
    '진행 중인 프로그램 신청이 있어 탈퇴할 수 없어요. 신청을 취소하거나 프로그램이 끝난 뒤 다시 시도해 주세요.',
  nicknameCheckNeeded: '닉네임 중복 확인을 해 주세요.',
  contactEmailCheckNeeded: '수신용 이메일 중복 확인을 해 주세요.',
} as const;
