import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  CONSUMER_MESSAGES,
  PERSONAL_TOKEN_PATTERN,
  createPersonalTokenSchema,
  ok,
  personalTokenLimitMessage,
  type CreatePersonalTokenForm,
  type PersonalTokenCheck,
  type PersonalTokenCreatedResponse,
  type PersonalTokenListResponse,
} from '@sq/contracts';
import { conflict, idParam, notFound, requireInternal, requireMember } from '@sq/service-kit';
import type { ConsumerScope } from '@sq/contracts';

const tokenParams = z.object({ tokenId: idParam });
const checkBody = z.object({ token: z.string().max(100) });

/**
 * Members' personal access tokens ("API 토큰" in my page): created with a name, scopes and an expiry, the secret
 * shown once in the creation's answer, listed with last use, revoked at once. The gateway asks
 * `/internal/personal-tokens/check` when a request presents one (and caches the answer, api-gateway consumers/).
 */
const personalTokenRoutes: FastifyPluginAsync = async (app) => {
  const tokens = app.personalTokenRepository;
  const maxLive = app.accountConfig.personalTokensMaxPerMember;

  app.get(
    '/api/tokens',
    { schema: { tags: ['account'], summary: '내 API 토큰 목록' }, preHandler: requireMember },
    async (request): Promise<PersonalTokenListResponse> =>
      ok({ tokens: await tokens.listLive(request.identity!.userId) }),
  );

  app.post<{ Body: CreatePersonalTokenForm }>(
    '/api/tokens',
    {
      schema: {
        tags: ['account'],
        summary: 'API 토큰 만들기 (토큰은 이 응답에서 한 번만 보여 줍니다)',
        body: createPersonalTokenSchema,
      },
      preHandler: requireMember,
    },
    async (request, reply): Promise<PersonalTokenCreatedResponse> => {
      const { name, scopes, expiresInDays } = request.body;
      const created = await tokens.create(
        request.identity!.userId,
        { name, scopes: scopes as ConsumerScope[], expiresInDays },
        maxLive,
      );
      if (created === 'no-member') throw notFound(CONSUMER_MESSAGES.personalTokenNotFound);
      if (!created) throw conflict(personalTokenLimitMessage(maxLive));
      // The secret must not sit in any cache on its way.
      reply.header('cache-control', 'no-store');
      return ok(created);
    },
  );

  app.delete<{ Params: z.infer<typeof tokenParams> }>(
    '/api/tokens/:tokenId',
    { schema: { tags: ['account'], summary: 'API 토큰 폐기 (즉시)', params: tokenParams }, preHandler: requireMember },
    async (request) => {
      if (!(await tokens.revoke(request.identity!.userId, request.params.tokenId)))
        throw notFound(CONSUMER_MESSAGES.personalTokenNotFound);
      return ok({});
    },
  );

  app.post<{ Body: z.infer<typeof checkBody> }>(
    '/internal/personal-tokens/check',
    { schema: { hide: true, body: checkBody }, preHandler: requireInternal },
    async (request): Promise<{ ErrorCode: '00' } & PersonalTokenCheck> => {
      const { token } = request.body;
      // Anything not shaped like a token is not looked up.
      const found = PERSONAL_TOKEN_PATTERN.test(token) ? await tokens.touch(token) : null;
      if (!found) return ok({ active: false });
      return ok({
        active: true,
        tokenId: found.tokenId,
        userId: found.userId,
        scopes: found.scopes,
        until: Math.floor(found.expiresAt.getTime() / 1000),
      });
    },
  );
};

export default personalTokenRoutes;
