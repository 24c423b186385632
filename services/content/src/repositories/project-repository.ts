import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import type { LeftMenuProduct, Page, ProjectDetail, ProjectSummary } from '@sq/contracts';
import { countRows, pageWindow, type Row } from '@sq/service-kit';

export interface ProjectFilter {
  productId?: number;
  oddId?: number;
  page: number;
  size: number;
}

function toSummary(row: Row): ProjectSummary {
  return {
    projectId: row.project_id,
    title: row.title,
    summary: row.summary,
    thumbnail: {
      url: row.thumbnail_url,
      width: row.thumbnail_width,
      height: row.thumbnail_height,
      alt: `${row.title} 대표 이미지`,
    },
    productId: row.product_id,
    productName: row.product_name,
    oddId: row.odd_id,
    cohortName: row.cohort_name,
    tags: row.tags,
  };
}

export function createProjectRepository(knex: Knex) {
  const published = () => knex('project').where({ published: true });
  return {
    async list(filter: ProjectFilter): Promise<Page<ProjectSummary>> {
      const scoped = published().modify((q) => {
        if (filter.productId !== undefined) q.where('product_id', filter.productId);
        if (filter.oddId !== undefined) q.where('odd_id', filter.oddId);
      });
      const total = await countRows(scoped);
      const { limit, offset } = pageWindow(filter);
      const rows = await scoped
        .clone()
        .orderBy([
          { column: 'end_date', order: 'desc' },
          { column: 'project_id', order: 'desc' },
        ])
        .limit(limit)
        .offset(offset);
      return { items: rows.map(toSummary), page: filter.page, size: filter.size, total };
    },

    async detail(projectId: number): Promise<ProjectDetail | null> {
      const row = await published().andWhere({ project_id: projectId }).first();
      if (!row) return null;
      const [members, images, links] = await Promise.all([
        knex('project_member').where({ project_id: projectId }).orderBy('sort_order'),
        knex('project_image').where({ project_id: projectId }).orderBy('sort_order'),
        knex('project_link').where({ project_id: projectId }).orderBy('sort_order'),
      ]);
      return {
        ...toSummary(row),
        description: row.description,
        startDate: row.start_date,
        endDate: row.end_date,
        members: members.map((m) => ({
          userAlias: m.user_alias,
          role: m.role,
          positionName: m.position_name,
          profileId: m.profile_id,
        })),
        images: images.map((i) => ({ url: i.url, width: i.width, height: i.height, alt: i.alt })),
        links: links.map((l) => ({ label: l.label, url: l.url })),
      };
    },

    /**
     * Projects for the main page in their featured order; while none is featured, the newest ones, so the
     * section is never empty.
     */
    async featured(limit: number): Promise<ProjectSummary[]> {
      const rows = await published()
        .whereNotNull('featured_order')
        .orderBy([{ column: 'featured_order' }, { column: 'project_id' }])
        .limit(limit);
      if (rows.length > 0) return rows.map(toSummary);
      const newest = await published()
        .orderBy([
          { column: 'end_date', order: 'desc' },
          { column: 'project_id', order: 'desc' },
        ])
        .limit(limit);
      return newest.map(toSummary);
    },

    /** Programs and cohorts that have published projects, newest cohort first. */
    async leftMenu(productId?: number): Promise<LeftMenuProduct[]> {
      const rows = await published()
        .modify((q) => {
          if (productId !== undefined) q.where('product_id', productId);
        })
        .select('product_id', 'product_name', 'odd_id', 'cohort_name')
        .count<Row[]>({ project_count: '*' })
        .groupBy('product_id', 'product_name', 'odd_id', 'cohort_name')
        .orderBy([{ column: 'product_id' }, { column: 'odd_id', order: 'desc' }]);
      const products = new Map<number, LeftMenuProduct>();
      for (const row of rows) {
        const product: LeftMenuProduct = products.get(row.product_id) ?? {
          productId: row.product_id,
          productName: row.product_name,
          cohorts: [],
        };
        product.cohorts.push({
          oddId: row.odd_id,
          cohortName: row.cohort_name,
          projectCount: Number(row.project_count),
        });
        products.set(row.product_id, product);
      }
      return [...products.values()];
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    projectRepository: ReturnType<typeof createProjectRepository>;
  }
}

export default fp(
  async (app) => {
    app.decorate('projectRepository', createProjectRepository(app.knex));
  },
  { name: 'project-repository', dependencies: ['knex'] },
);
