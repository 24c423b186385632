import { apiPost, setSession } from '@sq/api-client';
import type { SignUpResponse } from '@sq/contracts';
import type { SignUpForm } from '@sq/contracts/forms';

/**
 * POST /api/signUp: the e-mail sign-up body of `signUpSchema`. The new member is signed in at once.
 * Failures reject with ApiError: 400 with per-field `fields`, 409 with the duplicate message and `fields`.
 */
export async function signUp(body: SignUpForm): Promise<SignUpResponse> {
  const response = await apiPost<SignUpResponse>('/signUp', body);
  setSession(response.userData);
  return response;
}
