import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MESSAGES, ok, type UserDataResponse } from '@sq/contracts';
import { requireMember, unauthorized } from '@sq/service-kit';
import { verifyPassword } from '../passwords';
import { toSignedInUser } from '../repositories/user-repository';

const signInBody = z.object({
  email: z.string({ error: MESSAGES.badLogin }).trim().min(1, MESSAGES.badLogin).max(254, MESSAGES.badLogin),
  password: z.string({ error: MESSAGES.badLogin }).min(1, MESSAGES.badLogin).max(100, MESSAGES.badLogin),
});

const sessionRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: z.infer<typeof signInBody> }>(
    '/api/signin',
    { schema: { tags: ['account'], summary: '이메일 로그인', body: signInBody } },
    async (request, reply): Promise<UserDataResponse> => {
      const user = await app.userRepository.findActiveByEmail(request.body.email);
      const valid = await verifyPassword(user?.password_hash ?? null, request.body.password);
      if (!user || !valid) throw unauthorized(MESSAGES.badLogin);
      const sid = await app.sessionRepository.open(user.user_id);
      const token = app.issueAccessToken({ userId: user.user_id, role: user.user_role, sid });
      reply.header('authorization', `Bearer ${token}`);
      return ok({ userData: toSignedInUser(user, token), isUser: 'Y' as const });
    },
  );

  app.get('/api/meOauth', { schema: { tags: ['account'], summary: '로그인한 회원 정보' }, preHandler: requireMember }, async (request): Promise<UserDataResponse> => {
    const identity = request.identity!;
    const user = await app.userRepository.findById(identity.userId);
    if (!user) throw unauthorized(MESSAGES.pleaseLogIn);
    const token = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
    return ok({ userData: toSignedInUser(user, token), isUser: user.withdrawn_at ? ('N' as const) : ('Y' as const) });
  });

  // Signing out with an expired or missing token still succeeds: the browser forgets it either way.
  app.get('/api/logout', { schema: { tags: ['account'], summary: '로그아웃' } }, async (request) => {
    if (request.identity) await app.sessionRepository.revoke(request.identity.sid);
    return ok({});
  });
};

export default sessionRoutes;
