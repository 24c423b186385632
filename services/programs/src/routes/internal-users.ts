import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ok } from '@sq/contracts';
import { ENDED_STATES, type ApplicationState } from '@sq/contracts/api/applications';
import { idParam, requireInternal } from '@sq/service-kit';
import { erasePersonalData } from '../applications/erasure';
import { createPeopleCopyRepository } from '../repositories/people-copy-repository';

/**
 * Statuses after which an application holds nothing of the member's any more (no reservation, no charge, no team
 * seat): the state machine's ended states (a partial refund included: what was kept is kept, nothing is pending)
 * and a completed program.
 */
export const FINISHED_APPLICATION_STATUSES: readonly ApplicationState[] = [...ENDED_STATES, 'COMPLETED'];

const params = z.object({ userId: idParam });
const applicationParams = z.object({ userId: idParam, joinId: idParam });
/** The names the member had before the account anonymised them; null or absent when the account no longer knows them. */
const erasureBody = z.object({
  nickname: z.string().max(30).nullish(),
  careerCardId: z.string().max(30).nullish(),
}).nullish();

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
      const row = await app.knex('application')
        .where({ user_id: request.params.userId })
        .whereNotIn('status', FINISHED_APPLICATION_STATUSES)
        .count({ n: '*' })
        .first();
      return ok({ liveApplications: Number(row?.n ?? 0) });
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
      const result = await erasePersonalData(app.knex, request.params.userId, app.clock(), request.body ?? {}, app.jobs);
      request.log.info({ userId: request.params.userId, ...result }, 'withdrawn member: personal data erased from applications');
      return ok(result);
    },
  );

  // The account (a changed name or nickname) and itskill (a completed check-up, a result attached to an
  // application) say the member changed, from their outboxes: each application of theirs needs a new copy of who
  // they are (OPERATORS.md, "Who the applicants are"), which the applicant-copy job queued here takes. Idempotent.
  app.post<{ Params: z.infer<typeof params> }>(
    '/internal/users/:userId/people-changed',
    { preHandler: requireInternal, schema: { hide: true, params } },
    async (request) => {
      const applications = await app.knex.transaction(async (trx) => {
        const changed = await createPeopleCopyRepository(trx).memberChanged(request.params.userId);
        if (changed) await app.jobs.sendIn(trx, 'applicant-copy', {});
        return changed;
      });
      return ok({ applications });
    },
  );

  // For itskill's check-up attachment: whether the application is this member's (whatever its state).
  app.get<{ Params: z.infer<typeof applicationParams> }>(
    '/internal/users/:userId/applications/:joinId',
    { preHandler: requireInternal, schema: { hide: true, params: applicationParams } },
    async (request) => {
      const row = await app.knex('application').where({ join_id: request.params.joinId, user_id: request.params.userId }).first('join_id');
      return ok({ owned: Boolean(row) });
    },
  );
};

export default internalUserRoutes;
