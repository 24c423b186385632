import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
// The same schema as my page's form: images are the member's uploads (/media/uploads/{id}) or web links.
import { MESSAGES, ok, submissionSchema, type SubmissionForm } from '@sq/contracts';
import { idParam, notFound, requireMember } from '@sq/service-kit';
import type { PeopleClient } from '../clients/people-client';
import { saveSubmission, teamView } from '../operators/sprint';
import { checkIn } from '../operators/sprint-checkins';

const joinParams = z.object({ joinId: idParam });

/** The member's side of a published team: the team, the daily check-in (sprint), the final submission. */
const sprintMemberRoutes: FastifyPluginAsync<{ people: PeopleClient }> = async (app, { people }) => {
  const own = async (userId: number, joinId: number) => {
    if (!(await app.applicationRepository.belongsTo(joinId, userId))) throw notFound(MESSAGES.applyNotFound);
  };

  app.get<{ Params: z.infer<typeof joinParams> }>(
    '/api/applications/:joinId/team',
    {
      onRequest: requireMember,
      schema: {
        tags: ['applications'],
        summary: '내 팀 (발표 후: 팀원, 역할, 커리어 카드, 배정 이유, 일정, 제출물, 심사 결과)',
        params: joinParams,
      },
    },
    async (request) => {
      await own(request.identity!.userId, request.params.joinId);
      return ok(await teamView(app, request.params.joinId, people, app.programsConfig.siteUrl, app.clock()));
    },
  );

  app.post<{ Params: z.infer<typeof joinParams> }>(
    '/api/applications/:joinId/checkin',
    {
      onRequest: requireMember,
      schema: { tags: ['applications'], summary: '오늘의 체크인 (팀 스프린트, 밤 10시 마감)', params: joinParams },
    },
    async (request) => {
      await own(request.identity!.userId, request.params.joinId);
      return ok(await checkIn(app, request.params.joinId, app.clock()));
    },
  );

  app.put<{ Params: z.infer<typeof joinParams>; Body: SubmissionForm }>(
    '/api/applications/:joinId/submission',
    {
      onRequest: requireMember,
      schema: {
        tags: ['applications'],
        summary: '팀 최종 제출 (마지막 날 오후 3시 마감, 이후 읽기 전용)',
        params: joinParams,
        body: submissionSchema,
      },
    },
    async (request) => {
      await own(request.identity!.userId, request.params.joinId);
      return ok({
        submission: await saveSubmission(
          app,
          request.params.joinId,
          request.identity!.userId,
          request.body,
          app.clock(),
        ),
      });
    },
  );
};

export default sprintMemberRoutes;
