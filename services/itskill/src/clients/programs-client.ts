import fp from 'fastify-plugin';
import { z } from 'zod';
import { INTERNAL_SECRET_HEADER } from '@sq/contracts';

const ownershipAnswer = z.object({ owned: z.boolean() });

/** The programs service over its internal API (never through the gateway): whose application a join id is. */
export function createProgramsClient(options: { baseUrl: string; internalSecret: string; timeoutMs: number }) {
  return {
    /** Whether application `joinId` is member `userId`'s. Throws when programs is unreachable or answers oddly. */
    async ownsApplication(userId: number, joinId: number): Promise<boolean> {
      const response = await fetch(`${options.baseUrl}/internal/users/${userId}/applications/${joinId}`, {
        headers: { accept: 'application/json', [INTERNAL_SECRET_HEADER]: options.internalSecret },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (response.status !== 200) throw new Error(`programs answered ${response.status}`);
      return ownershipAnswer.parse(await response.json()).owned;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    applicationOwners: ReturnType<typeof createProgramsClient>;
  }
}

export default fp(async (app) => {
  app.decorate('applicationOwners', createProgramsClient({ baseUrl: app.itskillConfig.programsUrl, internalSecret: app.internalSecret, timeoutMs: app.itskillConfig.programsTimeoutMs }));
}, { name: 'programs-client', dependencies: ['itskill-config'] });
