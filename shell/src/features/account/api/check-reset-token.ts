import { apiGet } from '@sq/api-client';
import type { ResetTokenCheckResponse } from '@sq/contracts';

/** GET /api/change/{token}: the mailed token is live (and whose it is, masked); a bad or used one rejects. */
export function checkResetToken(token: string, signal?: AbortSignal): Promise<ResetTokenCheckResponse> {
  return apiGet<ResetTokenCheckResponse>(`/change/${encodeURIComponent(token)}`, undefined, { signal });
}
