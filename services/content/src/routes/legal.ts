import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MESSAGES, ok, type LegalKind, type LegalResponse } from '@sq/contracts';
import { notFound } from '@sq/service-kit';
import { loadRefundRules } from '../refunds';
import { refundLines } from '@sq/contracts/refund-text';
import { previewQuery, withPreview } from '../repositories/cms/preview';
import { createLegalRepository } from '../repositories/legal-repository';

const legalQuery = previewQuery.extend({
  version: z.coerce
    .number({ error: MESSAGES.badRequest })
    .int(MESSAGES.badRequest)
    .positive(MESSAGES.badRequest)
    .max(10_000, MESSAGES.badRequest)
    .optional(),
});

const TITLES: Record<LegalKind, string> = { terms: '이용약관', privacy: '개인정보 처리방침' };

const legalRoutes: FastifyPluginAsync = async (app) => {
  for (const kind of ['terms', 'privacy'] as const) {
    app.get<{ Querystring: z.infer<typeof legalQuery> }>(
      `/api/legal/${kind}`,
      {
        schema: {
          tags: ['legal'],
          summary: `${TITLES[kind]} (현재 시행 중인 버전, ?version=으로 이전 버전)`,
          querystring: legalQuery,
        },
      },
      async (request): Promise<LegalResponse> => {
        // A previewed version is shown before its effective date: the operator checks it ahead of time.
        const document = await withPreview(app, request, (db, draft) =>
          createLegalRepository(db).document(kind, request.query.version, draft?.itemId),
        );
        if (!document) throw notFound();
        // Refund sections carry no schedule of their own: it comes from the programs service's rows.
        const refunds = await loadRefundRules(
          app,
          document.sections.flatMap((s) => (s.refundProductId ? [s.refundProductId] : [])),
        );
        return ok({
          document: {
            ...document,
            sections: document.sections.map(({ heading, paragraphs, refundProductId }) => {
              if (!refundProductId) return { heading, paragraphs, notice: null };
              const data = refunds.get(refundProductId);
              if (!data) return { heading, paragraphs, notice: MESSAGES.refundRulesUnavailable };
              return { heading, paragraphs: [...paragraphs, ...refundLines(data)], notice: null };
            }),
          },
        });
      },
    );
  }
};

export default legalRoutes;
