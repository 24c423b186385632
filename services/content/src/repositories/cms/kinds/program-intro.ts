import { MESSAGES } from '@sq/contracts';
import type { ProgramIntroBody } from '@sq/contracts/api/content-admin';
import { type KindStore, upsert } from './store';

export const programIntro: KindStore<ProgramIntroBody> = {
  table: 'program_intro',
  idColumn: 'intro_id',
  order: null,
  listing: {
    id: 'program_intro.intro_id',
    from: (db) => db('program_intro').select('product_name', 'published'),
    order: [{ column: 'program_intro.product_id' }, { column: 'program_intro.intro_id' }],
    texts: [{ column: 'program_intro.product_name' }, { column: 'program_intro.summary' }],
    childTexts: [
      {
        table: 'program_intro_section',
        foreignKey: 'intro_id',
        texts: [{ column: 'heading' }, { column: 'paragraphs', array: true }],
      },
    ],
    draftTexts: [['productName'], ['summary'], ['sections']],
    row: (r) => ({ title: r.product_name, published: r.published, group: null }),
  },
  async read(db, itemId) {
    const r = await db('program_intro').where({ intro_id: itemId }).first();
    if (!r) return null;
    const sections = await db('program_intro_section').where({ intro_id: itemId }).orderBy('sort_order');
    return {
      productId: r.product_id,
      productSlug: r.product_slug,
      productName: r.product_name,
      summary: r.summary,
      hero: r.hero,
      sections: sections.map((s) => ({ heading: s.heading, paragraphs: s.paragraphs })),
      images: r.images,
    };
  },
  async write(db, itemId, b) {
    const row = {
      product_id: b.productId,
      product_slug: b.productSlug,
      product_name: b.productName,
      summary: b.summary,
      hero: b.hero === null ? null : JSON.stringify(b.hero),
      images: JSON.stringify(b.images),
    };
    await upsert(db, 'program_intro', 'intro_id', itemId, row, null);
    await db('program_intro_section').where({ intro_id: itemId }).delete();
    await db('program_intro_section').insert(
      b.sections.map((s, i) => ({ intro_id: itemId, sort_order: i + 1, heading: s.heading, paragraphs: s.paragraphs })),
    );
  },
  title: (b) => b.productName,
  pagePath: (_itemId, b) => `/${b.productSlug}`,
  async conflicts(db, itemId, b) {
    // One intro per program: a second one would leave visitors with two texts for one page.
    const taken = await db('program_intro')
      .where((q) => q.where({ product_id: b.productId }).orWhere({ product_slug: b.productSlug }))
      .whereNot({ intro_id: itemId })
      .first('intro_id');
    return taken ? { productId: MESSAGES.contentIntroTaken } : null;
  },
};
