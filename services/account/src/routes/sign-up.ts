import type { FastifyPluginAsync } from 'fastify';
import {
  MESSAGES,
  ok,
  signUpSchema,
  snsSignUpSchema,
  type SignUpForm,
  type SignUpResponse,
  type SnsSignUpForm,
} from '@sq/contracts';
import { badRequest } from '@sq/service-kit';
import { hashPassword } from '../passwords';
import { createAccount } from '../lib/sign-up';
import { sha256 } from '../lib/secrets';
import { toSignedInUser } from '../repositories/user-repository';

/**
 * POST /api/signUp (e-mail) and /api/snsSignUp (after a social login, with the exchange's ticket). The body
 * is the shared form schema; uniqueness of e-mail, receiving e-mail, nickname and career card ID and both
 * consents are checked again here whatever the screen did. The new member is signed in at once.
 */
const signUpRoutes: FastifyPluginAsync = async (app) => {
  async function signedIn(
    userId: number,
    reply: { header(name: string, value: string): unknown },
  ): Promise<SignUpResponse> {
    const user = (await app.userRepository.findById(userId))!;
    const sid = await app.sessionRepository.open(user.user_id);
    const token = app.issueAccessToken({ userId: user.user_id, role: user.user_role, sid });
    reply.header('authorization', `Bearer ${token}`);
    return ok({ userData: toSignedInUser(user, token), isUser: 'Y' as const });
  }

  app.post<{ Body: SignUpForm }>(
    '/api/signUp',
    { schema: { tags: ['account'], summary: '이메일 회원가입', body: signUpSchema } },
    async (request, reply) => {
      const body = request.body;
      const user = await createAccount(app, {
        ...body,
        passwordHash: await hashPassword(body.password),
        vendor: 'EMAIL',
      });
      reply.status(201);
      return signedIn(user.user_id, reply);
    },
  );

  app.post<{ Body: SnsSignUpForm }>(
    '/api/snsSignUp',
    { schema: { tags: ['account'], summary: '소셜 회원가입', body: snsSignUpSchema } },
    async (request, reply) => {
      const body = request.body;
      const ticketHash = sha256(body.ticket);
      const ticket = await app.oauthRepository.findTicket(ticketHash);
      if (!ticket) throw badRequest(MESSAGES.socialSignUpExpired);
      const user = await createAccount(
        app,
        { ...body, email: ticket.email, passwordHash: null, vendor: ticket.provider },
        async (transaction, created) => {
          // Single use: of two submissions with one ticket, only the first finds it unused.
          if (!(await app.oauthRepository.useTicket(transaction, ticketHash, ticket, created.user_id)))
            throw badRequest(MESSAGES.socialSignUpExpired);
        },
      );
      reply.status(201);
      return signedIn(user.user_id, reply);
    },
  );
};

export default signUpRoutes;
