import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ok } from '@sq/contracts';
import type { BoardResponse, PublishPreview, PublishResponse } from '@sq/contracts/api/operators/board';
import { badRequest, idParam, requireAdmin } from '@sq/service-kit';
import {
  boardView,
  lockOnBoard,
  moveMember,
  publishBoard,
  publishPreview,
  runMatcher,
  type BoardDeps,
  type BoardQuery,
} from '../operators/board';
import { runChargeDeadlines } from '../operators/charging';
import { hoursInOrder, pageField, personFilterFields } from './people-filter-query';

const oddParams = z.object({ oddId: idParam });
const teamKey = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/);
const runBody = z.object({ seed: z.number().int().min(1).max(2_147_483_647).optional() });
const moveBody = z.object({ joinId: z.number().int().positive(), toTeam: teamKey.nullable() });
const lockBody = z.object({
  joinId: z.number().int().positive().optional(),
  teamKey: teamKey.optional(),
  locked: z.boolean(),
});
/**
 * The page the console is on (teams and waitlist; the first when not given) and its people filters: every answer of
 * the board is that page. There is no whole board: a 5,000-applicant one is megabytes (OPERATORS.md).
 */
const boardQuery = hoursInOrder(
  personFilterFields.extend({
    page: pageField.default(1).describe('팀 페이지 (1부터, 페이지당 PROGRAMS_BOARD_TEAMS_PAGE_SIZE팀)'),
    waitlistPage: pageField
      .default(1)
      .describe('대기 명단 페이지 (1부터, 페이지당 PROGRAMS_BOARD_WAITLIST_PAGE_SIZE명)'),
  }),
);
type Query = z.infer<typeof boardQuery>;
const viewOf = ({ page, waitlistPage, ...filters }: Query): BoardQuery => ({ page, waitlistPage, filters });

/** The team building board of a cohort: run the matcher, move and lock, preview the charges, publish once. */
const adminBoardRoutes: FastifyPluginAsync<{ deps: BoardDeps }> = async (app, { deps }) => {
  const schema = (summary: string, extra: Record<string, unknown> = {}) => ({
    tags: ['admin'],
    summary,
    params: oddParams,
    ...extra,
  });
  const viewed = (summary: string, extra: Record<string, unknown> = {}) =>
    schema(summary, { querystring: boardQuery, ...extra });

  app.get<{ Params: z.infer<typeof oddParams>; Querystring: Query }>(
    '/api/admin/cohorts/:oddId/board',
    {
      onRequest: requireAdmin,
      schema: viewed('운영: 팀 빌딩 보드 (팀과 대기 명단 한 페이지씩, page 없으면 첫 페이지, 사람 필터)'),
    },
    async (request): Promise<BoardResponse & { ErrorCode: '00' }> =>
      ok(await boardView(deps, request.params.oddId, viewOf(request.query))),
  );

  app.post<{ Params: z.infer<typeof oddParams>; Querystring: Query; Body: z.infer<typeof runBody> }>(
    '/api/admin/cohorts/:oddId/board/run',
    { onRequest: requireAdmin, schema: viewed('운영: 매칭 실행 (잠금은 그대로)', { body: runBody }) },
    async (request): Promise<BoardResponse & { ErrorCode: '00' }> => {
      await runMatcher(deps, request.params.oddId, request.identity!.userId, request.body?.seed);
      return ok(await boardView(deps, request.params.oddId, viewOf(request.query)));
    },
  );

  app.post<{ Params: z.infer<typeof oddParams>; Querystring: Query; Body: z.infer<typeof moveBody> }>(
    '/api/admin/cohorts/:oddId/board/move',
    { onRequest: requireAdmin, schema: viewed('운영: 팀원 옮기기 (toTeam null이면 대기 명단)', { body: moveBody }) },
    async (request): Promise<BoardResponse & { ErrorCode: '00' }> => {
      await moveMember(deps, request.params.oddId, request.identity!.userId, request.body.joinId, request.body.toTeam);
      return ok(await boardView(deps, request.params.oddId, viewOf(request.query)));
    },
  );

  app.post<{ Params: z.infer<typeof oddParams>; Querystring: Query; Body: z.infer<typeof lockBody> }>(
    '/api/admin/cohorts/:oddId/board/lock',
    { onRequest: requireAdmin, schema: viewed('운영: 팀원 또는 팀 잠금', { body: lockBody }) },
    async (request): Promise<BoardResponse & { ErrorCode: '00' }> => {
      const { joinId, teamKey: key, locked } = request.body;
      if (joinId === undefined && key === undefined) throw badRequest();
      await lockOnBoard(deps, request.params.oddId, request.identity!.userId, { joinId, teamKey: key }, locked);
      return ok(await boardView(deps, request.params.oddId, viewOf(request.query)));
    },
  );

  app.get<{ Params: z.infer<typeof oddParams> }>(
    '/api/admin/cohorts/:oddId/board/preview',
    { onRequest: requireAdmin, schema: schema('운영: 발표 전 결제 미리보기 (결제 대상과 총액)') },
    async (request): Promise<PublishPreview & { ErrorCode: '00' }> =>
      ok(await publishPreview(deps, request.params.oddId)),
  );

  app.post<{ Params: z.infer<typeof oddParams> }>(
    '/api/admin/cohorts/:oddId/board/publish',
    { onRequest: requireAdmin, schema: schema('운영: 팀 발표 (팀원마다 결제 작업 1건, 한 번만)') },
    async (request): Promise<PublishResponse & { ErrorCode: '00' }> => {
      const done = await publishBoard(deps, request.params.oddId, request.identity!.userId);
      return ok({
        oddId: request.params.oddId,
        publishedAt: done.publishedAt.toISOString(),
        chargeJobs: done.chargeJobs,
        teams: done.teams,
      });
    },
  );

  app.post(
    '/api/admin/payment-deadlines/run',
    {
      onRequest: requireAdmin,
      schema: { tags: ['admin'], summary: '운영: 결제 실패 카드 변경 기한 처리 지금 실행 (대기자 충원)' },
    },
    async () => ok(await runChargeDeadlines(app, app.clock())),
  );
};

export default adminBoardRoutes;
