import { INTERNAL_SECRET_HEADER } from '@sq/contracts';
import { serviceUrl } from '@sq/service-kit';

/**
 * The careercard service's internal lookup (never routed by the gateway): which career card IDs exist and
 * whose they are. Used to validate the friends an applicant asks to be placed with.
 */
export function createCareercardClient(options: { internalSecret: string; baseUrl?: string; timeoutMs?: number }) {
  const baseUrl = options.baseUrl ?? serviceUrl('careercard');
  return {
    async lookup(ids: string[]): Promise<{ profileId: string; userId: number | null }[]> {
      const response = await fetch(`${baseUrl}/internal/profiles/lookup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [INTERNAL_SECRET_HEADER]: options.internalSecret },
        body: JSON.stringify({ ids }),
        signal: AbortSignal.timeout(options.timeoutMs ?? Number(process.env.CAREERCARD_TIMEOUT_MS ?? 5_000)),
      });
      if (!response.ok) throw new Error(`careercard lookup answered ${response.status}`);
      const body = (await response.json()) as { profiles: { profileId: string; userId: number | null }[] };
      return body.profiles;
    },
  };
}

export type CareercardClient = ReturnType<typeof createCareercardClient>;
