import fp from 'fastify-plugin';
import { z } from 'zod';
import type { CareerCardSkillLevel } from '@sq/contracts';
import { createInternalClient } from '@sq/service-kit';

/** The part of itskill's GET /internal/users/{userId}/skill-level answer the card uses (another process's JSON: checked). */
const skillAnswer = z.object({
  skill: z
    .object({
      level: z.number().int().min(1).max(5),
      levelName: z.string(),
      shareKey: z.uuid(),
      completedAt: z.string(),
    })
    .nullable(),
});

/**
 * The itskill service over its internal API: the member's latest completed check-up level, for cards whose
 * member chose to show it. An optional peer: when itskill is down, slow or answers something else, the card
 * renders without the level (null) rather than failing. Never retried: the card waits at most one time-out.
 */
export function createItskillClient(options: {
  baseUrl: string;
  internalSecret: string;
  timeoutMs: number;
  log: { warn(obj: object, msg: string): void };
}) {
  const itskill = createInternalClient({ peer: 'itskill', ...options, retry: { retries: 0, backoffMs: 0 } });
  return {
    async skillLevel(userId: number): Promise<CareerCardSkillLevel | null> {
      try {
        const { status, json } = await itskill.call({ path: `/internal/users/${userId}/skill-level` });
        if (status !== 200) throw new Error(`itskill answered ${status}`);
        const { skill } = skillAnswer.parse(json);
        return (
          skill && {
            level: skill.level,
            levelName: skill.levelName,
            shareKey: skill.shareKey,
            completedAt: skill.completedAt,
          }
        );
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

export default fp(
  async (app) => {
    const config = app.careercardConfig;
    app.decorate(
      'itskillLevels',
      createItskillClient({
        baseUrl: config.itskillUrl,
        internalSecret: app.internalSecret,
        timeoutMs: config.skillLevelTimeoutMs,
        log: app.log,
      }),
    );
  },
  { name: 'itskill-client', dependencies: ['careercard-config'] },
);
