import { apiGet, clearSession, getToken, setSession } from '@sq/api-client';
import type { UserDataResponse } from '@sq/contracts';

/**
 * GET /api/meOauth: the signed-in user, stored again (e.g. after onboarding changed the step). An `isUser` of
 * N means the person is no longer a registered user: the token is cleared (spec section 7).
 */
export async function refreshMe(): Promise<UserDataResponse> {
  const response = await apiGet<UserDataResponse>('/meOauth');
  if (response.isUser === 'N') clearSession();
  else setSession({ ...response.userData, token: getToken() ?? response.userData.token });
  return response;
}
