import { apiPost } from '@sq/api-client';
import type { FindEmailResponse } from '@sq/contracts';
import type { FindAccountForm } from '@sq/contracts/forms';

/** POST /api/findEmail {name, phone}: the masked account e-mail; 404 이름 또는 연락처를 다시 확인해 주세요. */
export function findEmail(body: FindAccountForm): Promise<FindEmailResponse> {
  return apiPost<FindEmailResponse>('/findEmail', body);
}
