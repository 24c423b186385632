import { MESSAGES } from '@sq/contracts';
import type { FaqCategoryBody, FaqEntryBody } from '@sq/contracts/api/content-admin';
import { type KindStore, upsert } from './store';

export const faqCategory: KindStore<FaqCategoryBody> = {
  table: 'faq_category',
  idColumn: 'category_id',
  order: { groupColumns: [] },
  listing: {
    id: 'faq_category.category_id',
    from: (db) => db('faq_category').select('name', 'published'),
    order: [{ column: 'faq_category.sort_order' }, { column: 'faq_category.category_id' }],
    texts: [{ column: 'faq_category.name' }, { column: 'faq_category.slug' }],
    draftTexts: [['name'], ['slug']],
    row: (r) => ({ title: r.name, published: r.published, group: null }),
  },
  async read(db, itemId) {
    const r = await db('faq_category').where({ category_id: itemId }).first();
    return r ? { slug: r.slug, name: r.name, productId: r.product_id } : null;
  },
  async write(db, itemId, b) {
    await upsert(
      db,
      'faq_category',
      'category_id',
      itemId,
      { slug: b.slug, name: b.name, product_id: b.productId },
      {},
    );
  },
  title: (b) => b.name,
  pagePath: () => '/faq',
  async conflicts(db, itemId, b) {
    const taken = await db('faq_category')
      .where({ slug: b.slug })
      .whereNot({ category_id: itemId })
      .first('category_id');
    return taken ? { slug: MESSAGES.contentSlugTaken } : null;
  },
};

export const faqEntry: KindStore<FaqEntryBody> = {
  table: 'faq_entry',
  idColumn: 'entry_id',
  order: { groupColumns: ['category_id'] },
  listing: {
    id: 'e.entry_id',
    from: (db) =>
      db('faq_entry as e')
        .join('faq_category as c', 'c.category_id', 'e.category_id')
        .select('e.question', 'e.published', 'c.name'),
    order: [
      { column: 'c.sort_order' },
      { column: 'e.category_id' },
      { column: 'e.sort_order' },
      { column: 'e.entry_id' },
    ],
    texts: [{ column: 'e.question' }, { column: 'e.answer', array: true }, { column: 'e.answer_after', array: true }],
    draftTexts: [['question'], ['answer'], ['answerAfter']],
    row: (r) => ({ title: r.question, published: r.published, group: r.name }),
  },
  async read(db, itemId) {
    const r = await db('faq_entry').where({ entry_id: itemId }).first();
    return r
      ? {
          categoryId: r.category_id,
          question: r.question,
          answer: r.answer,
          answerAfter: r.answer_after,
          kind: r.kind,
          productId: r.product_id,
          refundCases: r.refund_cases,
        }
      : null;
  },
  async write(db, itemId, b) {
    const row = {
      category_id: b.categoryId,
      question: b.question,
      answer: b.answer,
      answer_after: b.answerAfter,
      kind: b.kind,
      product_id: b.productId,
      refund_cases: b.refundCases,
    };
    await upsert(db, 'faq_entry', 'entry_id', itemId, row, { category_id: b.categoryId });
  },
  title: (b) => b.question,
  pagePath: () => '/faq',
  async programChecks(programs, b) {
    if (b.kind !== 'REFUND' || b.productId === null || b.refundCases === null) return null;
    // Unreachable programs cannot tell: the FAQ shows the chosen cases the rules have, and says so when it has none.
    const data = await programs.refundRules(b.productId);
    if (!data) return null;
    const present = new Set(data.refundRules.map((rule) => rule.case));
    return b.refundCases.every((c) => present.has(c)) ? null : { refundCases: MESSAGES.contentRefundCasesMissing };
  },
  async conflicts(db, _itemId, b) {
    const category = await db('faq_category').where({ category_id: b.categoryId }).first('category_id');
    return category ? null : { categoryId: MESSAGES.contentCategoryRequired };
  },
};
