import type { Row } from '@sq/service-kit';
import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import type { FaqEntryKind, RefundCase } from '@sq/contracts';

/** An FAQ entry as stored; REFUND entries are completed by the FAQ route from the programs service. */
export interface StoredFaqEntry {
  entryId: number;
  question: string;
  answer: string[];
  /** REFUND entries: paragraphs after the composed refund table. */
  answerAfter: string[];
  kind: FaqEntryKind;
  productId: number | null;
  refundCases: RefundCase[] | null;
}

export interface StoredFaqCategory {
  slug: string;
  name: string;
  productId: number | null;
  entries: StoredFaqEntry[];
}

export function createFaqRepository(knex: Knex) {
  return {
    /** Categories in order with their published entries; one category when `slug` is given (null: unknown). */
    async categories(slug?: string): Promise<StoredFaqCategory[] | null> {
      const categories: Row[] = await knex('faq_category')
        .where({ published: true })
        .modify((q) => {
          if (slug !== undefined) q.where({ slug });
        })
        .orderBy([{ column: 'sort_order' }, { column: 'category_id' }]);
      if (slug !== undefined && categories.length === 0) return null;
      const entries = await knex('faq_entry')
        .whereIn(
          'category_id',
          categories.map((c) => c.category_id),
        )
        .andWhere({ published: true })
        .orderBy([{ column: 'category_id' }, { column: 'sort_order' }]);
      return categories.map((category) => ({
        slug: category.slug,
        name: category.name,
        productId: category.product_id,
        entries: entries
          .filter((e) => e.category_id === category.category_id)
          .map((e) => ({
            entryId: e.entry_id,
            question: e.question,
            answer: e.answer,
            answerAfter: e.answer_after,
            kind: e.kind,
            productId: e.product_id,
            refundCases: e.refund_cases,
          })),
      }));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    faqRepository: ReturnType<typeof createFaqRepository>;
  }
}

export default fp(
  async (app) => {
    app.decorate('faqRepository', createFaqRepository(app.knex));
  },
  { name: 'faq-repository', dependencies: ['knex'] },
);
