import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ok } from '@sq/contracts';
import { idParam, requireInternal } from '@sq/service-kit';
import { erasePersonalData } from '../applications/erasure';
import { memberChanged } from '../operators/people-copy';

const params = z.object({ userId: idParam });
const applicationParams = z.object({ userId: idParam, joinId: idParam });
/** The names the member had before the account anonymised them; null or absent when the account no longer knows them. */
const erasureBody = z
  .object({
    nickname: z.string().max(30).nullish(),
    careerCardId: z.string().max(30).nullish(),
  })
  .nullish();

/**
 * For other services (never routed by the gateway). Account's withdrawal: how many of the member's applications
 * are still live (submitted, reserved, paid, in team building or running); a member with any is not let go.
 * Once the withdrawal committed, account asks to erase the member's personal data from the applications.
 */
const internalUserRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: z.infer<typeof params> }>(
    '/internal/users/:userId/live-applications',
    { preHandler: requireInternal, schema: { hide: true, params } },
    async (request) => {
      return ok({ liveApplications: await app.applicationRepository.liveCount(request.params.userId) });
    },
  );

  // Account's withdrawal outbox, after the withdrawal committed: the member's personal data leaves their
  // applications; the contract and payment record stays; the former nickname and career card ID in the body
  // leave other members' placement texts and friend lists (src/applications/erasure.ts). Idempotent, so the
  // outbox may deliver it again after a lost answer.
  app.post<{ Params: z.infer<typeof params>; Body: z.infer<typeof erasureBody> }>(
    '/internal/users/:userId/erase-personal-data',
    { preHandler: requireInternal, schema: { hide: true, params, body: erasureBody } },
    async (request) => {
      const result = await erasePersonalData(app, request.params.userId, app.clock(), request.body ?? {});
      request.log.info(
        { userId: request.params.userId, ...result },
        'withdrawn member: personal data erased from applications',
      );
      return ok(result);
    },
  );

  // The account (a changed name or nickname) and itskill (a completed check-up, a result attached to an
  // application) say the member changed, from their outboxes: each application of theirs needs a new copy of who
  // they are (OPERATORS.md, "Who the applicants are"), which the applicant-copy job queued here takes. Idempotent.
  app.post<{ Params: z.infer<typeof params> }>(
    '/internal/users/:userId/people-changed',
    { preHandler: requireInternal, schema: { hide: true, params } },
    async (request) => ok({ applications: await memberChanged(app, request.params.userId) }),
  );

  // For itskill's check-up attachment: whether the application is this member's (whatever its state).
  app.get<{ Params: z.infer<typeof applicationParams> }>(
    '/internal/users/:userId/applications/:joinId',
    { preHandler: requireInternal, schema: { hide: true, params: applicationParams } },
    async (request) => {
      return ok({ owned: await app.applicationRepository.belongsTo(request.params.joinId, request.params.userId) });
    },
  );
};

export default internalUserRoutes;
