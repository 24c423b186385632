import type { FastifyPluginAsync } from 'fastify';
import * as z from 'zod/mini';
import { MESSAGES, contactEmail, email, nickname, ok, type AvailabilityResponse } from '@sq/contracts';
import { conflict } from '@sq/service-kit';
import { emailTakenMessage } from '../lib/availability';

/**
 * The sign-up duplicate checks (spec section 7). Free: 200 {available: true}; taken: 409 with the spec's
 * message (an e-mail of a Google/Kakao/Naver account tells the user to sign in with that provider).
 * The career card ID check is careercard's own (/api/open/check/careercard).
 */
const emailQuery = z.object({ email }, { error: MESSAGES.badRequest });
const contactEmailQuery = z.object({ contactEmail }, { error: MESSAGES.badRequest });
const idQuery = z.object({ id: nickname }, { error: MESSAGES.badRequest });

const checkRoutes: FastifyPluginAsync = async (app) => {
  const { availability } = app;

  app.get<{ Querystring: z.infer<typeof emailQuery> }>(
    '/api/open/check/email',
    { schema: { tags: ['account'], summary: '가입 계정(이메일) 중복 확인', querystring: emailQuery } },
    async (request): Promise<AvailabilityResponse> => {
      const owner = await availability.emailOwner(request.query.email);
      if (owner) throw conflict(emailTakenMessage(owner), { email: emailTakenMessage(owner) });
      return ok({ available: true as const });
    },
  );

  app.get<{ Querystring: z.infer<typeof contactEmailQuery> }>(
    '/api/open/check/contact-email',
    { schema: { tags: ['account'], summary: '수신용 이메일 중복 확인', querystring: contactEmailQuery } },
    async (request): Promise<AvailabilityResponse> => {
      if (await availability.contactEmailTaken(request.query.contactEmail, request.identity?.userId)) {
        throw conflict(MESSAGES.contactEmailDuplicate, { contactEmail: MESSAGES.contactEmailDuplicate });
      }
      return ok({ available: true as const });
    },
  );

  app.get<{ Querystring: z.infer<typeof idQuery> }>(
    '/api/open/isCheckId',
    { schema: { tags: ['account'], summary: '닉네임 중복 확인', querystring: idQuery } },
    async (request): Promise<AvailabilityResponse> => {
      if (await availability.nicknameTaken(request.query.id, request.identity?.userId)) {
        throw conflict(MESSAGES.nicknameDuplicate, { id: MESSAGES.nicknameDuplicate });
      }
      return ok({ available: true as const });
    },
  );
};

export default checkRoutes;
