import type { SignedInUser, UserDataResponse } from '@sq/contracts';

/** Spec section 7: an isUser value of N clears the token (and the member goes to sign-in). */
export function isRegisteredUser(response: Pick<UserDataResponse, 'isUser'>): boolean {
  return response.isUser !== 'N';
}

/** The name in the greeting: the real name, else the nickname, else a neutral word. */
export function greetingName(user: Pick<SignedInUser, 'userName' | 'userAlias'>): string {
  return user.userName.trim() || user.userAlias.trim() || '회원';
}

/** The member's own career card, or the career card landing page while they have none. */
export function careerCardPath(profileId: string | null): string {
  return profileId ? `/careercard/${encodeURIComponent(profileId)}` : '/careercard';
}

export const SIGN_IN_PATH = '/signin';
