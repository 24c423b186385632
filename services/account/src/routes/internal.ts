import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { USER_LOOKUP_MAX_USERS, ok } from '@sq/contracts';
import { requireInternal } from '@sq/service-kit';
import { refreshWhenSecondsLeft } from '../tokens';

const lookupBody = z.object({ userIds: z.array(z.number().int().positive()).max(USER_LOOKUP_MAX_USERS) });
const checkBody = z.object({ sid: z.uuid(), userId: z.number().int().positive(), exp: z.number().int().positive() });

/** Called by the gateway for a request that carries a token (unless it cached the answer); never routed to clients. */
const internalRoutes: FastifyPluginAsync = async (app) => {
  const refreshWhenLeft = refreshWhenSecondsLeft(app.accountConfig.accessTokenSeconds);
  app.post<{ Body: z.infer<typeof checkBody> }>(
    '/internal/sessions/check',
    { schema: { hide: true, body: checkBody }, preHandler: requireInternal },
    async (request) => {
      const { sid, userId, exp } = request.body;
      const session = await app.sessionRepository.touch(sid, userId);
      if (!session) return ok({ active: false });
      const secondsLeft = exp - Math.floor(Date.now() / 1000);
      const token =
        secondsLeft < refreshWhenLeft ? app.issueAccessToken({ userId, role: session.role, sid }) : undefined;
      // Until when this answer holds unless a session event (migration 006) says otherwise: the session's
      // expiry, or the moment this token is due for a fresh one. The gateway caches the answer no longer.
      const until = Math.min(Math.floor(session.expiresAt.getTime() / 1000), exp - refreshWhenLeft);
      return ok({ active: true, role: session.role, until, ...(token ? { token } : {}) });
    },
  );

  // The programs service's operators' console: names, aliases and career card IDs of a cohort's applicants.
  app.post<{ Body: z.infer<typeof lookupBody> }>(
    '/internal/users/lookup',
    { schema: { hide: true, body: lookupBody }, preHandler: requireInternal },
    async (request) => {
      const ids = [...new Set(request.body.userIds)];
      const rows = ids.length ? await app.userRepository.activeNames(ids) : [];
      return ok({
        users: rows.map((r) => ({
          userId: r.user_id as number,
          name: r.user_name as string,
          alias: r.user_alias as string,
          profileId: (r.profile_id as string | null) ?? null,
        })),
      });
    },
  );
};

export default internalRoutes;
