import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ok, type PartnerTokenCheck } from '@sq/contracts';
import { requireInternal } from '@sq/service-kit';
import { allowedOf, publicApiResource } from '../partners/provider';

const checkBody = z.object({ token: z.string().max(200) });
/** oidc-provider's opaque tokens: base64url, no dots (a site session is a JWT, a personal token starts `sqp_`). */
const OPAQUE_TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * The gateway asks here about a bearer that is a partner access token. The token is looked up through the library's
 * own models (expiry, resource and revocation as oidc-provider keeps them); the answer adds what the library does not
 * know: the app must still be enabled, its scopes are the granted ones it is still allowed, its tier is the app's.
 */
const partnerTokenRoutes: FastifyPluginAsync = async (app) => {
  const provider = app.partnerProvider;
  const resource = publicApiResource(app.accountConfig);

  app.post<{ Body: z.infer<typeof checkBody> }>(
    '/internal/partner-tokens/check',
    { schema: { hide: true, body: checkBody }, preHandler: requireInternal },
    async (request): Promise<{ ErrorCode: '00' } & PartnerTokenCheck> => {
      const { token } = request.body;
      if (!OPAQUE_TOKEN.test(token)) return ok({ active: false });
      const found = (await provider.AccessToken.find(token)) ?? (await provider.ClientCredentials.find(token));
      if (!found || found.aud !== resource || !found.clientId) return ok({ active: false });
      const partner = await app.partnerApps.byClientId(found.clientId);
      if (!partner?.enabled) return ok({ active: false });
      const accountId = 'accountId' in found ? (found.accountId as string | undefined) : undefined;
      // A withdrawn member's consents were removed with the withdrawal; this holds even for one in flight.
      if (accountId && !(await app.userRepository.findActiveById(Number(accountId)))) return ok({ active: false });
      return ok({
        active: true,
        appId: partner.appId,
        ...(accountId ? { userId: Number(accountId) } : {}),
        scopes: allowedOf(found.scope, partner.scopes),
        tier: partner.tier,
        until: found.exp,
      });
    },
  );
};

export default partnerTokenRoutes;
