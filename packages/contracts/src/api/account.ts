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
}

/** POST /signin and GET /meOauth. `isUser` N means the person is not (or no longer) a registered user. */
export interface UserDataResponse {
  userData: SignedInUser;
  isUser: 'Y' | 'N';
}
