import type { FastifyPluginAsync } from 'fastify';
import {
  ERROR_CODES,
  MESSAGES,
  ok,
  signInCoolDownMessage,
  signInSchema,
  type SignInForm,
  type UserDataResponse,
} from '@sq/contracts';
import { ApiError, requireMember, unauthorized } from '@sq/service-kit';
import { verifyPassword } from '../passwords';
import { toSignedInUser } from '../repositories/user-repository';

const sessionRoutes: FastifyPluginAsync = async (app) => {
  const guard = app.signInGuard;

  app.post<{ Body: SignInForm }>(
    '/api/signin',
    { schema: { tags: ['account'], summary: '이메일 로그인', body: signInSchema } },
    async (request, reply): Promise<UserDataResponse> => {
      const { email, password } = request.body;
      // The address the gateway signed (never a client's X-Forwarded-For): the per-address limits hold.
      // The attempt is counted before the password is checked, so parallel guesses cannot outrun the limits.
      const slot = await guard.take(email, request.clientIp);
      if (slot.wait > 0) {
        reply.header('retry-after', String(Math.ceil(slot.wait)));
        throw new ApiError(429, signInCoolDownMessage(slot.wait / 60), ERROR_CODES.tooManyRequests);
      }
      const user = await app.userRepository.findActiveByEmail(email);
      const valid = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !valid) throw unauthorized(MESSAGES.badLogin);
      await guard.succeeded(email, request.clientIp, slot);
      const sid = await app.sessionRepository.open(user.user_id);
      const token = app.issueAccessToken({ userId: user.user_id, role: user.user_role, sid });
      reply.header('authorization', `Bearer ${token}`);
      return ok({ userData: toSignedInUser(user, token), isUser: 'Y' as const });
    },
  );

  app.get(
    '/api/meOauth',
    { schema: { tags: ['account'], summary: '로그인한 회원 정보' }, preHandler: requireMember },
    async (request): Promise<UserDataResponse> => {
      const identity = request.identity!;
      const user = await app.userRepository.findById(identity.userId);
      if (!user) throw unauthorized(MESSAGES.pleaseLogIn);
      const token = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
      return ok({ userData: toSignedInUser(user, token), isUser: user.withdrawn_at ? ('N' as const) : ('Y' as const) });
    },
  );

  // Signing out with an expired or missing token still succeeds: the browser forgets it either way.
  app.get('/api/logout', { schema: { tags: ['account'], summary: '로그아웃' } }, async (request) => {
    if (request.identity) await app.sessionRepository.revoke(request.identity.sid);
    return ok({});
  });
};

export default sessionRoutes;
