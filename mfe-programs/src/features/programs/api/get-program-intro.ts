import { apiGet, isCancel, previewParam } from '@sq/api-client';
import type { ProgramIntroResponse } from '@sq/contracts';

/**
 * GET /api/program-intros/{productIdOrSlug} — the text and images operators published (content service; an
 * operator's `?preview=` shows the draft). Null when there is none or it could not be loaded: the page then
 * keeps the catalogue's summary and description, so a content outage costs the text, never the page.
 */
export async function getProgramIntro(key: string | number, signal?: AbortSignal) {
  try {
    return (
      await apiGet<ProgramIntroResponse>(`/program-intros/${encodeURIComponent(String(key))}`, previewParam(), {
        signal,
      })
    ).intro;
  } catch (error) {
    if (isCancel(error)) throw error;
    return null;
  }
}
