import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MESSAGES, ok } from '@sq/contracts';
import {
  RECONCILIATION_MAX_WINDOW_DAYS,
  closeExceptionBody,
  runReconciliationBody,
  type MoneyException,
  type MoneyExceptionActionResponse,
  type MoneyExceptionsResponse,
  type ReconciliationRun,
  type ReconciliationRunsResponse,
  type RunReconciliationBody,
  type CloseExceptionBody,
} from '@sq/contracts/api/money';
import { badRequest, conflict, idParam, requireAdmin } from '@sq/service-kit';
import type { OpenExceptionRow, RunRow } from '../repositories/reconciliation-repository';
import {
  BOOKABLE,
  RETRYABLE,
  bookFromPg,
  closeWithReason,
  openQueue,
  retryException,
} from '../reconciliation/exceptions';
import { reconcileByOperator, runsOf, type ReconcileDeps } from '../reconciliation/reconcile';

const exceptionParams = z.object({ exceptionId: idParam });
const runsQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
/** Open exceptions one answer lists at most, oldest first (the queue is worked from the oldest). */
const EXCEPTIONS_PAGE = 500;

export const runView = (row: RunRow): ReconciliationRun => ({
  runId: Number(row.run_id),
  windowFrom: new Date(row.window_from).toISOString(),
  windowUntil: new Date(row.window_until).toISOString(),
  status: row.status,
  trigger: row.trigger,
  pgPayments: row.pg_payments,
  pgBillingKeys: row.pg_billing_keys,
  matchedCount: row.matched_count,
  matchedKrw: Number(row.matched_krw),
  matchedRefundKrw: Number(row.matched_refund_krw),
  mismatches: row.mismatches ?? {},
  openedCount: row.opened_count,
  resolvedCount: row.resolved_count,
  error: row.error,
  startedAt: new Date(row.started_at).toISOString(),
  finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
});

const exceptionView = (row: OpenExceptionRow, now: Date): MoneyException => ({
  exceptionId: Number(row.exception_id),
  kind: row.kind,
  paymentId: row.payment_id,
  joinId: row.join_id,
  userId: row.user_id,
  memberName: row.member_name,
  cohortName: row.cohort_name,
  billingKey: row.billing_key,
  amountKrw: row.amount_krw,
  detail: row.detail,
  openedAt: new Date(row.opened_at).toISOString(),
  ageHours: Math.max(0, Math.floor((now.getTime() - new Date(row.opened_at).getTime()) / 3_600_000)),
  actions: { retry: RETRYABLE.includes(row.kind), book: BOOKABLE.includes(row.kind) },
});

/**
 * The operators' money page (/admin/money): reconciliation runs with their figures, running one now, the open
 * exceptions and the actions that fix them (reconciliation/exceptions.ts). ROLE_ADMIN only; every action audited.
 */
const adminMoneyRoutes: FastifyPluginAsync<{ deps: ReconcileDeps }> = async (app, { deps }) => {
  const tags = ['admin'];

  app.get<{ Querystring: z.infer<typeof runsQuery> }>(
    '/api/admin/money/runs',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: '운영: PG 대사 실행 기록 (기간, 일치 건수·금액, 종류별 불일치)',
        querystring: runsQuery,
      },
    },
    async (request): Promise<ReconciliationRunsResponse & { ErrorCode: '00' }> =>
      ok({ runs: (await runsOf(deps, request.query.limit)).map(runView) }),
  );

  app.post<{ Body: RunReconciliationBody }>(
    '/api/admin/money/runs',
    {
      onRequest: requireAdmin,
      schema: { tags, summary: '운영: PG 대사 지금 실행 (기간 생략 시 설정된 최근 기간)', body: runReconciliationBody },
    },
    async (request): Promise<{ run: ReconciliationRun; ErrorCode: '00' }> => {
      const until = request.body?.until ? new Date(request.body.until) : app.clock();
      const from = request.body?.from
        ? new Date(request.body.from)
        : new Date(until.getTime() - deps.config.windowHours * 3_600_000);
      if (from >= until || until.getTime() - from.getTime() > RECONCILIATION_MAX_WINDOW_DAYS * 86_400_000)
        throw badRequest(MESSAGES.moneyReconciliationWindowInvalid);
      const run = await reconcileByOperator(deps, { from, until }, request.identity!.userId);
      if (!run) throw conflict(MESSAGES.moneyReconciliationRunning);
      return ok({ run: runView(run) });
    },
  );

  app.get(
    '/api/admin/money/exceptions',
    { onRequest: requireAdmin, schema: { tags, summary: '운영: 열린 돈 예외 (종류, 경과 시간, 금액, 회원, 신청)' } },
    async (): Promise<MoneyExceptionsResponse & { ErrorCode: '00' }> => {
      const now = app.clock();
      return ok({ exceptions: (await openQueue(deps, EXCEPTIONS_PAGE)).map((row) => exceptionView(row, now)) });
    },
  );

  type Act = { Params: z.infer<typeof exceptionParams> };
  app.post<Act>(
    '/api/admin/money/exceptions/:exceptionId/retry',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: '운영: 돈 예외 다시 시도 (미지급 환불 재요청, 확인 지연 결제 재확인)',
        params: exceptionParams,
      },
    },
    async (request): Promise<MoneyExceptionActionResponse & { ErrorCode: '00' }> =>
      ok(await retryException(deps, request.params.exceptionId, request.identity!.userId)),
  );
  app.post<Act>(
    '/api/admin/money/exceptions/:exceptionId/book',
    {
      onRequest: requireAdmin,
      schema: { tags, summary: '운영: 돈 예외를 PG 기록대로 장부에 반영', params: exceptionParams },
    },
    async (request): Promise<MoneyExceptionActionResponse & { ErrorCode: '00' }> =>
      ok(await bookFromPg(deps, request.params.exceptionId, request.identity!.userId)),
  );
  app.post<Act & { Body: CloseExceptionBody }>(
    '/api/admin/money/exceptions/:exceptionId/close',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: '운영: 돈 예외 닫기 (사유 필수, 돈은 움직이지 않음)',
        params: exceptionParams,
        body: closeExceptionBody,
      },
    },
    async (request): Promise<MoneyExceptionActionResponse & { ErrorCode: '00' }> =>
      ok(await closeWithReason(deps, request.params.exceptionId, request.identity!.userId, request.body.reason)),
  );
};

export default adminMoneyRoutes;
