import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ok, type CareerCardResponse, type ProfileExistsResponse } from '@sq/contracts';
import { notFound, requireInternal } from '@sq/service-kit';
import { profileId } from '../profile-id';

const profileParams = z.object({ id: profileId });

const profileRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: z.infer<typeof profileParams> }>(
    '/api/profile/:id',
    { schema: { tags: ['profile'], summary: '커리어 카드 공개 보기', params: profileParams } },
    async (request): Promise<CareerCardResponse> => {
      // A private card answers exactly like a missing one, so IDs of private cards cannot be probed.
      const profile = await app.profileRepository.publicCard(request.params.id);
      if (!profile) throw notFound();
      return ok({ profile });
    },
  );

  // For the account service (career card ID duplicate check at sign-up); never routed by the gateway.
  app.get<{ Params: z.infer<typeof profileParams> }>(
    '/internal/profiles/:id/exists',
    { preHandler: requireInternal, schema: { hide: true, params: profileParams } },
    async (request): Promise<ProfileExistsResponse> => ok({ exists: await app.profileRepository.exists(request.params.id) }),
  );
};

export default profileRoutes;
