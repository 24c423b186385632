import { apiPost, clearSession } from '@sq/api-client';
import type { ChangePasswordResponse } from '@sq/contracts';
import type { ChangePasswordForm } from '@sq/contracts/forms';

/** POST /api/change/password {token, password, pw_confirm}: every session of the user ends, this tab's too. */
export async function changePassword(body: ChangePasswordForm): Promise<ChangePasswordResponse> {
  const response = await apiPost<ChangePasswordResponse>('/change/password', body);
  clearSession();
  return response;
}
