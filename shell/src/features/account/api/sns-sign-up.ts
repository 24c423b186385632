import { apiPost, setSession } from '@sq/api-client';
import type { SignUpResponse } from '@sq/contracts';
import type { SnsSignUpForm } from '@sq/contracts/forms';

/** POST /api/snsSignUp: the social sign-up (no password; e-mail and provider identity come from the ticket). */
export async function snsSignUp(body: SnsSignUpForm): Promise<SignUpResponse> {
  const response = await apiPost<SignUpResponse>('/snsSignUp', body);
  setSession(response.userData);
  return response;
}
