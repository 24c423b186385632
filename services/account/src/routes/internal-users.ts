import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MESSAGES, ok } from '@sq/contracts';
import { conflict, idParam, notFound, requireInternal } from '@sq/service-kit';
import { uniqueViolationToConflict } from '../lib/availability';

const params = z.object({ userId: idParam });
const name = z.string().max(100);
const mirrorBody = z.object({
  // Already checked against the nickname rule by careercard (@sq/contracts profileSchema).
  useralias: z.string().trim().min(2).max(20).optional(),
  jobCode: z.string().min(1).max(40),
  jobGroupName: name,
  positionName: name.nullable(),
  yearCode: z.string().min(1).max(40),
  careerYearsName: name,
});

/**
 * For the careercard service (never routed by the gateway): the member saved their card's profile
 * (POST /api/profile). The nickname is the account's and must stay unique, so careercard asks here first
 * (409 이미 사용 중인 닉네임이에요. changes nothing); the job group, position and career years are mirrored
 * so the signed-in user (GET /api/meOauth) shows what the card shows.
 */
const internalUserRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Params: z.infer<typeof params>; Body: z.infer<typeof mirrorBody> }>(
    '/internal/users/:userId/profile',
    { preHandler: requireInternal, schema: { hide: true, params, body: mirrorBody } },
    async (request) => {
      const { userId } = request.params;
      const body = request.body;
      const user = await app.userRepository.findActiveById(userId);
      if (!user) throw notFound(MESSAGES.pleaseLogIn);
      const aliasChange =
        body.useralias !== undefined && body.useralias.toLowerCase() !== user.user_alias.toLowerCase();
      if (aliasChange && (await app.availability.nicknameTaken(body.useralias!, userId))) {
        throw conflict(MESSAGES.nicknameDuplicate, { useralias: MESSAGES.nicknameDuplicate });
      }
      try {
        await app.userRepository.update(userId, {
          ...(body.useralias !== undefined ? { user_alias: body.useralias } : {}),
          job_code: body.jobCode,
          job_group: body.jobGroupName,
          position: body.positionName,
          year_code: body.yearCode,
          career_years: body.careerYearsName,
        });
      } catch (error) {
        throw uniqueViolationToConflict(error);
      }
      // Committed: programs takes its copies of a new nickname now, or the retry job asks it later.
      if (body.useralias !== undefined) await app.peopleChangeOutbox.deliverFor(userId);
      return ok({});
    },
  );
};

export default internalUserRoutes;
