import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ok, type Success } from '@sq/contracts';
import { judgingAnswer, teamHealthAnswer } from '@sq/contracts/api/operator-answers';
import type { JudgingView } from '@sq/contracts/api/operators/judging';
import type { TeamHealthResponse } from '@sq/contracts/api/operators/teams';
import { calendarDay, idParam, requireAdmin } from '@sq/service-kit';
import { teamHealth } from '../operators/sprint';
import { recordMisses } from '../operators/sprint-checkins';
import { judgingView, publishResults, scoreTeam } from '../operators/sprint-judging';
import { JUDGING_RUBRIC, type RubricKey } from '../operators/sprint-rules';
import { invalid, pageField } from './people-filter-query';

const oddParams = z.object({ oddId: idParam });
/** The page of the cohort's teams the console is on (the first when not given): team health and judging answer a page. */
const teamsQuery = z.object({
  page: pageField.default(1).describe('팀 페이지 (1부터, 페이지당 PROGRAMS_TEAMS_PAGE_SIZE팀)'),
});
/** Team health's page, of every team or only of those in trouble (short-handed, or with a member at risk). */
const healthQuery = teamsQuery.extend({
  trouble: z
    .enum(['true', 'false'], invalid)
    .default('false')
    .describe('true: 문제 있는 팀만 (인원 부족이거나 누락이 PROGRAMS_AT_RISK_MISSES회 이상인 활동 팀원이 있는 팀)'),
});
const teamParams = z.object({ teamId: idParam });
const criterion = z.number().int().min(0).max(10);
const scoreBody = z.object({
  scores: z.object(
    Object.fromEntries(JUDGING_RUBRIC.map((c) => [c.key, criterion])) as Record<RubricKey, typeof criterion>,
  ),
  feedback: z.string().trim().min(1).max(3000),
});
const publishBody = z.object({
  memberPrizes: z
    .array(z.object({ joinId: z.number().int().positive(), amountKrw: z.number().int().positive() }))
    .max(50)
    .default([]),
});
const missesBody = z.object({ day: calendarDay() });

/** Operators' side of the sprint: team health, the misses job on demand, the rubric scores and results. */
const adminSprintRoutes: FastifyPluginAsync = async (app) => {
  const tags = ['admin'];
  const { pageSize, rankingSize, atRiskMisses } = app.programsConfig.teamPages;
  app.get<{ Params: z.infer<typeof oddParams>; Querystring: z.infer<typeof healthQuery> }>(
    '/api/admin/cohorts/:oddId/team-health',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          '운영: 팀 건강도 (팀 한 페이지씩: 팀원 이름, 체크인 연속 일수, 누락; 문제 있는 팀만; 기수 전체의 인원 부족·중단 팀, 위험·하차 팀원 수)',
        params: oddParams,
        querystring: healthQuery,
        response: { 200: teamHealthAnswer },
      },
    },
    async (request): Promise<Success<TeamHealthResponse>> =>
      ok(
        await teamHealth(app, request.params.oddId, app.clock(), {
          page: request.query.page,
          pageSize,
          trouble: request.query.trouble === 'true',
          atRiskMisses,
        }),
      ),
  );
  app.post<{ Body: z.infer<typeof missesBody> }>(
    '/api/admin/checkins/misses/run',
    {
      onRequest: requireAdmin,
      schema: { tags, summary: '운영: 그날의 체크인 누락 기록 지금 실행 (밤 10시 작업과 같음)', body: missesBody },
    },
    async (request) => ok(await recordMisses(app, request.body.day)),
  );
  app.get(
    '/api/admin/judging/rubric',
    { onRequest: requireAdmin, schema: { tags, summary: '운영: 심사 기준과 가중치' } },
    async () => ok({ rubric: JUDGING_RUBRIC }),
  );
  app.get<{ Params: z.infer<typeof oddParams>; Querystring: z.infer<typeof teamsQuery> }>(
    '/api/admin/cohorts/:oddId/judging',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          '운영: 심사 현황 (팀 한 페이지씩: 팀원 이름, 제출물, 점수, 피드백; 기수 전체의 미채점 팀 수와 순위; 발표된 결과)',
        params: oddParams,
        querystring: teamsQuery,
        response: { 200: judgingAnswer },
      },
    },
    async (request): Promise<Success<JudgingView>> =>
      ok(await judgingView(app, request.params.oddId, { page: request.query.page, pageSize, rankingSize })),
  );
  app.put<{ Params: z.infer<typeof teamParams>; Body: z.infer<typeof scoreBody> }>(
    '/api/admin/teams/:teamId/score',
    {
      onRequest: requireAdmin,
      schema: { tags, summary: '운영: 팀 제출물 채점과 피드백', params: teamParams, body: scoreBody },
    },
    async (request) =>
      ok(
        await scoreTeam(
          app,
          request.identity!.userId,
          request.params.teamId,
          request.body.scores,
          request.body.feedback,
          app.clock(),
        ),
      ),
  );
  app.post<{ Params: z.infer<typeof oddParams>; Body: z.infer<typeof publishBody> }>(
    '/api/admin/cohorts/:oddId/results/publish',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: '운영: 심사 결과 발표 (우승 팀 400,000원, 1인 최대 100,000원, 총 600,000원)',
        params: oddParams,
        body: publishBody,
      },
    },
    async (request) =>
      ok(
        await publishResults(
          app,
          request.identity!.userId,
          request.params.oddId,
          request.body.memberPrizes,
          app.clock(),
        ),
      ),
  );
};

export default adminSprintRoutes;
