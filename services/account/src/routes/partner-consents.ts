import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { PARTNER_MESSAGES, ok, type PartnerConsentListResponse } from '@sq/contracts';
import { notFound, requireMember } from '@sq/service-kit';

const consentParams = z.object({ grantId: z.string().min(1).max(200) });

/**
 * A member's consents to partner apps (my page, 연결된 앱): listed with the app, the scopes and the date; revoking
 * one removes the grant and every token issued under it at once (the gateway hears of it, see migration 030).
 * Sessions only: a consumer credential never reaches these (not in the public API).
 */
const partnerConsentRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/partner-consents',
    { schema: { tags: ['account'], summary: '내가 연결한 앱 목록' }, preHandler: requireMember },
    async (request): Promise<PartnerConsentListResponse> =>
      ok({ consents: await app.partnerApps.consentsOf(request.identity!.userId) }),
  );

  app.delete<{ Params: z.infer<typeof consentParams> }>(
    '/api/partner-consents/:grantId',
    {
      schema: { tags: ['account'], summary: '앱 연결 끊기 (동의와 발급된 토큰 모두 즉시 폐기)', params: consentParams },
      preHandler: requireMember,
    },
    async (request) => {
      if (!(await app.partnerApps.revokeConsent(request.identity!.userId, request.params.grantId)))
        throw notFound(PARTNER_MESSAGES.partnerConsentNotFound);
      return ok({});
    },
  );
};

export default partnerConsentRoutes;
