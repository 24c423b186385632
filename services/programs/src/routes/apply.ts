import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MESSAGES, ok } from '@sq/contracts';
import {
  applyPaths,
  bookRequestSchema,
  paymentConfirmSchema,
  type BookRequest,
  type BookResponse,
  type DraftResponse,
  type DupcheckResponse,
  type PaymentConfirmRequest,
  type PaymentConfirmResponse,
  type SaveStepResponse,
} from '@sq/contracts/api/applications';
import { ApiError, conflict, idParam, notFound, requireMember } from '@sq/service-kit';
import { draftOf, toSummary } from '../applications/application-view';
import { book, currentApplication, dupcheck, saveStep, startDraft } from '../applications/wizard';
import { createCareercardClient } from '../clients/careercard-client';
import { PgUnavailableError } from '../clients/pg-client';
import { outcomeOf } from '../payments/reservations';

const params = z.object({ oddId: idParam });
const stepParams = z.object({ oddId: idParam, step: z.string().max(20, MESSAGES.applyStepNotInFlow) });
type Params = z.infer<typeof params>;

/**
 * The apply wizard (member routes; the gateway forwards the signed identity): duplicate check, start or
 * resume the draft, save each step in order, book (card page), confirm the PG's answer.
 */
const applyRoutes: FastifyPluginAsync = async (app) => {
  const { peers, internalCalls } = app.programsConfig;
  const careercard = createCareercardClient({
    baseUrl: peers.careercardUrl,
    internalSecret: app.internalSecret,
    timeoutMs: peers.careercardTimeoutMs,
    retry: internalCalls,
  });
  const member = (request: { identity: { userId: number } | null }) => request.identity!.userId;
  const applications = app.applicationRepository;
  const views = app.applicationViews;

  const draftResponse = async (joinId: number): Promise<DraftResponse> => {
    const row = (await applications.context(joinId))!;
    return { draft: draftOf(row, await views.order(row), app.clock()) };
  };

  app.get<{ Params: Params }>(
    '/api/apply/:oddId/dupcheck',
    {
      preHandler: requireMember,
      schema: { tags: ['applications'], summary: '중복 지원 확인 (이 기수에 진행 중인 지원서)', params },
    },
    async (request): Promise<DupcheckResponse & { ErrorCode: '00' }> => {
      const now = app.clock();
      const { row, closedReason: reason } = await dupcheck(app, member(request), request.params.oddId, now);
      return ok({
        applied: Boolean(row),
        application: row ? toSummary(row, now) : null,
        open: reason === null,
        closedReason: reason,
      });
    },
  );

  app.post<{ Params: Params }>(
    '/api/apply/:oddId/draft',
    {
      preHandler: requireMember,
      schema: { tags: ['applications'], summary: '지원서 작성 시작 또는 이어 쓰기', params },
    },
    async (request, reply) => {
      const { row, created } = await startDraft(app, member(request), request.params.oddId, app.clock());
      if (created) reply.status(201);
      return ok(await draftResponse(row.join_id));
    },
  );

  app.get<{ Params: Params }>(
    '/api/apply/:oddId/draft',
    { preHandler: requireMember, schema: { tags: ['applications'], summary: '작성 중인 지원서', params } },
    async (request) => {
      const row = await currentApplication(app, member(request), request.params.oddId);
      return ok(await draftResponse(row.join_id));
    },
  );

  app.put<{ Params: z.infer<typeof stepParams> }>(
    '/api/apply/:oddId/steps/:step',
    {
      preHandler: requireMember,
      // The body's schema depends on the step (required, aside, product); the handler validates it with the contract's zod schema.
      schema: {
        tags: ['applications'],
        summary: '지원서 단계 저장 (required, aside, product; 순서대로)',
        params: stepParams,
      },
    },
    async (request): Promise<SaveStepResponse & { ErrorCode: '00' }> => {
      const row = await saveStep(
        app,
        careercard,
        member(request),
        request.params.oddId,
        request.params.step,
        request.body,
        app.clock(),
      );
      return ok(await draftResponse(row.join_id));
    },
  );

  app.post<{ Params: Params; Body: BookRequest }>(
    '/api/apply/:oddId/book',
    {
      preHandler: requireMember,
      schema: {
        tags: ['applications'],
        summary: '지원서 제출과 카드 등록 페이지 (결제 예약)',
        params,
        body: bookRequestSchema,
      },
    },
    async (request): Promise<BookResponse & { ErrorCode: '00' }> => {
      const now = app.clock();
      const { row, payment } = await book(
        app,
        member(request),
        request.params.oddId,
        request.body.device ?? 'desktop',
        now,
      );
      return ok({ application: toSummary(row, now), order: await views.order(row), payment });
    },
  );

  app.post<{ Params: Params; Body: PaymentConfirmRequest }>(
    '/api/apply/:oddId/payment/confirm',
    {
      preHandler: requireMember,
      schema: {
        tags: ['applications'],
        summary: '카드 등록 결과 확인 (결제 예약 또는 결제)',
        params,
        body: paymentConfirmSchema,
      },
    },
    async (request): Promise<PaymentConfirmResponse & { ErrorCode: '00' }> => {
      const userId = member(request);
      const { oddId } = request.params;
      const { issueId, billingKey, code, message } = request.body;
      const row = await applications.live(userId, oddId);
      if (!row) {
        // The member's application ended while its card page was open (e.g. the card-update deadline passed):
        // the key the PG just issued is refused and given back to the PG (acceptBillingKey answers 409).
        const ended = billingKey ? await applications.byCardPage(userId, oddId, issueId) : null;
        if (ended) await app.payments.acceptBillingKey(ended, billingKey!, 'MEMBER');
        throw notFound(MESSAGES.applyNotFound);
      }
      // A draft never opened a card page: there is nothing to confirm (it would otherwise read as paid).
      if (row.status === 'DRAFT') throw conflict(MESSAGES.paymentIssueMismatch);
      // A card update after a declined team charge returns to my page's application, whatever its outcome.
      const cardUpdate = (await applications.cardPagePurpose(row.join_id, issueId)) === 'CARD_UPDATE';
      let outcome;
      try {
        if (billingKey) {
          outcome = await app.payments.acceptBillingKey(row.join_id, billingKey, 'MEMBER');
        } else if (cardUpdate) {
          // The card page of a card update failed or was left: the application stays as it is (declined, deadline open).
          outcome = { status: 'FAILED' as const, message: message?.trim() || MESSAGES.paymentCardFailed };
        } else {
          if (row.status === 'SUBMITTED' && row.issue_id !== issueId) throw conflict(MESSAGES.paymentIssueMismatch);
          await app.payments.recordIssueFailure(row.join_id, issueId, {
            code: code ?? null,
            message: message?.trim() || MESSAGES.paymentCardFailed,
          });
          outcome = outcomeOf((await applications.context(row.join_id))!);
        }
      } catch (error) {
        if (error instanceof PgUnavailableError) throw new ApiError(503, MESSAGES.paymentUnavailable);
        throw error;
      }
      const now = app.clock();
      const context = (await applications.context(row.join_id))!;
      if (outcome.status === 'PENDING') throw new ApiError(503, MESSAGES.paymentUnavailable);
      const failed = outcome.status === 'FAILED' ? outcome : null;
      const result = failed ? 'PAYMENT_FAILED' : outcome.status === 'RESERVED' ? 'RESERVED' : 'PAID';
      const next = cardUpdate
        ? toSummary(context, now).links.detail
        : failed
          ? applyPaths.fail(context.kind, context.slug, oddId)
          : applyPaths.success(context.kind, context.slug, context.join_id);
      return ok({
        result,
        application: toSummary(context, now),
        order: await views.order(context),
        failure: failed ? { code: code ?? 'PG_PROVIDER', message: failed.message } : null,
        next,
      });
    },
  );
};

export default applyRoutes;
