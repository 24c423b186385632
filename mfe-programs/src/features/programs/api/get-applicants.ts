import { useEffect, useState } from 'react';
import { apiGet } from '@sq/api-client';
import type { CohortApplicants, CohortApplicantsResponse } from '@sq/contracts/api/applicants';

/** How often a recruit page refreshes the counts while it is visible. */
export const APPLICANTS_REFRESH_MS = 30_000;

/** GET /api/cohorts/{oddId}/applicants — live applicants per role against the team make-up. */
export async function getApplicants(oddId: number, signal?: AbortSignal) {
  const response = await apiGet<CohortApplicantsResponse>(`/cohorts/${oddId}/applicants`, undefined, { signal });
  return response.applicants;
}

/**
 * The counts, refreshed every 30 s while the tab is visible and at once when it comes back; the last
 * answer stays on screen during a refresh (no flicker) and after a failed one.
 */
export function useLiveApplicants(oddId: number, enabled: boolean): CohortApplicants | null {
  const [data, setData] = useState<CohortApplicants | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let controller = new AbortController();
    const load = () => {
      controller.abort();
      controller = new AbortController();
      const { signal } = controller;
      getApplicants(oddId, signal).then(
        (next) => !signal.aborted && setData(next),
        () => {},
      );
    };
    load();
    const timer = setInterval(() => document.visibilityState === 'visible' && load(), APPLICANTS_REFRESH_MS);
    const onVisible = () => document.visibilityState === 'visible' && load();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      controller.abort();
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [oddId, enabled]);
  return data;
}
