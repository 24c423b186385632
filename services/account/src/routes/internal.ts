import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ok } from '@sq/contracts';
import { requireInternal } from '@sq/service-kit';
import { REFRESH_WHEN_SECONDS_LEFT } from '../tokens';

const checkBody = z.object({ sid: z.uuid(), userId: z.number().int().positive(), exp: z.number().int().positive() });

/** Called by the gateway for every request that carries a token; never routed to clients. */
const internalRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: z.infer<typeof checkBody> }>(
    '/internal/sessions/check',
    { schema: { hide: true, body: checkBody }, preHandler: requireInternal },
    async (request) => {
      const { sid, userId, exp } = request.body;
      const session = await app.sessionRepository.touch(sid, userId);
      if (!session) return ok({ active: false });
      const secondsLeft = exp - Math.floor(Date.now() / 1000);
      const token = secondsLeft < REFRESH_WHEN_SECONDS_LEFT ? app.issueAccessToken({ userId, role: session.role, sid }) : undefined;
      return ok({ active: true, role: session.role, ...(token ? { token } : {}) });
    },
  );
};

export default internalRoutes;
