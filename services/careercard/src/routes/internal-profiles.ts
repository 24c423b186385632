import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MESSAGES, ok, uploadUrl, userName as userNameField, type InternalProfileResponse } from '@sq/contracts';
import { conflict, notFound, requireInternal } from '@sq/service-kit';
import { profileId } from '../profile-id';
import { codeNames as checkCodes, requireOwnUploads, type CardCodes } from '../card-rules';
import type { CardChanges } from '../repositories/card-repository';

/**
 * Service-to-service routes for the account service (never routed by the gateway): create the card at
 * sign-up (idempotent by the `idempotency-key` header), delete it again when the sign-up fails after all
 * (compensation), update it from onboarding (codes, intro, the member's own uploaded picture), and retire it
 * when the member withdraws.
 */
const idempotencyHeaders = z.looseObject({
  'idempotency-key': z.string({ error: MESSAGES.badRequest }).min(8, MESSAGES.badRequest).max(100, MESSAGES.badRequest),
});
const params = z.object({ id: profileId });
const code = z.string().min(1).max(40);
// The member's name as the account keeps it (its own rule: 2 to 20 characters, with its Korean messages).
const memberName = z.optional(userNameField);
const createBody = z.object({
  profileId,
  userId: z.number().int().positive(),
  userAlias: z.string().min(1).max(30),
  userName: memberName,
  jobGroupCode: code,
  positionCode: code.nullable().optional(),
  yearCode: code,
});
const updateBody = z.object({
  intro: z.string().max(1000).optional(),
  // The member's name, nickname and position, changed on the account side (POST /api/updateUser).
  userName: memberName,
  userAlias: z.string().min(1).max(30).optional(),
  positionCode: code.nullable().optional(),
  jobGroupCode: code.optional(),
  yearCode: code.optional(),
  // An upload (POST /api/fileUpload) of the card's own member; null takes the picture off.
  imgId: z.uuid().nullable().optional(),
});

const lookupBody = z.object({ ids: z.array(z.string().min(1).max(40)).min(1).max(10) });

const internalProfileRoutes: FastifyPluginAsync = async (app) => {
  const cards = app.cardLifecycleRepository;
  const codeNames = (codes: CardCodes) => checkCodes(app.codeRepository, codes);

  app.post<{ Body: z.infer<typeof createBody>; Headers: z.infer<typeof idempotencyHeaders> }>(
    '/internal/profiles',
    { preHandler: requireInternal, schema: { hide: true, body: createBody, headers: idempotencyHeaders } },
    async (request, reply): Promise<InternalProfileResponse> => {
      const key = request.headers['idempotency-key'];
      const body = request.body;
      const names = await codeNames(body);
      const answer = (created: boolean) => ok({ profile: { profileId: body.profileId, ...names }, created });

      const existing = await cards.createdWith(key);
      if (existing) {
        if (existing.profileId !== body.profileId || existing.userId !== body.userId)
          throw conflict(MESSAGES.badRequest);
        return answer(false);
      }
      const card = {
        profileId: body.profileId,
        userId: body.userId,
        userAlias: body.userAlias,
        userName: body.userName ?? null,
        jobGroupCode: body.jobGroupCode,
        positionCode: body.positionCode ?? null,
        yearCode: body.yearCode,
      };
      if (!(await cards.create(card, key))) {
        // A retry racing its own first attempt lands here too: the same key means the same card.
        const raced = await cards.createdWith(key);
        if (raced?.profileId === body.profileId) return answer(false);
        throw conflict(MESSAGES.careerCardIdDuplicate, { careerCardId: MESSAGES.careerCardIdDuplicate });
      }
      reply.status(201);
      return answer(true);
    },
  );

  // Compensation: removes the card only if this key created it (and nobody has retired it since).
  app.delete<{ Params: z.infer<typeof params>; Headers: z.infer<typeof idempotencyHeaders> }>(
    '/internal/profiles/:id',
    { preHandler: requireInternal, schema: { hide: true, params, headers: idempotencyHeaders } },
    async (request) =>
      ok({ deleted: await cards.removeCreated(request.params.id, request.headers['idempotency-key']) }),
  );

  app.patch<{ Params: z.infer<typeof params>; Body: z.infer<typeof updateBody> }>(
    '/internal/profiles/:id',
    { preHandler: requireInternal, schema: { hide: true, params, body: updateBody } },
    async (request): Promise<InternalProfileResponse> => {
      const body = request.body;
      const card = await cards.liveCard(request.params.id);
      if (!card) throw notFound();
      const names = await codeNames(body);
      const changes: CardChanges = {};
      if (body.intro !== undefined) changes.intro = body.intro;
      if (body.userName) changes.userName = body.userName;
      if (body.userAlias) changes.userAlias = body.userAlias;
      if (body.positionCode !== undefined) changes.positionCode = body.positionCode;
      if (body.jobGroupCode) changes.jobGroupCode = body.jobGroupCode;
      if (body.yearCode) changes.yearCode = body.yearCode;
      if (body.imgId === null) changes.imgUrl = null;
      if (body.imgId) {
        // Only the card's own member's upload: an id seen elsewhere (another card's picture) cannot be borrowed.
        await requireOwnUploads(app.uploadRepository, card.userId, [body.imgId], 'imgId');
        changes.imgUrl = uploadUrl(body.imgId);
      }
      if (!(await cards.update(card.profileId, changes))) throw notFound();
      return ok({ profile: { profileId: request.params.id, ...names }, created: false });
    },
  );

  // Which of these career card IDs exist (not retired), and whose they are: the programs service checks
  // friend requests of an application with it.
  app.post<{ Body: z.infer<typeof lookupBody> }>(
    '/internal/profiles/lookup',
    { preHandler: requireInternal, schema: { hide: true, body: lookupBody } },
    async (request) => ok({ profiles: await cards.liveOwners(request.body.ids) }),
  );

  // Withdrawal: the card goes private and anonymous; its ID stays taken so nobody can pose as the member.
  app.post<{ Params: z.infer<typeof params> }>(
    '/internal/profiles/:id/retire',
    { preHandler: requireInternal, schema: { hide: true, params } },
    async (request) => {
      const removed = await cards.retire(request.params.id);
      // After the commit: a file whose row is gone is never served, so a failed delete only leaves bytes behind.
      await Promise.all(
        removed.map((fileId) =>
          app.fileStorage
            .delete(fileId)
            .catch((error: unknown) => request.log.warn({ err: error, fileId }, 'upload not deleted')),
        ),
      );
      return ok({});
    },
  );
};

export default internalProfileRoutes;
