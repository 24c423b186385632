import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MESSAGES, ok, type FaqEntry, type FaqResponse } from '@sq/contracts';
import { notFound } from '@sq/service-kit';
import { loadRefundRules } from '../refunds';
import { cohortDateLines, refundLines } from '@sq/contracts/refund-text';
import { fillPlaceholders, hasPlaceholder } from '../product-text';
import { createFaqRepository, type StoredFaqEntry } from '../repositories/faq-repository';
import { previewQuery, withPreview } from '../repositories/cms/preview';

const faqQuery = previewQuery.extend({
  category: z
    .string({ error: MESSAGES.badRequest })
    .regex(/^[a-z][a-z0-9-]{1,39}$/, MESSAGES.badRequest)
    .optional(),
});

/** Entries whose text comes (partly) from the programs service: refund answers and answers naming fees or team sizes. */
const needsProgramData = (entry: StoredFaqEntry) =>
  entry.productId !== null && (entry.kind === 'REFUND' || entry.answer.some(hasPlaceholder));

const faqRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: z.infer<typeof faqQuery> }>(
    '/api/faq',
    { schema: { tags: ['faq'], summary: '자주 묻는 질문 (프로그램별 분류)', querystring: faqQuery } },
    async (request): Promise<FaqResponse> => {
      const categories = await withPreview(app, request, (db) =>
        createFaqRepository(db).categories(request.query.category),
      );
      if (!categories) throw notFound();
      const programData = await loadRefundRules(
        app,
        categories.flatMap((c) => c.entries.filter(needsProgramData).map((e) => e.productId!)),
      );

      const render = (entry: StoredFaqEntry): FaqEntry => {
        const base = { entryId: entry.entryId, question: entry.question, kind: entry.kind, productId: entry.productId };
        const data = entry.productId === null ? null : (programData.get(entry.productId) ?? null);
        const fill = (paragraphs: string[]) => paragraphs.map((paragraph) => fillPlaceholders(paragraph, data));
        const filled = fill(entry.answer);
        const answer = filled.filter((p): p is string => p !== null);
        if (entry.kind === 'REFUND') {
          // The operators' text around the table; the table itself is the refund rules', never typed.
          const after = fill(entry.answerAfter).filter((p): p is string => p !== null);
          if (!data) return { ...base, answer: [...answer, ...after], notice: MESSAGES.refundRulesUnavailable };
          return {
            ...base,
            answer: [
              ...answer,
              ...refundLines(data, entry.refundCases),
              ...cohortDateLines(data, entry.refundCases),
              ...after,
            ],
            notice: null,
          };
        }
        return { ...base, answer, notice: answer.length < filled.length ? MESSAGES.programsUnavailable : null };
      };

      return ok({
        categories: categories.map((category) => ({
          slug: category.slug,
          name: category.name,
          productId: category.productId,
          entries: category.entries.map(render),
        })),
      });
    },
  );
};

export default faqRoutes;
