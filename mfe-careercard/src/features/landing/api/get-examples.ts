import { apiGet } from '@sq/api-client';
import type { CareerCardExamplesResponse } from '@sq/contracts';
import { useAsync } from '@sq/ui';

/** GET /api/careercard/examples: real public cards for the landing page. */
export function useExampleCards() {
  return useAsync(
    async (signal) => (await apiGet<CareerCardExamplesResponse>('/careercard/examples', undefined, { signal })).cards,
    [],
  );
}
