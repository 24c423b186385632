import { apiGet } from '@sq/api-client';
import type { LegalDocument, LegalKind, LegalResponse } from '@sq/contracts';
import { useAsync } from '@sq/ui';

/** GET /api/legal/{terms|privacy}: the version in effect, served by the content service (one source). */
export function getLegalDocument(kind: LegalKind): Promise<LegalDocument> {
  return apiGet<LegalResponse>(`/legal/${kind}`).then((r) => r.document);
}

export function useLegalDocument(kind: LegalKind) {
  return useAsync(() => getLegalDocument(kind), [kind]);
}
