import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  MESSAGES,
  SKILL_LEVELS_MAX_APPLICATIONS,
  ok,
  type AttachSkillResponse,
  type InternalSkillLevelResponse,
  type InternalSkillLevelsResponse,
  type MyCheckupResultResponse,
  type SharedCheckupResultResponse,
} from '@sq/contracts';
import { ApiError, idParam, notFound, requireInternal, requireMember } from '@sq/service-kit';

const params = z.object({ shareKey: z.uuid(MESSAGES.badRequest) });
const attachBody = z.strictObject({ surveyId: idParam, joinId: idParam }, { error: MESSAGES.badRequest });
const userParams = z.object({ userId: idParam });
const skillQuery = z.object({ joinId: idParam.optional() });
const levelsBody = z.object({
  applications: z.array(z.object({ userId: idParam, joinId: idParam })).max(SKILL_LEVELS_MAX_APPLICATIONS),
});

/** Results: the public share view (and the gateway's link preview), one's own, attachments, the internal level. */
const resultRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: z.infer<typeof params> }>(
    '/api/itskill/results/:shareKey',
    { schema: { tags: ['itskill'], summary: '공유된 IT 스킬 체크업 결과', params } },
    async (request): Promise<SharedCheckupResultResponse> => {
      const result = await app.resultRepository.findShared(request.params.shareKey);
      if (!result) throw notFound();
      return ok({ result });
    },
  );

  app.get(
    '/api/itskill/my-result',
    { onRequest: requireMember, schema: { tags: ['itskill'], summary: '내 최근 체크업 결과' } },
    async (request): Promise<MyCheckupResultResponse> => {
      const result = await app.resultRepository.latest(request.identity!.userId);
      if (!result) throw notFound(MESSAGES.checkupResultMissing);
      return ok({ result });
    },
  );

  app.post<{ Body: z.infer<typeof attachBody> }>(
    '/api/getMyinfoSkill',
    { onRequest: requireMember, schema: { tags: ['itskill'], summary: '지원서에 체크업 결과 첨부', body: attachBody } },
    async (request): Promise<AttachSkillResponse> => {
      const { userId } = request.identity!;
      // Only to one's own application: someone else's answers like a missing one.
      const owned = await app.applicationOwners.ownsApplication(userId, request.body.joinId).catch((error: unknown) => {
        request.log.warn({ err: error }, 'programs ownership check failed');
        throw new ApiError(503, MESSAGES.serviceUnavailable);
      });
      if (!owned) throw notFound(MESSAGES.applyNotFound);
      const attached = await app.resultRepository.attach(
        userId,
        request.body.surveyId,
        request.body.joinId,
        new Date(),
      );
      if (!attached) throw notFound(MESSAGES.checkupResultMissing);
      // Committed: programs takes its copy of the application's level now, or the retry job asks it later.
      await app.skillChangeOutbox.deliverFor(userId);
      return ok({ attached });
    },
  );

  // For the programs service (operators' team building) and account (the skill point): never routed by the gateway.
  app.get<{ Params: z.infer<typeof userParams>; Querystring: z.infer<typeof skillQuery> }>(
    '/internal/users/:userId/skill-level',
    { onRequest: requireInternal, schema: { hide: true, params: userParams, querystring: skillQuery } },
    async (request): Promise<InternalSkillLevelResponse> =>
      ok(await app.resultRepository.skillLevel(request.params.userId, request.query.joinId)),
  );

  // The same for many applications at once (programs: a cohort's applicants in the operators' console).
  app.post<{ Body: z.infer<typeof levelsBody> }>(
    '/internal/skill-levels',
    { onRequest: requireInternal, schema: { hide: true, body: levelsBody } },
    async (request): Promise<InternalSkillLevelsResponse> => {
      const levels = await app.resultRepository.skillLevels(request.body.applications);
      return ok({
        levels: [...levels].map(([joinId, skill]) => ({
          joinId,
          level: skill?.level ?? null,
          totalScore: skill?.totalScore ?? null,
        })),
      });
    },
  );
};

export default resultRoutes;
