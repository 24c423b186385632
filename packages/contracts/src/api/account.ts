import type { UserRole } from '../identity';

/** The signed-in user (spec section 3). */
export interface SignedInUser {
  email: string;
  userId: number;
  contactEmail: string;
  notionEmail: string | null;
  slackEmail: string | null;
  slackEmailCheckYn: 'Y' | 'N';
  notionEmailCheckYn: 'Y' | 'N';
  profileId: string | null;
  userRole: UserRole;
  token: string;
  userAlias: string;
  userName: string;
  userLevel: number;
  userPhone: string;
  userJobGroup: string | null;
  userStep: string | null;
  vendor: 'EMAIL' | 'GOOGLE' | 'KAKAO' | 'NAVER';
  regDate: string;
  joinId: number | null;
  authenticated: boolean;
  /** Marketing opt-in (sign-up's optional consent; changed on /mypage/info). */
  marketingAgreed?: boolean;
}

/** POST /signin and GET /meOauth. `isUser` N means the person is not (or no longer) a registered user. */
export interface UserDataResponse {
  userData: SignedInUser;
  isUser: 'Y' | 'N';
}

/**
 * POST /signUp and /snsSignUp answer like /signin: the new member is signed in at once (the token is also in
 * the `authorization` response header) and continues to /signup/onboarding/{step}.
 * Failures: 400 with per-field `fields`; 409 with 이미 사용 중인 닉네임이에요. / 이미 사용 중인 커리어 카드 ID예요. /
 * 이미 사용 중인 가입 계정이에요. (or a registeredWith* text for a social account) / 이미 사용 중인 수신용 이메일이에요.,
 * `fields` naming the field; 503 when the career card service cannot take the card (nothing is created).
 */
export type SignUpResponse = UserDataResponse;

/**
 * GET /open/check/email?email=, /open/check/contact-email?contactEmail=, /open/isCheckId?id= (nickname) and
 * careercard's /open/check/careercard?profileId=: 200 `{available: true}` when free, else 409 with the
 * duplicate message. An account e-mail registered through Google/Kakao/Naver answers 409 with
 * MESSAGES.registeredWithGoogle / registeredWithKakao / registeredWithNaver instead of accountDuplicate.
 */
export interface AvailabilityResponse {
  available: true;
}

/** POST /findEmail {name, phone}: the account e-mail, masked (mi***@example.com). 404 이름 또는 연락처를 다시 확인해 주세요.; 429 too many lookups. */
export interface FindEmailResponse {
  email: string;
  vendor: SignedInUser['vendor'];
}

/**
 * POST /password-reset {email, phone}: the same answer whether or not they belong to a member (so it reveals
 * nobody); a matching e-mail account then gets the reset mail (link to /change/{token}, valid 30 minutes,
 * single use). 429 when the e-mail was asked for within the minute (or five times in the hour).
 */
export interface PasswordResetResponse {
  /** Minutes the mailed link stays valid. */
  expiresInMinutes: number;
}

/** GET /change/{token}: the token is live. 400 잘못된 토큰 혹은 요청이 확인되었습니다. 메인페이지로 이동합니다. */
export interface ResetTokenCheckResponse {
  valid: true;
  /** The account e-mail, masked, so the screen can say whose password changes. */
  email: string;
}
/** POST /change/password {token, password, pw_confirm}: changed; every session of the user is signed out. */
export type ChangePasswordResponse = Record<string, never>;

/** POST /user/detail (onboarding): the additional info is saved; the 10,000-point credit is granted once. */
export interface UserDetailResponse {
  /** True only on the call that granted the sign-up credit. */
  pointGranted: boolean;
  pointBalance: number;
  userStep: string | null;
}

/** GET /point/skill?reasonCode=: whether this reason's credit was already received. */
export interface PointStatusResponse {
  received: 'Y' | 'N';
  pointBalance: number;
}
/** POST /point/skill {reasonCode, reasonText, entry}: credits the reason once; a repeat answers 409. */
export interface PointGrantResponse {
  granted: number;
  pointBalance: number;
}

/** POST /updateUser: the refreshed signed-in user. */
export type UpdateUserResponse = UserDataResponse;

/** Social login providers; the path segment of /oauth/{provider}/start and /callback. */
export type OAuthProvider = 'google' | 'kakao' | 'naver';

/**
 * Social login:
 * 1. The browser goes to GET /api/oauth/{provider}/start?to={path}: 302 to the provider with state, PKCE (and
 *    an OIDC nonce for Google), all kept server-side for 10 minutes.
 * 2. The provider returns to GET /api/oauth/{provider}/callback, which redirects to the shell's
 *    /oauthreturn?code={one-time code} (or /oauthreturn?error={message}).
 * 3. The shell posts POST /api/oauth/exchange {code} (single use, 2 minutes) and gets one of these.
 */
export type OAuthExchangeResponse =
  /** A known (provider, subject): signed in; token also in the `authorization` header. */
  | ({ result: 'signedIn'; to: string } & UserDataResponse)
  /** A new person: continue at /signup/required_sns with the prefill; the ticket is valid 30 minutes. */
  | {
      result: 'signUp';
      to: string;
      ticket: string;
      prefill: {
        email: string;
        username: string | null;
        useralias: string | null;
        userphone: string | null;
        vendor: Exclude<SignedInUser['vendor'], 'EMAIL'>;
      };
    };
/**
 * Exchange failures: 409 이미 가입된 이메일입니다. 로그인 해주세요. (the provider's e-mail belongs to an e-mail
 * account: show the 중복 이메일 오류 dialog with a login button), 409 registeredWith* (the e-mail belongs to
 * another provider's account), 400 소셜 로그인에 실패했어요. 다시 시도해 주세요. (bad or used code).
 */
export type OAuthExchangeFailureMessage = string;
