import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ok } from '@sq/contracts';
import { requireInternal } from '@sq/service-kit';

const body = z.object({ userIds: z.array(z.number().int().positive()).max(1_000) });

/**
 * For services that write to members (itskill's season alarm): the receiving e-mail of each active member
 * among the ids; withdrawn members are left out. Never routed by the gateway.
 */
const internalContactRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: z.infer<typeof body> }>(
    '/internal/users/contacts',
    { onRequest: requireInternal, schema: { hide: true, body } },
    async (request) => {
      const rows = request.body.userIds.length ? await app.userRepository.activeContacts(request.body.userIds) : [];
      return ok({
        contacts: rows.map((r) => ({
          userId: r.user_id as number,
          email: r.contact_email as string,
          userName: r.user_name as string,
        })),
      });
    },
  );
};

export default internalContactRoutes;
