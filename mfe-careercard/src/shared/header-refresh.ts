import { apiGet, getToken, setSession } from '@sq/api-client';
import type { UserDataResponse } from '@sq/contracts';

/** Spec section 9: the header refreshes about 2 s after the profile is saved. */
export const HEADER_REFRESH_DELAY_MS = 2_000;

/**
 * The shell's header reads the signed-in user from the api-client's session store (a jotai atom subscribed
 * to it). After a profile save the user is read again (GET /meOauth) and stored, so the header shows the new
 * nickname. Returns a cancel function for unmounting screens.
 */
export function refreshHeaderSoon(delayMs: number = HEADER_REFRESH_DELAY_MS): () => void {
  const timer = setTimeout(() => {
    apiGet<UserDataResponse>('/meOauth')
      .then((response) => {
        if (response.isUser === 'Y') setSession({ ...response.userData, token: getToken() ?? response.userData.token });
      })
      .catch(() => undefined);
  }, delayMs);
  return () => clearTimeout(timer);
}
