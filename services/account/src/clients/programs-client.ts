import fp from 'fastify-plugin';
import { MESSAGES } from '@sq/contracts';
import { ApiError, createInternalClient, type InternalCallConfig } from '@sq/service-kit';

/**
 * The programs service over its internal API: how many of a member's applications are still live (reserved,
 * paid, in team building, running). Withdrawal cannot be decided without the answer, so any failure is a 503
 * and nothing changes. After a withdrawal committed, the withdrawal outbox asks programs to erase the member's
 * personal data from their applications; a failure there only postpones it (the outbox retries). A member's new
 * name or nickname is announced the same way (the copies programs keeps for the operators' search).
 */
export function createProgramsClient(options: {
  baseUrl: string;
  internalSecret: string;
  timeoutMs: number;
  retry?: InternalCallConfig;
  log: { warn(obj: object, msg: string): void };
}) {
  const programs = createInternalClient({ peer: 'programs', ...options });
  return {
    async liveApplications(userId: number): Promise<number> {
      try {
        const { status, json } = await programs.call({ path: `/internal/users/${userId}/live-applications` });
        const live = (json as { liveApplications?: unknown } | null)?.liveApplications;
        if (status === 200 && typeof live === 'number') return live;
        options.log.warn({ status }, 'programs refused the live-applications question');
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
      const { status, json } = await programs.call({
        method: 'POST',
        path: `/internal/users/${userId}/erase-personal-data`,
        body: names,
      });
      if (status !== 200 || (json as { ErrorCode?: unknown } | null)?.ErrorCode !== '00')
        throw new Error(`programs answered ${status} to the erasure`);
    },
    /**
     * The member's name or nickname changed: programs takes the copies on their applications again. Idempotent on
     * programs' side; anything but its 200 is an error (the outbox records it and retries).
     */
    async peopleChanged(userId: number): Promise<void> {
      const { status, json } = await programs.call({
        method: 'POST',
        path: `/internal/users/${userId}/people-changed`,
        idempotent: true,
      });
      if (status !== 200 || (json as { ErrorCode?: unknown } | null)?.ErrorCode !== '00')
        throw new Error(`programs answered ${status} to a names change`);
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

export default fp(
  async (app) => {
    app.decorate(
      'programs',
      createProgramsClient({
        baseUrl: app.accountConfig.programsUrl,
        internalSecret: app.internalSecret,
        timeoutMs: app.accountConfig.programsTimeoutMs,
        retry: app.accountConfig.internalCalls,
        log: app.log,
      }),
    );
  },
  { name: 'programs-client', dependencies: ['account-config'] },
);
