import fp from 'fastify-plugin';
import { INTERNAL_SECRET_HEADER, MESSAGES } from '@sq/contracts';
import { ApiError } from '@sq/service-kit';

/**
 * The programs service over its internal API: how many of a member's applications are still live (reserved,
 * paid, in team building, running). Withdrawal cannot be decided without the answer, so any failure is a 503
 * and nothing changes. After a withdrawal committed, the withdrawal outbox asks programs to erase the member's
 * personal data from their applications; a failure there only postpones it (the outbox retries).
 */
export function createProgramsClient(options: { baseUrl: string; internalSecret: string; timeoutMs: number; log: { warn(obj: object, msg: string): void } }) {
  return {
    async liveApplications(userId: number): Promise<number> {
      try {
        const response = await fetch(`${options.baseUrl}/internal/users/${userId}/live-applications`, {
          headers: { accept: 'application/json', [INTERNAL_SECRET_HEADER]: options.internalSecret },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        const json = (await response.json().catch(() => null)) as { liveApplications?: unknown } | null;
        if (response.status === 200 && typeof json?.liveApplications === 'number') return json.liveApplications;
        options.log.warn({ status: response.status }, 'programs refused the live-applications question');
      } catch (error) {
        options.log.warn({ err: error }, 'programs unreachable');
      }
      throw new ApiError(503, MESSAGES.serviceUnavailable);
    },
    /**
     * Idempotent on programs' side; anything but its 200 is an error (the outbox records it and retries). `names`:
     * the nickname and career card ID the member had before the account anonymised them (null when unknown),
     * which programs takes out of other members' placement texts and friend lists.
     */
    async erasePersonalData(userId: number, names: ErasureNames): Promise<void> {
      const response = await fetch(`${options.baseUrl}/internal/users/${userId}/erase-personal-data`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', [INTERNAL_SECRET_HEADER]: options.internalSecret },
        body: JSON.stringify(names),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const json = (await response.json().catch(() => null)) as { ErrorCode?: unknown } | null;
      if (response.status !== 200 || json?.ErrorCode !== '00') throw new Error(`programs answered ${response.status} to the erasure`);
    },
  };
}

export interface ErasureNames {
  nickname: string | null;
  careerCardId: string | null;
}

export type ProgramsClient = ReturnType<typeof createProgramsClient>;

declare module 'fastify' {
  interface FastifyInstance {
    programs: ProgramsClient;
  }
}

export default fp(async (app) => {
  app.decorate('programs', createProgramsClient({
    baseUrl: app.accountConfig.programsUrl,
    internalSecret: app.internalSecret,
    timeoutMs: app.accountConfig.programsTimeoutMs,
    log: app.log,
  }));
}, { name: 'programs-client', dependencies: ['account-config'] });
