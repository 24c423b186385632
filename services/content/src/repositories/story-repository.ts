import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import type { MemberRole, Page, StoryDetail, StorySummary } from '@sq/contracts';
import { ROLE_NAMES } from '@sq/contracts/api/application-states';
import { countRows, pageWindow, type Row } from '@sq/service-kit';

export interface StoryFilter {
  productId?: number;
  page: number;
  size: number;
}

const NEWEST_FIRST = [
  { column: 'published_date', order: 'desc' as const },
  { column: 'story_id', order: 'desc' as const },
];

function toSummary(row: Row): StorySummary {
  return {
    storyId: row.story_id,
    title: row.title,
    summary: row.summary,
    cover: { url: row.cover_url, width: row.cover_width, height: row.cover_height, alt: `${row.title} 표지 이미지` },
    productId: row.product_id,
    productSlug: row.product_slug,
    productName: row.product_name,
    cohortName: row.cohort_name,
    author: {
      alias: row.author_alias,
      role: row.author_role,
      roleName: ROLE_NAMES[row.author_role as MemberRole],
      positionName: row.author_position,
      profileId: row.profile_id,
    },
    publishedDate: row.published_date,
  };
}

export function createStoryRepository(knex: Knex) {
  // Published and dated today or earlier: a story scheduled for later stays hidden until its day.
  const visible = () =>
    knex('story').where({ published: true }).andWhereRaw(`published_date <= (now() at time zone 'Asia/Seoul')::date`);
  return {
    async list(filter: StoryFilter): Promise<Page<StorySummary>> {
      const scoped = visible().modify((q) => {
        if (filter.productId !== undefined) q.where('product_id', filter.productId);
      });
      const total = await countRows(scoped);
      const { limit, offset } = pageWindow(filter);
      const rows = await scoped.clone().orderBy(NEWEST_FIRST).limit(limit).offset(offset);
      return { items: rows.map(toSummary), page: filter.page, size: filter.size, total };
    },

    async detail(storyId: number): Promise<StoryDetail | null> {
      const row = await visible().andWhere({ story_id: storyId }).first();
      if (!row) return null;
      const [sections, related] = await Promise.all([
        knex('story_section').where({ story_id: storyId }).orderBy('sort_order'),
        visible().where({ product_id: row.product_id }).whereNot({ story_id: storyId }).orderBy(NEWEST_FIRST).limit(3),
      ]);
      return {
        ...toSummary(row),
        body: sections.map((s) => ({ heading: s.heading, paragraphs: s.paragraphs })),
        cta: { label: `${row.product_name} 알아보기`, url: `/${row.product_slug}` },
        related: related.map(toSummary),
      };
    },

    /** Stories for the main page in their featured order; while none is featured, the newest ones. */
    async featured(limit: number): Promise<StorySummary[]> {
      const rows = await visible()
        .whereNotNull('featured_order')
        .orderBy([{ column: 'featured_order' }, { column: 'story_id' }])
        .limit(limit);
      if (rows.length > 0) return rows.map(toSummary);
      return (await visible().orderBy(NEWEST_FIRST).limit(limit)).map(toSummary);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    storyRepository: ReturnType<typeof createStoryRepository>;
  }
}

export default fp(
  async (app) => {
    app.decorate('storyRepository', createStoryRepository(app.knex));
  },
  { name: 'story-repository', dependencies: ['knex'] },
);
