import type { OAuthProvider } from '@sq/contracts';

export const SOCIAL_PROVIDERS: readonly { provider: OAuthProvider; label: string }[] = [
  { provider: 'google', label: '구글' },
  { provider: 'kakao', label: '카카오' },
  { provider: 'naver', label: '네이버' },
];

/** Where a social login starts: the account service redirects on to the provider, with state and PKCE. */
export function socialStartUrl(apiBase: string, provider: OAuthProvider, to: string): string {
  return `${apiBase.replace(/\/$/, '')}/oauth/${provider}/start?to=${encodeURIComponent(to)}`;
}

/** KakaoTalk's in-app browser names itself in the user agent; Google refuses OAuth inside such web views. */
export function isKakaoInAppBrowser(userAgent: string): boolean {
  return /KAKAOTALK/i.test(userAgent);
}

/** KakaoTalk's scheme that opens a URL in the phone's default browser. */
export function kakaoOpenExternalUrl(url: string): string {
  return `kakaotalk://web/openExternal?url=${encodeURIComponent(url)}`;
}
