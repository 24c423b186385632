import type { Knex } from 'knex';
import { MESSAGES } from '@sq/contracts';
import type { BannerBody, ContentBodies, ContentKind, FaqCategoryBody, FaqEntryBody, LegalBody, MenuBody, ProgramIntroBody, ProjectBody, SiteBody, StoryBody } from '@sq/contracts/api/content-admin';
import type { Row } from '@sq/service-kit';
import type { ProgramsClient } from '../../clients/programs-client';
import type { Listing } from './listing';

/**
 * How one kind of content is kept in its published tables. Every kind is managed the same way (drafts,
 * publish, unpublish, order, audit: see cms-repository.ts); only reading and writing its rows differ.
 * Every table has a `published` flag; ordered kinds have `sort_order` within a group.
 */
export interface KindStore<B> {
  table: string;
  idColumn: string;
  /** Ordered by hand within these columns' values (e.g. a FAQ entry within its category); null: ordered by date. */
  order: { groupColumns: string[] } | null;
  /** The console's list of the published table, paged and searched in SQL (see listing.ts). */
  listing: Listing;
  read(db: Knex, itemId: number): Promise<B | null>;
  /** Writes the body into the published tables (a new item keeps its reserved id and goes last in its group). */
  write(db: Knex, itemId: number, body: B): Promise<void>;
  title(body: B): string;
  /** The public page that shows the item. */
  pagePath(itemId: number, body: B): string;
  /** Field messages for what only the database can tell (a slug or version already taken). */
  conflicts?(db: Knex, itemId: number, body: B): Promise<Record<string, string> | null>;
  /** Field messages for what only the programs service can tell (null: nothing wrong, or it cannot tell now). */
  programChecks?(programs: ProgramsClient, body: B): Promise<Record<string, string> | null>;
}

async function upsert(db: Knex, table: string, idColumn: string, itemId: number, row: Row, group: Row | null): Promise<void> {
  const exists = await db(table).where(idColumn, itemId).first(idColumn, ...(group ? Object.keys(group) : []));
  const groupChanged = group && exists && Object.entries(group).some(([column, value]) => exists[column] !== value);
  if (exists && !groupChanged) {
    await db(table).where(idColumn, itemId).update(row);
    return;
  }
  // A new item, or one moved to another group, goes to the end of its group.
  const sortOrder = group ? { sort_order: Number((await db(table).where(group).max<Row[]>({ max: 'sort_order' }))[0]!.max ?? 0) + 1 } : {};
  if (exists) await db(table).where(idColumn, itemId).update({ ...row, ...sortOrder });
  else await db(table).insert({ [idColumn]: itemId, ...row, ...sortOrder, published: true });
}

const story: KindStore<StoryBody> = {
  table: 'story',
  idColumn: 'story_id',
  order: null,
  listing: {
    id: 'story.story_id',
    from: (db) => db('story').select('title', 'published'),
    order: [{ column: 'story.published_date', order: 'desc' }, { column: 'story.story_id', order: 'desc' }],
    texts: [{ column: 'story.title' }, { column: 'story.summary' }],
    childTexts: [{ table: 'story_section', foreignKey: 'story_id', texts: [{ column: 'heading' }, { column: 'paragraphs', array: true }] }],
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
    await upsert(db, 'story', 'story_id', itemId, {
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
    }, null);
    await db('story_section').where({ story_id: itemId }).delete();
    await db('story_section').insert(b.sections.map((s, i) => ({ story_id: itemId, sort_order: i + 1, heading: s.heading, paragraphs: s.paragraphs })));
  },
  title: (b) => b.title,
  pagePath: (itemId) => `/story/detail/${itemId}`,
};

const project: KindStore<ProjectBody> = {
  table: 'project',
  idColumn: 'project_id',
  order: null,
  listing: {
    id: 'project.project_id',
    from: (db) => db('project').select('title', 'published', 'cohort_name'),
    order: [{ column: 'project.end_date', order: 'desc' }, { column: 'project.project_id', order: 'desc' }],
    texts: [{ column: 'project.title' }, { column: 'project.summary' }, { column: 'project.description' }, { column: 'project.cohort_name' }],
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
      members: members.map((m) => ({ userAlias: m.user_alias, role: m.role, positionName: m.position_name, profileId: m.profile_id })),
      images: images.map((i) => ({ url: i.url, width: i.width, height: i.height, alt: i.alt })),
      links: links.map((l) => ({ label: l.label, url: l.url })),
    };
  },
  async write(db, itemId, b) {
    await upsert(db, 'project', 'project_id', itemId, {
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
    }, null);
    const rows = <T>(table: string, items: T[], row: (item: T) => Row) =>
      items.length > 0 ? db(table).insert(items.map((item, i) => ({ project_id: itemId, sort_order: i + 1, ...row(item) }))) : Promise.resolve();
    for (const table of ['project_member', 'project_image', 'project_link']) await db(table).where({ project_id: itemId }).delete();
    await rows('project_member', b.members, (m) => ({ user_alias: m.userAlias, role: m.role, position_name: m.positionName, profile_id: m.profileId }));
    await rows('project_image', b.images, (i) => ({ url: i.url, width: i.width, height: i.height, alt: i.alt }));
    await rows('project_link', b.links, (l) => ({ label: l.label, url: l.url }));
  },
  title: (b) => b.title,
  pagePath: (itemId) => `/projects/detail/${itemId}`,
};

const programIntro: KindStore<ProgramIntroBody> = {
  table: 'program_intro',
  idColumn: 'intro_id',
  order: null,
  listing: {
    id: 'program_intro.intro_id',
    from: (db) => db('program_intro').select('product_name', 'published'),
    order: [{ column: 'program_intro.product_id' }, { column: 'program_intro.intro_id' }],
    texts: [{ column: 'program_intro.product_name' }, { column: 'program_intro.summary' }],
    childTexts: [{ table: 'program_intro_section', foreignKey: 'intro_id', texts: [{ column: 'heading' }, { column: 'paragraphs', array: true }] }],
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
    await db('program_intro_section').insert(b.sections.map((s, i) => ({ intro_id: itemId, sort_order: i + 1, heading: s.heading, paragraphs: s.paragraphs })));
  },
  title: (b) => b.productName,
  pagePath: (_itemId, b) => `/${b.productSlug}`,
  async conflicts(db, itemId, b) {
    // One intro per program: a second one would leave visitors with two texts for one page.
    const taken = await db('program_intro').where((q) => q.where({ product_id: b.productId }).orWhere({ product_slug: b.productSlug })).whereNot({ intro_id: itemId }).first('intro_id');
    return taken ? { productId: MESSAGES.contentIntroTaken } : null;
  },
};

const faqCategory: KindStore<FaqCategoryBody> = {
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
    await upsert(db, 'faq_category', 'category_id', itemId, { slug: b.slug, name: b.name, product_id: b.productId }, {});
  },
  title: (b) => b.name,
  pagePath: () => '/faq',
  async conflicts(db, itemId, b) {
    const taken = await db('faq_category').where({ slug: b.slug }).whereNot({ category_id: itemId }).first('category_id');
    return taken ? { slug: MESSAGES.contentSlugTaken } : null;
  },
};

const faqEntry: KindStore<FaqEntryBody> = {
  table: 'faq_entry',
  idColumn: 'entry_id',
  order: { groupColumns: ['category_id'] },
  listing: {
    id: 'e.entry_id',
    from: (db) => db('faq_entry as e').join('faq_category as c', 'c.category_id', 'e.category_id').select('e.question', 'e.published', 'c.name'),
    order: [{ column: 'c.sort_order' }, { column: 'e.category_id' }, { column: 'e.sort_order' }, { column: 'e.entry_id' }],
    texts: [{ column: 'e.question' }, { column: 'e.answer', array: true }, { column: 'e.answer_after', array: true }],
    draftTexts: [['question'], ['answer'], ['answerAfter']],
    row: (r) => ({ title: r.question, published: r.published, group: r.name }),
  },
  async read(db, itemId) {
    const r = await db('faq_entry').where({ entry_id: itemId }).first();
    return r
      ? { categoryId: r.category_id, question: r.question, answer: r.answer, answerAfter: r.answer_after, kind: r.kind, productId: r.product_id, refundCases: r.refund_cases }
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

const banner: KindStore<BannerBody> = {
  table: 'banner',
  idColumn: 'id',
  order: { groupColumns: ['placement'] },
  listing: {
    id: 'banner.id',
    from: (db) => db('banner').select('alt', 'url', 'published', 'placement'),
    order: [{ column: 'banner.placement', order: 'desc' }, { column: 'banner.sort_order' }, { column: 'banner.id' }],
    texts: [{ column: 'banner.alt' }, { column: 'banner.url' }],
    draftTexts: [['alt'], ['url']],
    row: (r) => ({ title: r.alt || r.url, published: r.published, group: r.placement === 'main' ? '메인' : '헤더' }),
  },
  async read(db, itemId) {
    const r = await db('banner').where({ id: itemId }).first();
    return r
      ? {
          placement: r.placement,
          url: r.url,
          alt: r.alt,
          pcImgUrl: r.pc_img_url,
          pcImgWidth: r.pc_img_width,
          pcImgHeight: r.pc_img_height,
          moImgUrl: r.mo_img_url,
          moImgWidth: r.mo_img_width,
          moImgHeight: r.mo_img_height,
          pcDisplayable: r.pc_displayable,
          moDisplayable: r.mo_displayable,
        }
      : null;
  },
  async write(db, itemId, b) {
    const row = {
      placement: b.placement,
      url: b.url,
      alt: b.alt,
      pc_img_url: b.pcImgUrl,
      pc_img_width: b.pcImgWidth,
      pc_img_height: b.pcImgHeight,
      mo_img_url: b.moImgUrl,
      mo_img_width: b.moImgWidth,
      mo_img_height: b.moImgHeight,
      pc_displayable: b.pcDisplayable,
      mo_displayable: b.moDisplayable,
    };
    await upsert(db, 'banner', 'id', itemId, row, { placement: b.placement });
  },
  title: (b) => b.alt || b.url,
  pagePath: () => '/',
};

const MENU_TYPE_NAMES: Record<MenuBody['type'], string> = { MAIN: '주 메뉴', SUB: '보조 메뉴', OUTLINK: '바깥 링크', SEPARATOR: '구분선' };

const menu: KindStore<MenuBody> = {
  table: 'gnb_menu',
  idColumn: 'id',
  order: { groupColumns: [] },
  listing: {
    id: 'gnb_menu.id',
    from: (db) => db('gnb_menu').select('title', 'published'),
    order: [{ column: 'gnb_menu.sort_order' }, { column: 'gnb_menu.id' }],
    texts: [{ column: 'gnb_menu.title' }, { column: 'gnb_menu.url' }],
    childTexts: [{ table: 'gnb_submenu', foreignKey: 'menu_id', texts: [{ column: 'sub_title' }, { column: 'url' }] }],
    draftTexts: [['title'], ['url'], ['subMenu']],
    row: (r) => ({ title: r.title || MENU_TYPE_NAMES.SEPARATOR, published: r.published, group: null }),
  },
  async read(db, itemId) {
    const r = await db('gnb_menu').where({ id: itemId }).first();
    if (!r) return null;
    const subs = await db('gnb_submenu').where({ menu_id: itemId }).orderBy('sort_order');
    return { type: r.type, title: r.title, url: r.url, clickable: r.clickable, subMenu: subs.map((s) => ({ subTitle: s.sub_title, url: s.url, badgePath: s.badge_path })) };
  },
  async write(db, itemId, b) {
    await upsert(db, 'gnb_menu', 'id', itemId, { type: b.type, title: b.title, url: b.url, clickable: b.clickable }, {});
    await db('gnb_submenu').where({ menu_id: itemId }).delete();
    if (b.subMenu.length > 0) {
      await db('gnb_submenu').insert(b.subMenu.map((s, i) => ({ menu_id: itemId, sort_order: i + 1, sub_title: s.subTitle, url: s.url, badge_path: s.badgePath })));
    }
  },
  title: (b) => b.title || MENU_TYPE_NAMES.SEPARATOR,
  pagePath: () => '/',
};

const site: KindStore<SiteBody> = {
  table: 'site_setting',
  idColumn: 'setting_id',
  order: null,
  listing: {
    id: 'site_setting.setting_id',
    from: (db) => db('site_setting').select('company', 'published'),
    order: [{ column: 'site_setting.setting_id' }],
    texts: [{ column: 'site_setting.company' }, { column: 'site_setting.chat_url' }],
    draftTexts: [['company'], ['chatUrl']],
    row: (r) => ({ title: r.company.name, published: r.published, group: null }),
  },
  async read(db, itemId) {
    const r = await db('site_setting').where({ setting_id: itemId }).first();
    return r ? { chatUrl: r.chat_url, social: r.social, company: r.company } : null;
  },
  async write(db, itemId, b) {
    await upsert(db, 'site_setting', 'setting_id', itemId, { chat_url: b.chatUrl, social: JSON.stringify(b.social), company: JSON.stringify(b.company) }, null);
  },
  title: (b) => b.company.name,
  pagePath: () => '/',
};

const legal: KindStore<LegalBody> = {
  table: 'legal_document',
  idColumn: 'document_id',
  order: null,
  listing: {
    id: 'legal_document.document_id',
    from: (db) => db('legal_document').select('title', 'version', 'effective_date', 'kind', 'published'),
    order: [{ column: 'legal_document.kind', order: 'desc' }, { column: 'legal_document.version', order: 'desc' }, { column: 'legal_document.document_id' }],
    texts: [{ column: 'legal_document.title' }],
    childTexts: [{ table: 'legal_section', foreignKey: 'document_id', texts: [{ column: 'heading' }, { column: 'paragraphs', array: true }] }],
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
      sections: sections.map((s) => ({ heading: s.heading, paragraphs: s.paragraphs, refundProductId: s.refund_product_id })),
    };
  },
  async write(db, itemId, b) {
    await upsert(db, 'legal_document', 'document_id', itemId, { kind: b.kind, version: b.version, title: b.title, effective_date: b.effectiveDate }, null);
    await db('legal_section').where({ document_id: itemId }).delete();
    await db('legal_section').insert(
      b.sections.map((s, i) => ({ document_id: itemId, sort_order: i + 1, heading: s.heading, paragraphs: s.paragraphs, refund_product_id: s.refundProductId })),
    );
  },
  title: (b) => `${b.title} v${b.version}`,
  pagePath: (_itemId, b) => `/api/legal/${b.kind}?version=${b.version}`,
  async conflicts(db, itemId, b) {
    const taken = await db('legal_document').where({ kind: b.kind, version: b.version }).whereNot({ document_id: itemId }).first('document_id');
    return taken ? { version: MESSAGES.contentVersionTaken } : null;
  },
};

export const KIND_STORES: { [K in ContentKind]: KindStore<ContentBodies[K]> } = {
  story,
  project,
  'program-intro': programIntro,
  'faq-category': faqCategory,
  'faq-entry': faqEntry,
  banner,
  menu,
  legal,
  site,
};

export function storeOf(kind: ContentKind): KindStore<unknown> {
  return KIND_STORES[kind] as KindStore<unknown>;
}
