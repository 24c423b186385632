import fp from 'fastify-plugin';
import { z } from 'zod';
import { MESSAGES } from '@sq/contracts';
import { ApiError, createInternalClient, type InternalCallConfig } from '@sq/service-kit';

/**
 * The itskill service over its internal API. The skill point is granted here, in the points ledger, only
 * after itskill confirms that the member completed a check-up (account asks; itskill never writes to account).
 */
const skillAnswer = z.object({ completed: z.boolean() });

export function createItskillClient(options: {
  baseUrl: string;
  internalSecret: string;
  timeoutMs: number;
  retry?: InternalCallConfig;
  log: { warn(obj: object, msg: string): void };
}) {
  const itskill = createInternalClient({ peer: 'itskill', ...options });
  return {
    /** Whether the member has a completed check-up; itskill unreachable is a Korean 503 (nothing is granted). */
    async completedCheckup(userId: number): Promise<boolean> {
      try {
        const { status, json } = await itskill.call({ path: `/internal/users/${userId}/skill-level` });
        if (status !== 200) throw new Error(`itskill answered ${status}`);
        return skillAnswer.parse(json).completed;
      } catch (error) {
        options.log.warn({ err: error }, 'itskill unreachable');
        throw new ApiError(503, MESSAGES.serviceUnavailable);
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    itskill: ReturnType<typeof createItskillClient>;
  }
}

export default fp(
  async (app) => {
    const config = app.accountConfig;
    app.decorate(
      'itskill',
      createItskillClient({
        baseUrl: config.itskillUrl,
        internalSecret: app.internalSecret,
        timeoutMs: config.itskillTimeoutMs,
        retry: config.internalCalls,
        log: app.log,
      }),
    );
  },
  { name: 'itskill-client', dependencies: ['account-config'] },
);
