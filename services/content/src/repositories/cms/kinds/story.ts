import type { StoryBody } from '@sq/contracts/api/content-admin';
import { type KindStore, upsert } from './store';

export const story: KindStore<StoryBody> = {
  table: 'story',
  idColumn: 'story_id',
  order: null,
  listing: {
    id: 'story.story_id',
    from: (db) => db('story').select('title', 'published'),
    order: [
      { column: 'story.published_date', order: 'desc' },
      { column: 'story.story_id', order: 'desc' },
    ],
    texts: [{ column: 'story.title' }, { column: 'story.summary' }],
    childTexts: [
      {
        table: 'story_section',
        foreignKey: 'story_id',
        texts: [{ column: 'heading' }, { column: 'paragraphs', array: true }],
      },
    ],
    draftTexts: [['title'], ['summary'], ['sections']],
    row: (r) => ({ title: r.title, published: r.published, group: null }),
  },
  async read(db, itemId) {
    const r = await db('story').where({ story_id: itemId }).first();
    if (!r) return null;
    const sections = await db('story_section').where({ story_id: itemId }).orderBy('sort_order');
    return {
      title: r.title,
      summary: r.summary,
      productId: r.product_id,
      productSlug: r.product_slug,
      productName: r.product_name,
      cohortName: r.cohort_name,
      authorAlias: r.author_alias,
      authorRole: r.author_role,
      authorPosition: r.author_position,
      cover: { url: r.cover_url, width: r.cover_width, height: r.cover_height },
      publishedDate: r.published_date,
      sections: sections.map((s) => ({ heading: s.heading, paragraphs: s.paragraphs })),
    };
  },
  async write(db, itemId, b) {
    await upsert(
      db,
      'story',
      'story_id',
      itemId,
      {
        title: b.title,
        summary: b.summary,
        product_id: b.productId,
        product_slug: b.productSlug,
        product_name: b.productName,
        cohort_name: b.cohortName,
        author_alias: b.authorAlias,
        author_role: b.authorRole,
        author_position: b.authorPosition,
        cover_url: b.cover.url,
        cover_width: b.cover.width,
        cover_height: b.cover.height,
        published_date: b.publishedDate,
      },
      null,
    );
    await db('story_section').where({ story_id: itemId }).delete();
    await db('story_section').insert(
      b.sections.map((s, i) => ({ story_id: itemId, sort_order: i + 1, heading: s.heading, paragraphs: s.paragraphs })),
    );
  },
  title: (b) => b.title,
  pagePath: (itemId) => `/story/detail/${itemId}`,
};
