import { apiPost } from '@sq/api-client';
import type { PasswordResetResponse } from '@sq/contracts';
import type { FindPasswordForm } from '@sq/contracts/forms';

/**
 * POST /api/password-reset {email, phone}: mails a link to /change/{token}.
 * 404 일치하는 회원 정보가 없습니다.; 503 메일 전송에 실패하였습니다. 다시 시도해주세요.
 */
export function requestPasswordReset(body: FindPasswordForm): Promise<PasswordResetResponse> {
  return apiPost<PasswordResetResponse>('/password-reset', body);
}
