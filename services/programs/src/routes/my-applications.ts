import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MESSAGES, ok } from '@sq/contracts';
import {
  cancelRequestSchema,
  historyOneSchema,
  applyPaths,
  type CancelRequest,
  type CancelResponse,
  type CardUpdateResponse,
  type HistoryOneRequest,
  type JoinHistoryOneResponse,
  type JoinHistoryResponse,
  type JoinProjectResponse,
} from '@sq/contracts/api/applications';
import { ApiError, idParam, notFound, requireMember } from '@sq/service-kit';
import { toSummary } from '../applications/application-view';
import { PgUnavailableError } from '../clients/pg-client';
import { memberCustomerId } from '../core/deps';

const joinParams = z.object({ joinId: idParam });

/**
 * My applications (spec section 7 calls: GET /join/history, POST /join/history/one, GET /getJoinProject) and
 * the member's own cancellation. Every record is the caller's own: another member's joinId is a 404.
 */
const myApplicationRoutes: FastifyPluginAsync = async (app) => {
  const applications = app.applicationRepository;
  const views = app.applicationViews;
  const own = async (userId: number, joinId: number) => {
    const row = await applications.context(joinId);
    if (!row || row.user_id !== userId) throw notFound(MESSAGES.applyNotFound);
    return row;
  };

  app.get(
    '/api/join/history',
    { preHandler: requireMember, schema: { tags: ['applications'], summary: '내 지원 내역 (최신순)' } },
    async (request): Promise<JoinHistoryResponse & { ErrorCode: '00' }> => {
      const rows = await applications.ofMember(request.identity!.userId);
      const now = app.clock();
      return ok({ applications: rows.map((row) => toSummary(row, now)) });
    },
  );

  app.post<{ Body: HistoryOneRequest }>(
    '/api/join/history/one',
    {
      preHandler: requireMember,
      schema: {
        tags: ['applications'],
        summary: '내 지원 상세 (답변, 결제 내역, 환불 가능 금액)',
        body: historyOneSchema,
      },
    },
    async (request): Promise<JoinHistoryOneResponse & { ErrorCode: '00' }> => {
      const row = await own(request.identity!.userId, request.body.joinId);
      return ok({ application: await views.detail(row, app.clock()) });
    },
  );

  app.get(
    '/api/getJoinProject',
    { preHandler: requireMember, schema: { tags: ['applications'], summary: '진행 중인 내 프로젝트 (제출된 지원)' } },
    async (request): Promise<JoinProjectResponse & { ErrorCode: '00' }> => {
      const rows = await applications.inProgress(request.identity!.userId);
      const now = app.clock();
      return ok({ projects: rows.map((row) => toSummary(row, now)) });
    },
  );

  app.post<{ Params: z.infer<typeof joinParams>; Body: CancelRequest }>(
    '/api/applications/:joinId/cancel',
    {
      preHandler: requireMember,
      schema: {
        tags: ['applications'],
        summary: '지원 취소 (팀 빌딩 전; 결제된 지원은 환불 규정대로 환불)',
        params: joinParams,
        body: cancelRequestSchema,
      },
    },
    async (request): Promise<CancelResponse & { ErrorCode: '00' }> => {
      const userId = request.identity!.userId;
      await own(userId, request.params.joinId);
      let refundKrw: number;
      try {
        ({ refundKrw } = await app.payments.cancelByMember(userId, request.params.joinId, request.body?.reason));
      } catch (error) {
        if (error instanceof PgUnavailableError) throw new ApiError(503, MESSAGES.paymentUnavailable);
        throw error;
      }
      const row = await own(userId, request.params.joinId);
      return ok({ application: await views.detail(row, app.clock()), refundKrw });
    },
  );

  // A team charge declined at publish: the member registers another card until the deadline (the mail links to
  // my page). Not the wizard's book step: the cohort no longer recruits and the answers are not asked again.
  app.post<{ Params: z.infer<typeof joinParams> }>(
    '/api/applications/:joinId/card',
    {
      preHandler: requireMember,
      schema: {
        tags: ['applications'],
        summary: '결제 카드 변경 (팀 결제가 거절된 지원, 기한 안에): 카드 등록 페이지',
        params: joinParams,
      },
    },
    async (request): Promise<CardUpdateResponse & { ErrorCode: '00' }> => {
      const userId = request.identity!.userId;
      const row = await own(userId, request.params.joinId);
      const now = app.clock();
      const customerId = memberCustomerId(app.programsConfig.pg.customerIdSecret, userId);
      const issueId = await app.payments.openCardUpdate(row.join_id, customerId, now);
      // Both devices come back through the spec's callback path: it confirms and goes on to this application's page.
      const redirectUrl = `${app.programsConfig.siteUrl}${applyPaths.callback(row.kind, row.odd_id)}`;
      const paymentPageUrl = app.payments.pg.issuePageUrl({
        issueId,
        issueName: `${row.product_name} ${row.cohort_name}`,
        customerId,
        redirectUrl,
      });
      const updated = await own(userId, row.join_id);
      return ok({ application: await views.detail(updated, now), payment: { issueId, paymentPageUrl, redirectUrl } });
    },
  );
};

export default myApplicationRoutes;
