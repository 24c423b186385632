import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ok } from '@sq/contracts';
import { idParam, requireInternal } from '@sq/service-kit';

/** Statuses after which an application holds nothing of the member's any more (no reservation, no charge, no team seat). */
export const FINISHED_APPLICATION_STATUSES = ['CANCELLED', 'REFUNDED', 'DROPPED', 'AUTO_CANCELLED', 'COMPLETED'] as const;

const params = z.object({ userId: idParam });

/**
 * For the account service's withdrawal (never routed by the gateway): how many of the member's applications
 * are still live (submitted, reserved, paid, in team building or running). A member with any is not let go.
 */
const internalUserRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: z.infer<typeof params> }>(
    '/internal/users/:userId/live-applications',
    { preHandler: requireInternal, schema: { hide: true, params } },
    async (request) => {
      const row = await app.knex('application')
        .where({ user_id: request.params.userId })
        .whereNotIn('status', FINISHED_APPLICATION_STATUSES)
        .count({ n: '*' })
        .first();
      return ok({ liveApplications: Number(row?.n ?? 0) });
    },
  );
};

export default internalUserRoutes;
