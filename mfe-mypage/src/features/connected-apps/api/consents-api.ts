import { apiDelete, apiGet } from '@sq/api-client';
import type { PartnerConsentListResponse } from '@sq/contracts/partner-apps';

/** The calls of /mypage/apps: the account service keeps the consents (oidc-provider's grants). */
export const getConsents = (signal?: AbortSignal) =>
  apiGet<PartnerConsentListResponse>('/partner-consents', undefined, { signal });
export const revokeConsent = (grantId: string) =>
  apiDelete<{ ErrorCode: '00' }>(`/partner-consents/${encodeURIComponent(grantId)}`);
