import { apiPost, setSession } from '@sq/api-client';
import type { UserDataResponse } from '@sq/contracts';

/** POST /api/signin {email, password}; on success the token and the user are stored. */
export async function signIn(email: string, password: string): Promise<UserDataResponse> {
  const response = await apiPost<UserDataResponse>('/signin', { email, password });
  setSession(response.userData);
  return response;
}
