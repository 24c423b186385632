import { apiPost } from '@sq/api-client';
import type { UserDetailResponse } from '@sq/contracts';
import type { OnboardingForm } from '@sq/contracts/forms';

/** POST /api/user/detail: the onboarding's additional info; grants the 10,000-point sign-up credit once. */
export function saveUserDetail(body: OnboardingForm): Promise<UserDetailResponse> {
  return apiPost<UserDetailResponse>('/user/detail', body);
}
