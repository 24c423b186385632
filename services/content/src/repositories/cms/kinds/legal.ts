import { MESSAGES } from '@sq/contracts';
import type { LegalBody } from '@sq/contracts/api/content-admin';
import { type KindStore, upsert } from './store';

export const legal: KindStore<LegalBody> = {
  table: 'legal_document',
  idColumn: 'document_id',
  order: null,
  listing: {
    id: 'legal_document.document_id',
    from: (db) => db('legal_document').select('title', 'version', 'effective_date', 'kind', 'published'),
    order: [
      { column: 'legal_document.kind', order: 'desc' },
      { column: 'legal_document.version', order: 'desc' },
      { column: 'legal_document.document_id' },
    ],
    texts: [{ column: 'legal_document.title' }],
    childTexts: [
      {
        table: 'legal_section',
        foreignKey: 'document_id',
        texts: [{ column: 'heading' }, { column: 'paragraphs', array: true }],
      },
    ],
    draftTexts: [['title'], ['sections']],
    row: (r) => ({
      title: `${r.title} v${r.version} (${r.effective_date} 시행)`,
      published: r.published,
      group: r.kind === 'terms' ? '이용약관' : '개인정보 처리방침',
    }),
  },
  async read(db, itemId) {
    const r = await db('legal_document').where({ document_id: itemId }).first();
    if (!r) return null;
    const sections = await db('legal_section').where({ document_id: itemId }).orderBy('sort_order');
    return {
      kind: r.kind,
      version: r.version,
      title: r.title,
      effectiveDate: r.effective_date,
      sections: sections.map((s) => ({
        heading: s.heading,
        paragraphs: s.paragraphs,
        refundProductId: s.refund_product_id,
      })),
    };
  },
  async write(db, itemId, b) {
    await upsert(
      db,
      'legal_document',
      'document_id',
      itemId,
      { kind: b.kind, version: b.version, title: b.title, effective_date: b.effectiveDate },
      null,
    );
    await db('legal_section').where({ document_id: itemId }).delete();
    await db('legal_section').insert(
      b.sections.map((s, i) => ({
        document_id: itemId,
        sort_order: i + 1,
        heading: s.heading,
        paragraphs: s.paragraphs,
        refund_product_id: s.refundProductId,
      })),
    );
  },
  title: (b) => `${b.title} v${b.version}`,
  pagePath: (_itemId, b) => `/api/legal/${b.kind}?version=${b.version}`,
  async conflicts(db, itemId, b) {
    const taken = await db('legal_document')
      .where({ kind: b.kind, version: b.version })
      .whereNot({ document_id: itemId })
      .first('document_id');
    return taken ? { version: MESSAGES.contentVersionTaken } : null;
  },
};
