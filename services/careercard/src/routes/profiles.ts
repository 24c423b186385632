import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  MESSAGES,
  ok,
  type CareerCardExamplesResponse,
  type CareerCardIdCheckResponse,
  type CareerCardResponse,
  type ProfileExistsResponse,
} from '@sq/contracts';
import { conflict, notFound, requireInternal } from '@sq/service-kit';
import { careerCardIdField, profileId } from '../profile-id';

const profileParams = z.object({ id: profileId });
const checkQuery = z.object({ profileId: careerCardIdField });
/** How many example cards the landing page shows. */
export const EXAMPLE_CARDS = 6;

const profileRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: z.infer<typeof profileParams> }>(
    '/api/profile/:id',
    { schema: { tags: ['profile'], summary: '커리어 카드 공개 보기', params: profileParams } },
    async (request): Promise<CareerCardResponse> => {
      // A private card answers exactly like a missing one, so IDs of private cards cannot be probed.
      const profile = await app.profileRepository.publicCard(request.params.id, request.identity?.userId ?? null);
      if (!profile) throw notFound();
      return ok({ profile });
    },
  );

  // The landing page's real example cards.
  app.get(
    '/api/careercard/examples',
    { schema: { tags: ['profile'], summary: '커리어 카드 예시 (공개 카드)' } },
    async (): Promise<CareerCardExamplesResponse> => ok({ cards: await app.profileRepository.examples(EXAMPLE_CARDS) }),
  );

  // Sign-up asks before submitting; the account service asks again (internal route) when it creates the user.
  app.get<{ Querystring: z.infer<typeof checkQuery> }>(
    '/api/open/check/careercard',
    { schema: { tags: ['profile'], summary: '커리어 카드 ID 중복 확인', querystring: checkQuery } },
    async (request): Promise<CareerCardIdCheckResponse> => {
      if (await app.profileRepository.exists(request.query.profileId)) throw conflict(MESSAGES.careerCardIdDuplicate);
      return ok({ available: true });
    },
  );

  // For the account service (career card ID duplicate check at sign-up); never routed by the gateway.
  app.get<{ Params: z.infer<typeof profileParams> }>(
    '/internal/profiles/:id/exists',
    { preHandler: requireInternal, schema: { hide: true, params: profileParams } },
    async (request): Promise<ProfileExistsResponse> =>
      ok({ exists: await app.profileRepository.exists(request.params.id) }),
  );
};

export default profileRoutes;
