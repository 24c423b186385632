import { apiGet, clearSession } from '@sq/api-client';

/** GET /api/logout makes the token unusable on the server; the local session is cleared in any case. */
export async function logout(): Promise<void> {
  try {
    await apiGet('/logout');
  } catch (error) {
    // Already-expired tokens and network failures must not keep anyone signed in locally.
    console.warn('[shell] logout call failed', error);
  } finally {
    clearSession();
  }
}
