import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MESSAGES, ok, uploadUrl, userName as userNameField, type InternalProfileResponse } from '@sq/contracts';
import { conflict, notFound, requireInternal } from '@sq/service-kit';
import { profileId } from '../profile-id';
import { codeNames as checkCodes, requireOwnUploads, type CardCodes } from '../card-rules';

/**
 * Service-to-service routes for the account service (never routed by the gateway): create the card at
 * sign-up (idempotent by the `idempotency-key` header), delete it again when the sign-up fails after all
 * (compensation), update it from onboarding (codes, intro, the member's own uploaded picture), and retire it
 * when the member withdraws.
 */
const idempotencyHeaders = z.looseObject({ 'idempotency-key': z.string({ error: MESSAGES.badRequest }).min(8, MESSAGES.badRequest).max(100, MESSAGES.badRequest) });
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
  const codeNames = (codes: CardCodes) => checkCodes(app.knex, codes);

  app.post<{ Body: z.infer<typeof createBody>; Headers: z.infer<typeof idempotencyHeaders> }>(
    '/internal/profiles',
    { preHandler: requireInternal, schema: { hide: true, body: createBody, headers: idempotencyHeaders } },
    async (request, reply): Promise<InternalProfileResponse> => {
      const key = request.headers['idempotency-key'];
      const body = request.body;
      const names = await codeNames(body);
      const answer = (created: boolean) => ok({ profile: { profileId: body.profileId, ...names }, created });

      const existing = await app.knex('profile').where({ creation_key: key }).first('profile_id', 'user_id');
      if (existing) {
        if (existing.profile_id !== body.profileId || existing.user_id !== body.userId) throw conflict(MESSAGES.badRequest);
        return answer(false);
      }
      try {
        await app.knex('profile').insert({
          profile_id: body.profileId,
          user_id: body.userId,
          user_alias: body.userAlias,
          user_name: body.userName ?? null,
          job_group_code: body.jobGroupCode,
          position_code: body.positionCode ?? null,
          year_code: body.yearCode,
          creation_key: key,
          is_public: true,
        });
      } catch (error) {
        if ((error as { code?: string }).code !== '23505') throw error;
        // A retry racing its own first attempt lands here too: the same key means the same card.
        const raced = await app.knex('profile').where({ creation_key: key }).first('profile_id');
        if (raced?.profile_id === body.profileId) return answer(false);
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
    async (request) => {
      const deleted = await app.knex('profile')
        .where({ profile_id: request.params.id, creation_key: request.headers['idempotency-key'] })
        .whereNull('retired_at')
        .delete();
      return ok({ deleted: deleted > 0 });
    },
  );

  app.patch<{ Params: z.infer<typeof params>; Body: z.infer<typeof updateBody> }>(
    '/internal/profiles/:id',
    { preHandler: requireInternal, schema: { hide: true, params, body: updateBody } },
    async (request): Promise<InternalProfileResponse> => {
      const body = request.body;
      const card = await app.knex('profile').whereRaw('lower(profile_id) = lower(?)', [request.params.id]).whereNull('retired_at').first('profile_id', 'user_id');
      if (!card) throw notFound();
      const names = await codeNames(body);
      const changes: Record<string, unknown> = { updated_at: app.knex.fn.now() };
      if (body.intro !== undefined) changes.intro = body.intro;
      if (body.userName) changes.user_name = body.userName;
      if (body.userAlias) changes.user_alias = body.userAlias;
      if (body.positionCode !== undefined) changes.position_code = body.positionCode;
      if (body.jobGroupCode) changes.job_group_code = body.jobGroupCode;
      if (body.yearCode) changes.year_code = body.yearCode;
      if (body.imgId === null) changes.img_url = null;
      if (body.imgId) {
        // Only the card's own member's upload: an id seen elsewhere (another card's picture) cannot be borrowed.
        await requireOwnUploads(app.knex, card.user_id, [body.imgId], 'imgId');
        changes.img_url = uploadUrl(body.imgId);
      }
      const updated = await app.knex('profile').where({ profile_id: card.profile_id }).whereNull('retired_at').update(changes);
      if (!updated) throw notFound();
      return ok({ profile: { profileId: request.params.id, ...names }, created: false });
    },
  );

  // Which of these career card IDs exist (not retired), and whose they are: the programs service checks
  // friend requests of an application with it.
  app.post<{ Body: z.infer<typeof lookupBody> }>(
    '/internal/profiles/lookup',
    { preHandler: requireInternal, schema: { hide: true, body: lookupBody } },
    async (request) => {
      const ids = request.body.ids.map((id) => id.toLowerCase());
      const rows = await app.knex('profile').whereRaw('lower(profile_id) = any(?)', [ids]).whereNull('retired_at').select('profile_id', 'user_id');
      return ok({ profiles: rows.map((r) => ({ profileId: r.profile_id as string, userId: r.user_id as number | null })) });
    },
  );

  // Withdrawal: the card goes private and anonymous; its ID stays taken so nobody can pose as the member.
  app.post<{ Params: z.infer<typeof params> }>(
    '/internal/profiles/:id/retire',
    { preHandler: requireInternal, schema: { hide: true, params } },
    async (request) => {
      const id = request.params.id;
      const removed = await app.knex.transaction(async (trx) => {
        const row = await trx('profile').whereRaw('lower(profile_id) = lower(?)', [id]).forUpdate().first('profile_id', 'user_id');
        if (!row) return [];
        // The member's pictures go too: their URLs are public and must stop answering.
        const uploads: { file_id: string }[] = row.user_id === null ? [] : await trx('upload').where({ owner_user_id: row.user_id }).delete().returning('file_id');
        await trx('profile_skill').where({ profile_id: row.profile_id }).delete();
        await trx('profile_project').where({ profile_id: row.profile_id }).delete();
        await trx('profile').where({ profile_id: row.profile_id }).update({
          user_alias: '탈퇴회원', user_name: null, intro: '', img_url: null, cover_img_url: null, is_public: false, show_skill_level: false, retired_at: trx.fn.now(), updated_at: trx.fn.now(),
        });
        return uploads.map((u) => u.file_id);
      });
      // After the commit: a file whose row is gone is never served, so a failed delete only leaves bytes behind.
      await Promise.all(removed.map((fileId) => app.fileStorage.delete(fileId).catch((error: unknown) => request.log.warn({ err: error, fileId }, 'upload not deleted'))));
      return ok({});
    },
  );
};

export default internalProfileRoutes;
