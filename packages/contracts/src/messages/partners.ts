/**
 * Partner apps (OAuth 2.0 clients of the public API) and members' consents to them. Part of the Korean message
 * catalogue (../messages.ts); the spec names none of these, so they follow its tone.
 */
export const PARTNER_MESSAGES = {
  partnerAppNameRequired: '앱 이름을 1~50자로 입력해 주세요.',
  partnerAppOwnerEmailInvalid: '담당자 이메일을 올바르게 입력해 주세요.',
  partnerAppScopesRequired: '허용할 권한을 하나 이상 선택해 주세요.',
  partnerAppTierInvalid: '요청 한도 등급을 선택해 주세요.',
  partnerAppRedirectUriInvalid:
    '리디렉션 URI는 https 주소여야 합니다(로컬 개발용 127.0.0.1·localhost는 http 가능). 한 줄에 하나씩, 최대 10개까지 입력해 주세요.',
  partnerAppNotFound: '파트너 앱을 찾을 수 없어요.',
  partnerConsentNotFound: '연결된 앱을 찾을 수 없어요.',
  partnerMemberOnly:
    '이 기능은 회원의 동의를 받은 앱만 사용할 수 있습니다. 인가 코드(authorization code) 방식으로 회원의 동의를 받아 주세요.',
  consentTitle: '앱 연결 동의',
  consentSignInTitle: '로그인하고 앱 연결하기',
  consentBadLogin: '이메일 또는 비밀번호가 일치하지 않습니다.',
  consentExpired: '연결 요청이 만료되었어요. 앱에서 다시 시작해 주세요.',
  oauthError: '앱 연결 요청을 처리할 수 없어요.',
} as const;
