import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ok, type Success } from '@sq/contracts';
import {
  groupRefundConfirmationAnswer,
  groupRefundPreviewAnswer,
  replacementsAnswer,
} from '@sq/contracts/api/operator-answers';
import type {
  GroupRefundConfirmation,
  GroupRefundPreview,
  ReplacementCandidate,
} from '@sq/contracts/api/operators/team-changes';
import { idParam, requireAdmin } from '@sq/service-kit';
import {
  REMOVAL_REFUND_CASE,
  acceptReplacement,
  confirmGroupRefund,
  groupRefundPreview,
  refundLine,
  removeMember,
  replacementCandidates,
} from '../operators/team-changes';

const joinParams = z.object({ joinId: idParam });
const teamParams = z.object({ teamId: idParam });
const oddParams = z.object({ oddId: idParam });
const reason = z.enum(
  Object.keys(REMOVAL_REFUND_CASE) as [keyof typeof REMOVAL_REFUND_CASE, ...(keyof typeof REMOVAL_REFUND_CASE)[]],
);
const previewBody = z.object({ reason });
const removeBody = z.object({
  reason,
  expectedRefundKrw: z.number().int().min(0),
  note: z.string().trim().max(300).optional(),
});
const roleQuery = z.object({ role: z.enum(['PLANNER', 'DESIGNER', 'DEVELOPER']) });
const acceptBody = z.object({ joinId: z.number().int().positive() });
const groupCase = z.object({ refundCase: z.enum(['TEAM_STOP', 'COMPANY_ENDED']) });
const groupConfirm = z.object({
  refundCase: z.enum(['TEAM_STOP', 'COMPANY_ENDED']),
  expectedTotalKrw: z.number().int().min(0),
});

/** Member removal with a refund, replacements from the waitlist, team stop and company-ended refunds. */
const adminTeamRoutes: FastifyPluginAsync = async (app) => {
  const tags = ['admin'];

  app.post<{ Params: z.infer<typeof joinParams>; Body: z.infer<typeof previewBody> }>(
    '/api/admin/applications/:joinId/removal/preview',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: '운영: 팀원 제외 환불 미리보기 (지금 이 순간의 규정)',
        params: joinParams,
        body: previewBody,
      },
    },
    async (request) =>
      ok(await refundLine(app, request.params.joinId, REMOVAL_REFUND_CASE[request.body.reason], app.clock())),
  );

  app.post<{ Params: z.infer<typeof joinParams>; Body: z.infer<typeof removeBody> }>(
    '/api/admin/applications/:joinId/removal',
    {
      onRequest: requireAdmin,
      schema: { tags, summary: '운영: 팀원 제외 확정 (미리본 환불 금액으로)', params: joinParams, body: removeBody },
    },
    async (request) =>
      ok(
        await removeMember(
          app,
          request.identity!.userId,
          request.params.joinId,
          request.body.reason,
          request.body.expectedRefundKrw,
          request.body.note ?? null,
        ),
      ),
  );

  app.get<{ Params: z.infer<typeof teamParams>; Querystring: z.infer<typeof roleQuery> }>(
    '/api/admin/teams/:teamId/replacements',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: '운영: 대체 팀원 후보 (같은 역할 대기자와 이름, 잘 맞는 순)',
        params: teamParams,
        querystring: roleQuery,
        response: { 200: replacementsAnswer },
      },
    },
    async (request): Promise<Success<{ candidates: ReplacementCandidate[] }>> =>
      ok({ candidates: await replacementCandidates(app, request.params.teamId, request.query.role) }),
  );

  app.post<{ Params: z.infer<typeof teamParams>; Body: z.infer<typeof acceptBody> }>(
    '/api/admin/teams/:teamId/replacements',
    {
      onRequest: requireAdmin,
      schema: { tags, summary: '운영: 대체 팀원 확정 (결제 후 메일)', params: teamParams, body: acceptBody },
    },
    async (request) => {
      await acceptReplacement(app, request.identity!.userId, request.params.teamId, request.body.joinId);
      return ok({ accepted: true });
    },
  );

  app.post<{ Params: z.infer<typeof teamParams>; Body: z.infer<typeof groupCase> }>(
    '/api/admin/teams/:teamId/refunds/preview',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: '운영: 팀 중단/회사 사정 환불 미리보기 (팀원별 이름과 금액)',
        params: teamParams,
        body: groupCase,
        response: { 200: groupRefundPreviewAnswer },
      },
    },
    async (request): Promise<Success<GroupRefundPreview>> =>
      ok(await groupRefundPreview(app, { teamId: request.params.teamId }, request.body.refundCase, app.clock())),
  );

  app.post<{ Params: z.infer<typeof teamParams>; Body: z.infer<typeof groupConfirm> }>(
    '/api/admin/teams/:teamId/refunds',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: '운영: 팀 환불 확정 (미리본 총액으로)',
        params: teamParams,
        body: groupConfirm,
        response: { 200: groupRefundConfirmationAnswer },
      },
    },
    async (request): Promise<Success<GroupRefundConfirmation>> =>
      ok(
        await confirmGroupRefund(
          app,
          request.identity!.userId,
          { teamId: request.params.teamId },
          request.body.refundCase,
          request.body.expectedTotalKrw,
        ),
      ),
  );

  app.post<{ Params: z.infer<typeof oddParams>; Body: z.infer<typeof groupCase> }>(
    '/api/admin/cohorts/:oddId/refunds/preview',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: '운영: 기수 전체 환불 미리보기 (팀원별 이름과 금액)',
        params: oddParams,
        body: groupCase,
        response: { 200: groupRefundPreviewAnswer },
      },
    },
    async (request): Promise<Success<GroupRefundPreview>> =>
      ok(await groupRefundPreview(app, { oddId: request.params.oddId }, request.body.refundCase, app.clock())),
  );

  app.post<{ Params: z.infer<typeof oddParams>; Body: z.infer<typeof groupConfirm> }>(
    '/api/admin/cohorts/:oddId/refunds',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: '운영: 기수 전체 환불 확정 (미리본 총액으로)',
        params: oddParams,
        body: groupConfirm,
        response: { 200: groupRefundConfirmationAnswer },
      },
    },
    async (request): Promise<Success<GroupRefundConfirmation>> =>
      ok(
        await confirmGroupRefund(
          app,
          request.identity!.userId,
          { oddId: request.params.oddId },
          request.body.refundCase,
          request.body.expectedTotalKrw,
        ),
      ),
  );
};

export default adminTeamRoutes;
