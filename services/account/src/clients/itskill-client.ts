import fp from 'fastify-plugin';
import { z } from 'zod';
import { INTERNAL_SECRET_HEADER, MESSAGES } from '@sq/contracts';
import { ApiError, serviceUrl } from '@sq/service-kit';

/**
 * The skill point's settings and the itskill service over its internal API. The point is granted here, in
 * the points ledger, only after itskill confirms that the member completed a check-up (account asks; itskill
 * never writes to account). Environment, documented in services/account/README.md.
 */
export interface PointConfig {
  /** Points credited for the IT skill check-up (reason SKILL_CHECKUP); the spec gives no amount. */
  skillPointAmount: number;
  itskillUrl: string;
  itskillTimeoutMs: number;
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  const parsed = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} must be a positive integer (got ${value}).`);
  return parsed;
}

export function readPointConfig(env: NodeJS.ProcessEnv = process.env): PointConfig {
  return {
    skillPointAmount: positiveInt('SKILL_POINT_AMOUNT', env.SKILL_POINT_AMOUNT, 1_000),
    itskillUrl: serviceUrl('itskill', env),
    itskillTimeoutMs: positiveInt('ITSKILL_TIMEOUT_MS', env.ITSKILL_TIMEOUT_MS, 5_000),
  };
}

const skillAnswer = z.object({ completed: z.boolean() });

export function createItskillClient(options: { baseUrl: string; internalSecret: string; timeoutMs: number; log: { warn(obj: object, msg: string): void } }) {
  return {
    /** Whether the member has a completed check-up; itskill unreachable is a Korean 503 (nothing is granted). */
    async completedCheckup(userId: number): Promise<boolean> {
      try {
        const response = await fetch(`${options.baseUrl}/internal/users/${userId}/skill-level`, {
          headers: { accept: 'application/json', [INTERNAL_SECRET_HEADER]: options.internalSecret },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (response.status !== 200) throw new Error(`itskill answered ${response.status}`);
        return skillAnswer.parse(await response.json()).completed;
      } catch (error) {
        options.log.warn({ err: error }, 'itskill unreachable');
        throw new ApiError(503, MESSAGES.serviceUnavailable);
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    pointConfig: PointConfig;
    itskill: ReturnType<typeof createItskillClient>;
  }
}

/** Read when the app is built (tests set the environment first). */
export default fp(async (app) => {
  const config = readPointConfig();
  app.decorate('pointConfig', config);
  app.decorate('itskill', createItskillClient({ baseUrl: config.itskillUrl, internalSecret: app.internalSecret, timeoutMs: config.itskillTimeoutMs, log: app.log }));
}, { name: 'itskill-client' });
