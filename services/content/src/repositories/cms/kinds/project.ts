import type { ProjectBody } from '@sq/contracts/api/content-admin';
import type { Row } from '@sq/service-kit';
import { type KindStore, upsert } from './store';

export const project: KindStore<ProjectBody> = {
  table: 'project',
  idColumn: 'project_id',
  order: null,
  listing: {
    id: 'project.project_id',
    from: (db) => db('project').select('title', 'published', 'cohort_name'),
    order: [
      { column: 'project.end_date', order: 'desc' },
      { column: 'project.project_id', order: 'desc' },
    ],
    texts: [
      { column: 'project.title' },
      { column: 'project.summary' },
      { column: 'project.description' },
      { column: 'project.cohort_name' },
    ],
    draftTexts: [['title'], ['summary'], ['description'], ['cohortName']],
    row: (r) => ({ title: r.title, published: r.published, group: r.cohort_name }),
  },
  async read(db, itemId) {
    const r = await db('project').where({ project_id: itemId }).first();
    if (!r) return null;
    const [members, images, links] = [
      await db('project_member').where({ project_id: itemId }).orderBy('sort_order'),
      await db('project_image').where({ project_id: itemId }).orderBy('sort_order'),
      await db('project_link').where({ project_id: itemId }).orderBy('sort_order'),
    ];
    return {
      title: r.title,
      summary: r.summary,
      description: r.description,
      productId: r.product_id,
      productName: r.product_name,
      oddId: r.odd_id,
      cohortName: r.cohort_name,
      thumbnail: { url: r.thumbnail_url, width: r.thumbnail_width, height: r.thumbnail_height },
      tags: r.tags,
      startDate: r.start_date,
      endDate: r.end_date,
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
  async write(db, itemId, b) {
    await upsert(
      db,
      'project',
      'project_id',
      itemId,
      {
        title: b.title,
        summary: b.summary,
        description: b.description,
        product_id: b.productId,
        product_name: b.productName,
        odd_id: b.oddId,
        cohort_name: b.cohortName,
        thumbnail_url: b.thumbnail.url,
        thumbnail_width: b.thumbnail.width,
        thumbnail_height: b.thumbnail.height,
        tags: b.tags,
        start_date: b.startDate,
        end_date: b.endDate,
      },
      null,
    );
    const rows = <T>(table: string, items: T[], row: (item: T) => Row) =>
      items.length > 0
        ? db(table).insert(items.map((item, i) => ({ project_id: itemId, sort_order: i + 1, ...row(item) })))
        : Promise.resolve();
    for (const table of ['project_member', 'project_image', 'project_link'])
      await db(table).where({ project_id: itemId }).delete();
    await rows('project_member', b.members, (m) => ({
      user_alias: m.userAlias,
      role: m.role,
      position_name: m.positionName,
      profile_id: m.profileId,
    }));
    await rows('project_image', b.images, (i) => ({ url: i.url, width: i.width, height: i.height, alt: i.alt }));
    await rows('project_link', b.links, (l) => ({ label: l.label, url: l.url }));
  },
  title: (b) => b.title,
  pagePath: (itemId) => `/projects/detail/${itemId}`,
};
