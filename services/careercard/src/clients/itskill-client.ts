import fp from 'fastify-plugin';
import { z } from 'zod';
import { INTERNAL_SECRET_HEADER, type CareerCardSkillLevel } from '@sq/contracts';
import { serviceUrl } from '@sq/service-kit';

/** The part of itskill's GET /internal/users/{userId}/skill-level answer the card uses (another process's JSON: checked). */
const skillAnswer = z.object({
  skill: z.object({ level: z.number().int().min(1).max(5), levelName: z.string(), shareKey: z.uuid(), completedAt: z.string() }).nullable(),
});

/**
 * The itskill service over its internal API: the member's latest completed check-up level, for cards whose
 * member chose to show it. An optional peer: when itskill is down, slow or answers something else, the card
 * renders without the level (null) rather than failing.
 */
export function createItskillClient(options: { baseUrl: () => string; internalSecret: string; timeoutMs: number; log: { warn(obj: object, msg: string): void } }) {
  return {
    async skillLevel(userId: number): Promise<CareerCardSkillLevel | null> {
      try {
        const response = await fetch(`${options.baseUrl()}/internal/users/${userId}/skill-level`, {
          headers: { accept: 'application/json', [INTERNAL_SECRET_HEADER]: options.internalSecret },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (response.status !== 200) {
          await response.body?.cancel();
          throw new Error(`itskill answered ${response.status}`);
        }
        const { skill } = skillAnswer.parse(await response.json());
        return skill && { level: skill.level, levelName: skill.levelName, shareKey: skill.shareKey, completedAt: skill.completedAt };
      } catch (error) {
        options.log.warn({ err: error, userId }, 'itskill skill level unavailable; card shown without it');
        return null;
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    itskillLevels: ReturnType<typeof createItskillClient>;
  }
}

/**
 * ITSKILL_SERVICE_URL (read on each call, like the account client); CARD_SKILL_LEVEL_TIMEOUT_MS (default
 * 1 500): the public card waits at most this long for the level, then renders without it.
 */
export default fp(async (app) => {
  const timeoutMs = Number(process.env.CARD_SKILL_LEVEL_TIMEOUT_MS ?? 1_500);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) throw new Error(`CARD_SKILL_LEVEL_TIMEOUT_MS must be a positive integer (got ${process.env.CARD_SKILL_LEVEL_TIMEOUT_MS}).`);
  app.decorate('itskillLevels', createItskillClient({ baseUrl: () => serviceUrl('itskill'), internalSecret: app.internalSecret, timeoutMs, log: app.log }));
}, { name: 'itskill-client' });
