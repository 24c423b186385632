import { apiPost, setSession } from '@sq/api-client';
import type { OAuthExchangeResponse } from '@sq/contracts';

/**
 * POST /api/oauth/exchange {code}: turns the one-time code of /oauthreturn into a session (a known social
 * account) or a sign-up ticket with the provider's prefill (a new person).
 */
export async function exchangeOAuthCode(code: string): Promise<OAuthExchangeResponse> {
  const response = await apiPost<OAuthExchangeResponse>('/oauth/exchange', { code });
  if (response.result === 'signedIn') setSession(response.userData);
  return response;
}
