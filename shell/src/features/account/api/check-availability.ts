import { apiGet } from '@sq/api-client';
import type { AvailabilityResponse } from '@sq/contracts';

/**
 * The four duplicate checks of spec section 7. Each answers 200 `{available: true}` when the value is free and
 * 409 with the Korean duplicate message otherwise (an e-mail registered through a social provider names that
 * provider). The promise resolves when free and rejects with the ApiError otherwise.
 */
export type AvailabilityCheck = (value: string, signal?: AbortSignal) => Promise<AvailabilityResponse>;

/** GET /api/open/check/email?email= (the account e-mail). */
export const checkEmail: AvailabilityCheck = (email, signal) => apiGet('/open/check/email', { email }, { signal });

/** GET /api/open/check/contact-email?contactEmail= (the receiving e-mail). */
export const checkContactEmail: AvailabilityCheck = (contactEmail, signal) =>
  apiGet('/open/check/contact-email', { contactEmail }, { signal });

/** GET /api/open/isCheckId?id= (the nickname). */
export const checkNickname: AvailabilityCheck = (id, signal) => apiGet('/open/isCheckId', { id }, { signal });

/** GET /api/open/check/careercard?profileId= (the career card ID, owned by the careercard service). */
export const checkCareerCardId: AvailabilityCheck = (profileId, signal) =>
  apiGet('/open/check/careercard', { profileId }, { signal });
