import { createInternalClient, type InternalCallConfig } from '@sq/service-kit';

/**
 * The careercard service's internal lookup (never routed by the gateway): which career card IDs exist and
 * whose they are. Used to validate the friends an applicant asks to be placed with.
 */
export function createCareercardClient(options: {
  baseUrl: string;
  internalSecret: string;
  timeoutMs: number;
  retry?: InternalCallConfig;
}) {
  const careercard = createInternalClient({ peer: 'careercard', ...options });
  return {
    async lookup(ids: string[]): Promise<{ profileId: string; userId: number | null }[]> {
      // A read that needs a body: safe to repeat.
      const { status, json } = await careercard.call({
        method: 'POST',
        path: '/internal/profiles/lookup',
        body: { ids },
        idempotent: true,
      });
      if (status < 200 || status > 299) throw new Error(`careercard lookup answered ${status}`);
      return (json as { profiles: { profileId: string; userId: number | null }[] }).profiles;
    },
  };
}

export type CareercardClient = ReturnType<typeof createCareercardClient>;
