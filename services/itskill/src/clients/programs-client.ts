import fp from 'fastify-plugin';
import { z } from 'zod';
import { createInternalClient, type InternalCallConfig } from '@sq/service-kit';

const ownershipAnswer = z.object({ owned: z.boolean() });

/**
 * The programs service over its internal API (never through the gateway): whose application a join id is, and that
 * a member's check-up changed (the skill-change outbox).
 */
export function createProgramsClient(options: {
  baseUrl: string;
  internalSecret: string;
  timeoutMs: number;
  retry?: InternalCallConfig;
}) {
  const programs = createInternalClient({ peer: 'programs', ...options });
  return {
    /** Whether application `joinId` is member `userId`'s. Throws when programs is unreachable or answers oddly. */
    async ownsApplication(userId: number, joinId: number): Promise<boolean> {
      const { status, json } = await programs.call({ path: `/internal/users/${userId}/applications/${joinId}` });
      if (status !== 200) throw new Error(`programs answered ${status}`);
      return ownershipAnswer.parse(json).owned;
    },
    /**
     * The member completed a check-up or attached a result to an application: programs takes the copies of their
     * level on their applications again. Idempotent there; anything but its 200 is an error (the outbox retries).
     */
    async peopleChanged(userId: number): Promise<void> {
      const { status, json } = await programs.call({
        method: 'POST',
        path: `/internal/users/${userId}/people-changed`,
        idempotent: true,
      });
      if (status !== 200 || (json as { ErrorCode?: unknown } | null)?.ErrorCode !== '00')
        throw new Error(`programs answered ${status} to a check-up change`);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    applicationOwners: ReturnType<typeof createProgramsClient>;
  }
}

export default fp(
  async (app) => {
    const config = app.itskillConfig;
    app.decorate(
      'applicationOwners',
      createProgramsClient({
        baseUrl: config.programsUrl,
        internalSecret: app.internalSecret,
        timeoutMs: config.programsTimeoutMs,
        retry: config.internalCalls,
      }),
    );
  },
  { name: 'programs-client', dependencies: ['itskill-config'] },
);
