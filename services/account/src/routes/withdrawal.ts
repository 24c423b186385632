import type { FastifyPluginAsync } from 'fastify';
import * as z from 'zod/mini';
import { MESSAGES, ok, withdrawalSchema, type WithdrawalForm } from '@sq/contracts';
import { conflict, forbidden, notFound, requireMember } from '@sq/service-kit';

const params = z.object(
  {
    id: z.pipe(
      z.string({ error: MESSAGES.badRequest }).check(z.regex(/^[1-9][0-9]{0,9}$/, MESSAGES.badRequest)),
      z.transform(Number),
    ),
  },
  { error: MESSAGES.badRequest },
);

/**
 * POST /api/setWithdrawal/{id}: only one's own id, and only without live applications (asked of the programs
 * service; a reservation, a charge or a team seat must be settled first: 409 with the reason). Every session
 * ends at once; the personal data is anonymised; kept are the account number (user_id, which the programs
 * service's contract and payment records point to, kept 5 years by the privacy policy), the points ledger
 * and the withdrawal record. Nothing that would let someone pose as the member is freed: the nickname and
 * career card ID stay taken (stored hashed), the career card becomes an anonymous private card. The sign-in
 * e-mail and the social identities are released (only their owner can use them again, as a new account).
 *
 * Across services: the account's change and the outbox rows commit together; after the commit the career card
 * is retired and the programs service erases the member's personal data from their applications (contact,
 * answers, links, friend requests; the contract and payment record stays), now or by the retry job. A
 * failure before the commit changes nothing anywhere.
 */
const withdrawalRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Params: z.infer<typeof params>; Body: WithdrawalForm }>(
    '/api/setWithdrawal/:id',
    {
      schema: { tags: ['account'], summary: '회원 탈퇴 (진행 중인 신청이 없을 때)', params, body: withdrawalSchema },
      preHandler: requireMember,
    },
    async (request) => {
      const identity = request.identity!;
      if (request.params.id !== identity.userId) throw forbidden();
      const user = await app.userRepository.findActiveById(identity.userId);
      if (!user) throw notFound(MESSAGES.pleaseLogIn);
      if ((await app.programs.liveApplications(user.user_id)) > 0) throw conflict(MESSAGES.withdrawalLiveApplications);

      if (
        !(await app.withdrawalRepository.withdraw(user, {
          reasonCode: request.body.reasonCode,
          reasonText: request.body.reasonText ?? null,
        }))
      ) {
        throw notFound(MESSAGES.pleaseLogIn);
      }
      // Committed: the card is retired and programs erases the personal data of the applications now, or the
      // retry job does it when a peer cannot take it at the moment.
      await Promise.all([
        user.profile_id ? app.retirementOutbox.deliverFor(user.user_id) : true,
        app.erasureOutbox.deliverFor(user.user_id),
      ]);
      return ok({ message: MESSAGES.withdrawalDone });
    },
  );
};

export default withdrawalRoutes;
