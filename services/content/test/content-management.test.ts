import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import {
  MESSAGES,
  type FaqResponse,
  type GnbResponse,
  type SiteSettingsResponse,
  type LegalResponse,
  type MainPageResponse,
  type ProjectDetailResponse,
  type StoryDetailResponse,
  type StoryListResponse,
} from '@sq/contracts';
import type {
  ContentAuditEntry,
  ContentAuditResponse,
  ContentItem,
  ContentListItem,
  ContentListResponse,
  StoryBody,
} from '@sq/contracts/api/content-admin';
import { contentService } from '../src/service';

// Small pages, so that the seeded items span several pages of every list.
const PAGE_SIZE = 4;
const AUDIT_PAGE_SIZE = 5;
let service: TestService;
beforeAll(async () => {
  process.env.CONTENT_ADMIN_PAGE_SIZE = String(PAGE_SIZE);
  process.env.CONTENT_AUDIT_PAGE_SIZE = String(AUDIT_PAGE_SIZE);
  try {
    service = await build(contentService);
  } finally {
    delete process.env.CONTENT_ADMIN_PAGE_SIZE;
    delete process.env.CONTENT_AUDIT_PAGE_SIZE;
  }
});
afterAll(() => service?.close());

const OPERATOR = { userId: 900, role: 'ROLE_ADMIN' as const, sid: 'operator-session' };
const MEMBER = { userId: 901, role: 'ROLE_USER' as const, sid: 'member-session' };

const get = (url: string, as?: typeof OPERATOR | typeof MEMBER) =>
  service.app.inject({ method: 'GET', url, headers: as ? service.as(as) : {} });
const admin = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
  as: typeof OPERATOR | typeof MEMBER = OPERATOR,
) =>
  service.app.inject({
    method,
    url: `/api/admin/content${url}`,
    headers: service.as(as),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const saveDraft = async (kind: string, itemId: number | 'new', body: unknown) => {
  const response = await admin('PUT', `/${kind}/${itemId}/draft`, { body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ item: ContentItem }>().item;
};
const publish = async (kind: string, itemId: number) => {
  const response = await admin('POST', `/${kind}/${itemId}/publish`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ item: ContentItem }>().item;
};
const auditOf = async (kind: string, itemId: number) =>
  (await admin('GET', `/audit?kind=${kind}&itemId=${itemId}`)).json<{ entries: ContentAuditEntry[] }>().entries;
const count = async (table: string) =>
  Number((await service.app.knex(table).count<{ count: string }[]>({ count: '*' }))[0]!.count);

const NEW_STORY: StoryBody = {
  title: '운영자가 쓴 새 후기',
  summary: '콘텐츠 관리 화면에서 쓴 후기예요.',
  productId: 2,
  productSlug: 'potenday',
  productName: '10일 팀 스프린트',
  cohortName: '10일 팀 스프린트 2026년 11월',
  authorAlias: '새싹',
  authorRole: 'DESIGNER',
  authorPosition: 'UX 디자이너',
  cover: { url: '/media/content/story-01.svg', width: 640, height: 400 },
  publishedDate: '2026-01-05',
  sections: [{ heading: '시작하며', paragraphs: ['첫 문단이에요.', '둘째 문단이에요.'] }],
};

describe('stories through the console', () => {
  it('keeps a new draft from visitors, shows it to an operator with the preview token, and publishes it at once', async () => {
    const before = (await get('/api/stories?size=50')).json<StoryListResponse>().stories.total;
    const draft = await saveDraft('story', 'new', NEW_STORY);
    expect(draft).toMatchObject({
      kind: 'story',
      published: false,
      body: null,
      pagePath: `/story/detail/${draft.itemId}`,
    });
    const token = draft.draft!.previewToken;

    expect((await get('/api/stories?size=50')).json<StoryListResponse>().stories.total).toBe(before);
    expect((await get(`/api/stories/${draft.itemId}`)).statusCode).toBe(404);
    // The token opens the draft for operators only; a member (or a visitor) with the link sees the public page.
    expect((await get(`/api/stories/${draft.itemId}?preview=${token}`, MEMBER)).statusCode).toBe(404);
    expect((await get(`/api/stories/${draft.itemId}?preview=${token}`)).statusCode).toBe(404);
    const preview = await get(`/api/stories/${draft.itemId}?preview=${token}`, OPERATOR);
    expect(preview.statusCode).toBe(200);
    expect(preview.json<StoryDetailResponse>().story).toMatchObject({
      title: NEW_STORY.title,
      body: [{ heading: '시작하며', paragraphs: ['첫 문단이에요.', '둘째 문단이에요.'] }],
    });
    expect((await get(`/api/stories?size=50&preview=${token}`, OPERATOR)).json<StoryListResponse>().stories.total).toBe(
      before + 1,
    );
    // The preview left nothing behind.
    expect(await service.app.knex('story').where({ story_id: draft.itemId }).first()).toBeUndefined();

    const published = await publish('story', draft.itemId);
    expect(published).toMatchObject({ published: true, draft: null, body: NEW_STORY });
    expect((await get(`/api/stories/${draft.itemId}`)).json<StoryDetailResponse>().story.title).toBe(NEW_STORY.title);
    expect((await get('/api/stories?size=50')).json<StoryListResponse>().stories.total).toBe(before + 1);

    const [publishedEntry, savedEntry] = await auditOf('story', draft.itemId);
    expect(publishedEntry).toMatchObject({
      action: 'PUBLISHED',
      actorId: OPERATOR.userId,
      before: null,
      after: { published: true, body: NEW_STORY },
    });
    expect(savedEntry).toMatchObject({
      action: 'DRAFT_SAVED',
      actorId: OPERATOR.userId,
      before: null,
      after: NEW_STORY,
    });
  });

  it('edits a published story as a draft: visitors keep the old text until publishing; unpublishing hides it', async () => {
    const { items } = (await admin('GET', '/story')).json<ContentListResponse>();
    const target = items.find((i) => i.published && !i.isNew)!;
    const original = (await admin('GET', `/story/${target.itemId}`)).json<{ item: ContentItem }>().item
      .body as StoryBody;
    const edited = {
      ...original,
      title: '고쳐 쓴 제목',
      sections: [...original.sections, { heading: null, paragraphs: ['덧붙인 문단이에요.'] }],
    };

    const draft = await saveDraft('story', target.itemId, edited);
    expect(draft.body).toEqual(original);
    expect((await get(`/api/stories/${target.itemId}`)).json<StoryDetailResponse>().story.title).toBe(original.title);
    const preview = (
      await get(`/api/stories/${target.itemId}?preview=${draft.draft!.previewToken}`, OPERATOR)
    ).json<StoryDetailResponse>().story;
    expect(preview.title).toBe('고쳐 쓴 제목');
    expect(preview.body.at(-1)).toEqual({ heading: null, paragraphs: ['덧붙인 문단이에요.'] });
    expect(
      (await admin('GET', '/story')).json<ContentListResponse>().items.find((i) => i.itemId === target.itemId),
    ).toMatchObject({ hasDraft: true, published: true });

    await publish('story', target.itemId);
    expect((await get(`/api/stories/${target.itemId}`)).json<StoryDetailResponse>().story.title).toBe('고쳐 쓴 제목');
    const [entry] = await auditOf('story', target.itemId);
    expect(entry).toMatchObject({
      action: 'PUBLISHED',
      before: { published: true, body: original },
      after: { published: true, body: edited },
    });

    const down = await admin('POST', `/story/${target.itemId}/unpublish`);
    expect(down.json<{ item: ContentItem }>().item.published).toBe(false);
    expect((await get(`/api/stories/${target.itemId}`)).statusCode).toBe(404);
    expect((await auditOf('story', target.itemId))[0]).toMatchObject({
      action: 'UNPUBLISHED',
      before: { published: true },
      after: { published: false, body: edited },
    });
    await publish('story', target.itemId);
    expect((await get(`/api/stories/${target.itemId}`)).statusCode).toBe(200);
  });

  it('refuses a bad draft with Korean messages per field and changes nothing', async () => {
    const [drafts, stories, audits] = [
      await count('content_draft'),
      await count('story'),
      await count('content_audit'),
    ];
    const response = await admin('PUT', '/story/new/draft', {
      body: {
        ...NEW_STORY,
        title: '   ',
        cover: { url: 'https://elsewhere.example/x.png', width: 0, height: 400 },
        publishedDate: '2026-02-30',
        sections: [],
      },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ ErrorCode: string; message: string; fields: Record<string, string> }>();
    expect(body.fields).toMatchObject({
      title: MESSAGES.contentTitleRequired,
      'cover.url': MESSAGES.contentImageInvalid,
      'cover.width': MESSAGES.contentImageSizeInvalid,
      publishedDate: MESSAGES.contentDateRequired,
      sections: MESSAGES.contentBodyRequired,
    });
    expect(body.message).toBe(MESSAGES.contentTitleRequired);
    expect([await count('content_draft'), await count('story'), await count('content_audit')]).toEqual([
      drafts,
      stories,
      audits,
    ]);
  });

  it('is for operators only: a member is refused and nothing changes', async () => {
    const drafts = await count('content_draft');
    for (const [method, url] of [
      ['GET', '/story'],
      ['PUT', '/story/new/draft'],
      ['POST', '/story/1/publish'],
      ['POST', '/story/1/unpublish'],
      ['GET', '/audit'],
    ] as const) {
      const response = await admin(method, url, method === 'PUT' ? { body: NEW_STORY } : undefined, MEMBER);
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual({ ErrorCode: '43', message: MESSAGES.forbidden });
    }
    expect(await count('content_draft')).toBe(drafts);
    expect((await get('/api/stories/1')).statusCode).toBe(200);
  });

  it('discards a draft: the published story stays as it was', async () => {
    const draft = await saveDraft('story', 2, { ...NEW_STORY, title: '버릴 초안' });
    const discarded = await admin('DELETE', '/story/2/draft');
    expect(discarded.json<{ item: ContentItem }>().item.draft).toBeNull();
    expect(
      (await get(`/api/stories/2?preview=${draft.draft!.previewToken}`, OPERATOR)).json<StoryDetailResponse>().story
        .title,
    ).not.toBe('버릴 초안');
    expect((await auditOf('story', 2))[0]).toMatchObject({
      action: 'DRAFT_DISCARDED',
      before: { title: '버릴 초안' },
      after: null,
    });
  });
});

describe('FAQ through the console', () => {
  const general = async () => (await get('/api/faq?category=general')).json<FaqResponse>().categories[0]!;

  it('adds an entry to a category, orders it, and hides the whole category when unpublished', async () => {
    const category = (await service.app.knex('faq_category').where({ slug: 'general' }).first())!;
    const draft = await saveDraft('faq-entry', 'new', {
      categoryId: category.category_id,
      question: '새 질문인가요?',
      answer: ['네, 새 답변이에요.'],
      kind: 'TEXT',
      productId: null,
      refundCases: null,
    });
    expect((await general()).entries.map((e) => e.question)).not.toContain('새 질문인가요?');
    const preview = (await get(`/api/faq?preview=${draft.draft!.previewToken}`, OPERATOR))
      .json<FaqResponse>()
      .categories.find((c) => c.slug === 'general')!;
    expect(preview.entries.at(-1)!.question).toBe('새 질문인가요?');

    await publish('faq-entry', draft.itemId);
    const questions = (await general()).entries.map((e) => e.question);
    expect(questions.at(-1)).toBe('새 질문인가요?');

    const moved = await admin('POST', `/faq-entry/${draft.itemId}/move`, { direction: 'up' });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = (await general()).entries.map((e) => e.question);
    expect(after).toEqual([...questions.slice(0, -2), '새 질문인가요?', questions.at(-2)]);
    expect((await auditOf('faq-entry', draft.itemId))[0]).toMatchObject({
      action: 'MOVED',
      before: { position: questions.length },
      after: { position: questions.length - 1 },
    });

    const first = (await general()).entries[0]!;
    const refused = await admin('POST', `/faq-entry/${first.entryId}/move`, { direction: 'up' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MESSAGES.contentCannotMove);
    expect((await general()).entries.map((e) => e.question)).toEqual(after);

    await admin('POST', `/faq-category/${category.category_id}/unpublish`);
    expect((await get('/api/faq')).json<FaqResponse>().categories.map((c) => c.slug)).not.toContain('general');
    expect((await get('/api/faq?category=general')).statusCode).toBe(404);
    await publish('faq-category', category.category_id);
    expect((await general()).entries.map((e) => e.question)).toEqual(after);
  });

  it('asks for what a refund answer needs, and for a free category slug', async () => {
    const category = (await service.app.knex('faq_category').where({ slug: 'general' }).first())!;
    const refund = await admin('PUT', '/faq-entry/new/draft', {
      body: {
        categoryId: category.category_id,
        question: '환불되나요?',
        answer: [],
        kind: 'REFUND',
        productId: null,
        refundCases: null,
      },
    });
    expect(refund.statusCode).toBe(400);
    expect(refund.json().fields).toEqual({
      productId: MESSAGES.contentRefundProductRequired,
      refundCases: MESSAGES.contentRefundCasesRequired,
    });
    const taken = await admin('PUT', '/faq-category/new/draft', {
      body: { slug: 'bside', name: '중복', productId: null },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      message: MESSAGES.contentSlugTaken,
      fields: { slug: MESSAGES.contentSlugTaken },
    });
  });
});

describe('banners through the console', () => {
  it('previews an edited main banner on the main page and publishes it', async () => {
    const { items } = (await admin('GET', '/banner')).json<ContentListResponse>();
    const main = items.filter((i) => i.group === '메인');
    expect(main.length).toBeGreaterThan(0);
    const current = (await admin('GET', `/banner/${main[0]!.itemId}`)).json<{ item: ContentItem }>().item
      .body as Record<string, unknown>;
    const draft = await saveDraft('banner', main[0]!.itemId, { ...current, alt: '새 배너 설명', url: '/potenday' });
    const banners = async (query = '', as?: typeof OPERATOR) =>
      (await get(`/api/open/main-page${query}`, as)).json<MainPageResponse>().mainPage.banners;
    expect((await banners())[0]!.alt).toBe(current.alt);
    expect((await banners(`?preview=${draft.draft!.previewToken}`, OPERATOR))[0]).toMatchObject({
      alt: '새 배너 설명',
      url: '/potenday',
    });
    await publish('banner', main[0]!.itemId);
    expect((await banners())[0]).toMatchObject({ alt: '새 배너 설명', url: '/potenday' });

    const bad = await admin('PUT', `/banner/${main[0]!.itemId}/draft`, {
      body: { ...current, alt: '', url: 'javascript:alert(1)', pcImgWidth: 100, pcImgHeight: null },
    });
    expect(bad.json().fields).toEqual({
      url: MESSAGES.contentLinkInvalid,
      alt: MESSAGES.contentAltRequired,
      pcImgHeight: MESSAGES.contentImageSizeInvalid,
    });
    expect((await banners())[0]!.alt).toBe('새 배너 설명');

    await admin('POST', `/banner/${main[0]!.itemId}/unpublish`);
    expect((await banners()).map((b) => b.alt)).not.toContain('새 배너 설명');
  });
});

describe('legal texts through the console', () => {
  const terms = async (query = '', as?: typeof OPERATOR) =>
    (await get(`/api/legal/terms${query}`, as)).json<LegalResponse>().document;

  it('publishes a new version ahead of its effective date: members keep reading the version in force until then', async () => {
    const inForce = await terms();
    const body = {
      kind: 'terms',
      version: inForce.version + 1,
      title: '이용약관',
      effectiveDate: '2099-01-01',
      sections: [{ heading: '제1조 (목적)', paragraphs: ['바뀐 약관이에요.'], refundProductId: null }],
    };
    const draft = await saveDraft('legal', 'new', body);
    const preview = await terms(`?version=${body.version}&preview=${draft.draft!.previewToken}`, OPERATOR);
    expect(preview).toMatchObject({
      version: body.version,
      effectiveDate: '2099-01-01',
      sections: [{ heading: '제1조 (목적)', paragraphs: ['바뀐 약관이에요.'] }],
    });

    await publish('legal', draft.itemId);
    expect(await terms()).toMatchObject({ version: inForce.version, title: inForce.title });
    expect((await get(`/api/legal/terms?version=${body.version}`)).statusCode).toBe(404);

    // Brought forward to a day that has come: it is the version in force, the earlier one stays readable.
    await saveDraft('legal', draft.itemId, { ...body, effectiveDate: '2026-01-01' });
    await publish('legal', draft.itemId);
    const now = await terms();
    expect(now).toMatchObject({ version: body.version, effectiveDate: '2026-01-01' });
    expect(now.versions.map((v) => v.version)).toEqual([body.version, inForce.version]);
    expect((await terms(`?version=${inForce.version}`)).sections).toEqual(inForce.sections);

    const taken = await admin('PUT', '/legal/new/draft', { body: { ...body, version: inForce.version } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ version: MESSAGES.contentVersionTaken });
  });
});

describe('header menu and site settings through the console', () => {
  const menu = async (query = '', as?: typeof OPERATOR) =>
    (await get(`/api/setting/gnb${query}`, as)).json<GnbResponse>().gnb.menu;

  it('adds a menu entry with sub-menus, moves it to the top, and takes it down', async () => {
    const titles = (await menu()).map((m) => m.title);
    const draft = await saveDraft('menu', 'new', {
      type: 'MAIN',
      title: '이벤트',
      url: '/story',
      clickable: true,
      subMenu: [{ subTitle: '겨울 이벤트', url: '/potenday', badgePath: '/media/content/badge-recruiting.svg' }],
    });
    expect((await menu()).map((m) => m.title)).toEqual(titles);
    expect((await menu(`?preview=${draft.draft!.previewToken}`, OPERATOR)).at(-1)).toMatchObject({
      title: '이벤트',
      hasSubmenu: true,
      subMenu: [{ subTitle: '겨울 이벤트', url: '/potenday', badge: { path: '/media/content/badge-recruiting.svg' } }],
    });
    await publish('menu', draft.itemId);
    expect((await menu()).map((m) => m.title)).toEqual([...titles, '이벤트']);
    for (let i = 0; i < titles.length; i++)
      expect((await admin('POST', `/menu/${draft.itemId}/move`, { direction: 'up' })).statusCode).toBe(200);
    expect((await menu()).map((m) => m.title)).toEqual(['이벤트', ...titles]);
    await admin('POST', `/menu/${draft.itemId}/unpublish`);
    expect((await menu()).map((m) => m.title)).toEqual(titles);

    const separator = await admin('PUT', '/menu/new/draft', {
      body: {
        type: 'SEPARATOR',
        title: '',
        url: '',
        clickable: false,
        subMenu: [{ subTitle: 'x', url: '/x', badgePath: null }],
      },
    });
    expect(separator.json().fields).toEqual({ subMenu: MESSAGES.contentSubMenuInvalid });
    const outlink = await admin('PUT', '/menu/new/draft', {
      body: { type: 'OUTLINK', title: '블로그', url: '/blog', clickable: true, subMenu: [] },
    });
    expect(outlink.json().fields).toEqual({ url: MESSAGES.contentLinkInvalid });
  });

  it("starts the footer details from the configuration and publishes the operators' edit (the site name stays configuration)", async () => {
    const site = async (query = '', as?: typeof OPERATOR) =>
      (await get(`/api/setting/site${query}`, as)).json<SiteSettingsResponse>().site;
    const initial = await site();
    expect(initial.company.name).toBe('주식회사 사이드퀘스트');
    const [item] = (await admin('GET', '/site')).json<ContentListResponse>().items;
    const body = {
      chatUrl: 'https://chat.example.com/new',
      social: [{ name: 'instagram', url: 'https://instagram.com/new' }],
      company: { ...initial.company, address: '서울특별시 중구 세종대로 00' },
    };
    const bad = await admin('PUT', `/site/${item!.itemId}/draft`, {
      body: { ...body, chatUrl: 'http://chat', company: { ...body.company, businessNumber: '123' } },
    });
    expect(bad.json().fields).toEqual({
      chatUrl: MESSAGES.contentOutsideLinkInvalid,
      'company.businessNumber': MESSAGES.contentBusinessNumberFormat,
    });
    const draft = await saveDraft('site', item!.itemId, body);
    expect(await site()).toEqual(initial);
    expect((await site(`?preview=${draft.draft!.previewToken}`, OPERATOR)).company.address).toBe(
      '서울특별시 중구 세종대로 00',
    );
    await publish('site', item!.itemId);
    expect(await site()).toEqual({ siteName: initial.siteName, ...body });
    expect((await auditOf('site', item!.itemId))[0]).toMatchObject({
      before: { body: { chatUrl: initial.chatUrl } },
      after: { body },
    });
  });
});

describe('past projects through the console', () => {
  it('edits a project with its team members, screenshots and links; a bad member line changes nothing', async () => {
    const [item] = (await admin('GET', '/project')).json<ContentListResponse>().items;
    const original = (await admin('GET', `/project/${item!.itemId}`)).json<{ item: ContentItem }>().item.body as Record<
      string,
      unknown
    >;
    const detail = async (query = '', as?: typeof OPERATOR) =>
      (await get(`/api/projects/${item!.itemId}${query}`, as)).json<ProjectDetailResponse>().project;
    const before = await detail();
    const edited = {
      ...original,
      members: [{ userAlias: '새팀원', role: 'DESIGNER', positionName: 'UX 디자인', profileId: null }],
      images: [{ url: '/media/content/project-01-detail.svg', width: 1280, height: 800, alt: '첫 화면' }],
      links: [{ label: '서비스 바로가기', url: 'https://example.com/new' }],
    };
    const refused = await admin('PUT', `/project/${item!.itemId}/draft`, {
      body: { ...edited, members: [{ userAlias: '', role: 'CEO', positionName: 'x', profileId: null }] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      'members.0.userAlias': MESSAGES.contentMemberInvalid,
      'members.0.role': MESSAGES.contentRoleRequired,
    });
    const backwards = await admin('PUT', `/project/${item!.itemId}/draft`, {
      body: { ...edited, endDate: '2000-01-01' },
    });
    expect(backwards.json().fields).toEqual({ endDate: MESSAGES.contentDatesInvalid });
    expect(
      await service.app.knex('content_draft').where({ kind: 'project', item_id: item!.itemId }).first(),
    ).toBeUndefined();

    const draft = await saveDraft('project', item!.itemId, edited);
    expect(await detail()).toEqual(before);
    expect((await detail(`?preview=${draft.draft!.previewToken}`, OPERATOR)).members).toEqual([
      { userAlias: '새팀원', role: 'DESIGNER', positionName: 'UX 디자인', profileId: null },
    ]);
    await publish('project', item!.itemId);
    expect(await detail()).toMatchObject({
      members: edited.members,
      images: edited.images,
      links: edited.links,
      title: before.title,
    });
  });
});

describe("the console's lists, a page at a time", () => {
  const list = async (kind: string, query = '') => {
    const response = await admin('GET', `/${kind}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ContentListResponse>();
  };
  /** Every page of a list, in order, as the console's next button walks it. */
  const allPages = async (kind: string, q = '') => {
    const first = await list(kind, `?q=${encodeURIComponent(q)}`);
    const pages = [first];
    while (pages.at(-1)!.page * PAGE_SIZE < first.total)
      pages.push(await list(kind, `?q=${encodeURIComponent(q)}&page=${pages.length + 1}`));
    return pages;
  };
  const titles = (response: ContentListResponse) => response.items.map((i) => i.title);

  it('pages the stories newest first, then by id, with never-published drafts ahead; the total counts every item', async () => {
    const draft = await saveDraft('story', 'new', { ...NEW_STORY, title: '아직 게시 안 한 후기' });
    const pages = await allPages('story');
    const stories = await count('story');
    const items = pages.flatMap((p) => p.items);

    expect(pages[0]).toMatchObject({ kind: 'story', page: 1, size: PAGE_SIZE, q: '' });
    expect(pages.every((p) => p.total === items.length)).toBe(true);
    expect(items.length).toBeGreaterThan(PAGE_SIZE * 2);
    expect(pages.slice(0, -1).every((p) => p.items.length === PAGE_SIZE)).toBe(true);
    const fresh = await service.app
      .knex('content_draft')
      .where({ kind: 'story' })
      .whereNotIn('item_id', service.app.knex('story').select('story_id'))
      .count<{ count: string }[]>({ count: '*' });
    expect(items.length).toBe(stories + Number(fresh[0]!.count));
    expect(items[0]).toMatchObject({
      itemId: draft.itemId,
      title: '아직 게시 안 한 후기',
      isNew: true,
      hasDraft: true,
    });

    const shown = items.filter((i) => !i.isNew).map((i) => i.itemId);
    const displayOrder = await service.app
      .knex('story')
      .orderBy([
        { column: 'published_date', order: 'desc' },
        { column: 'story_id', order: 'desc' },
      ])
      .pluck('story_id');
    expect(shown).toEqual(displayOrder);
    expect(new Set(items.map((i) => i.itemId)).size).toBe(items.length);

    // Past the last page: the last page (a list that shrank under the operator); not a number: refused.
    expect((await list('story', '?page=999')).page).toBe(pages.length);
    expect(titles(await list('story', '?page=999'))).toEqual(titles(pages.at(-1)!));
    expect((await admin('GET', '/story?page=0')).statusCode).toBe(400);
    expect((await admin('GET', `/story?q=${'가'.repeat(101)}`)).json()).toMatchObject({
      message: MESSAGES.contentSearchTooLong,
    });
  });

  it('searches titles and texts in the database, taking % and _ literally; drafts are searched too', async () => {
    for (const title of ['할인 100% 후기', '할인 1000 후기', 'snakeXcase 후기']) {
      const draft = await saveDraft('story', 'new', { ...NEW_STORY, title });
      await publish('story', draft.itemId);
    }
    await saveDraft('story', 'new', { ...NEW_STORY, title: 'snake_case 초안' });
    const withText = await saveDraft('story', 'new', {
      ...NEW_STORY,
      title: '본문으로 찾는 후기',
      sections: [{ heading: null, paragraphs: ['찾기 쉬운 고유한 문장이에요.'] }],
    });
    await publish('story', withText.itemId);

    const percent = await list('story', `?q=${encodeURIComponent('  100%  ')}`);
    expect(percent).toMatchObject({ q: '100%', page: 1, total: 1 });
    expect(titles(percent)).toEqual(['할인 100% 후기']);
    expect(titles(await list('story', `?q=${encodeURIComponent('%')}`))).toEqual(['할인 100% 후기']);
    const underscore = await list('story', `?q=${encodeURIComponent('e_c')}`);
    expect(underscore.items).toEqual([expect.objectContaining({ title: 'snake_case 초안', isNew: true })]);
    expect(titles(await list('story', `?q=${encodeURIComponent('SNAKEX')}`))).toEqual(['snakeXcase 후기']);
    expect(titles(await list('story', `?q=${encodeURIComponent('고유한 문장')}`))).toEqual(['본문으로 찾는 후기']);
    expect(await list('story', `?q=${encodeURIComponent('\\')}`)).toMatchObject({ total: 0, items: [] });

    // A search spanning pages pages the same way.
    const pages = await allPages('story', '후기');
    const found = pages.flatMap((p) => p.items);
    expect(found.length).toBe(pages[0]!.total);
    expect(found.length).toBeGreaterThan(PAGE_SIZE);
    expect(new Set(found.map((i) => i.itemId)).size).toBe(found.length);
    expect(found.map((i) => i.title)).toEqual(
      expect.arrayContaining(['할인 100% 후기', '할인 1000 후기', 'snakeXcase 후기', '본문으로 찾는 후기']),
    );
  });

  it('offers up and down where the group goes on, across page boundaries, and follows a moved item to its page', async () => {
    const entries: ContentListItem[] = (await allPages('faq-entry')).flatMap((p) => p.items);
    expect(entries.length).toBeGreaterThan(PAGE_SIZE);
    entries.forEach((entry, i) => {
      expect(entry.canMoveUp, entry.title).toBe(entries[i - 1]?.group === entry.group);
      expect(entry.canMoveDown, entry.title).toBe(entries[i + 1]?.group === entry.group);
    });

    const [first, second] = await allPages('menu');
    const last = first!.items.at(-1)!;
    const next = second!.items[0]!;
    expect([last.canMoveDown, next.canMoveUp]).toEqual([true, true]);
    const moved = await admin('POST', `/menu/${last.itemId}/move`, { direction: 'down' });
    expect(moved.statusCode, moved.body).toBe(200);
    const onPage2 = moved.json<ContentListResponse>();
    expect(onPage2.page).toBe(2);
    expect(onPage2.items[0]!.itemId).toBe(last.itemId);
    expect((await list('menu')).items.at(-1)!.itemId).toBe(next.itemId);

    const back = (await admin('POST', `/menu/${last.itemId}/move`, { direction: 'up' })).json<ContentListResponse>();
    expect(back.page).toBe(1);
    expect(back.items.at(-1)!.itemId).toBe(last.itemId);
    expect((await list('menu', '?page=2')).items[0]!.itemId).toBe(next.itemId);
  });

  it('while searching, moves an item past the neighbour the search shows, and the hidden ones keep their order', async () => {
    const category = (await service.app.knex('faq_category').where({ slug: 'general' }).first())!;
    const ids: Record<string, number> = {};
    for (const question of ['순서찾기 하나', '검색에 안 걸리는 질문', '순서찾기 둘']) {
      const draft = await saveDraft('faq-entry', 'new', {
        categoryId: category.category_id,
        question,
        answer: ['답변이에요.'],
        kind: 'TEXT',
        productId: null,
        refundCases: null,
      });
      await publish('faq-entry', draft.itemId);
      ids[question] = draft.itemId;
    }
    const questions = async () =>
      (await get('/api/faq?category=general')).json<FaqResponse>().categories[0]!.entries.map((e) => e.question);
    const before = await questions();
    expect(before.slice(-3)).toEqual(['순서찾기 하나', '검색에 안 걸리는 질문', '순서찾기 둘']);

    // Only the two found are neighbours on the operator's screen: the first cannot go up, the second can.
    const found = await list('faq-entry', `?q=${encodeURIComponent('순서찾기')}`);
    expect(found.items.map((i) => [i.title, i.canMoveUp, i.canMoveDown])).toEqual([
      ['순서찾기 하나', false, true],
      ['순서찾기 둘', true, false],
    ]);
    const moved = await admin('POST', `/faq-entry/${ids['순서찾기 둘']}/move`, { direction: 'up', q: '순서찾기' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<ContentListResponse>().items.map((i) => [i.title, i.canMoveUp, i.canMoveDown])).toEqual([
      ['순서찾기 둘', false, true],
      ['순서찾기 하나', true, false],
    ]);
    expect(await questions()).toEqual([
      ...before.slice(0, -3),
      '순서찾기 둘',
      '순서찾기 하나',
      '검색에 안 걸리는 질문',
    ]);
    expect((await auditOf('faq-entry', ids['순서찾기 둘']!))[0]).toMatchObject({
      action: 'MOVED',
      before: { position: before.length },
      after: { position: before.length - 2 },
    });

    // Nothing found above it: refused, though the whole category has entries above.
    const refused = await admin('POST', `/faq-entry/${ids['순서찾기 둘']}/move`, { direction: 'up', q: '순서찾기' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MESSAGES.contentCannotMove);
    // Without a search it moves one place among all of them, as before.
    expect((await admin('POST', `/faq-entry/${ids['순서찾기 둘']}/move`, { direction: 'up' })).statusCode).toBe(200);
    expect((await questions()).slice(-4)).toEqual([
      '순서찾기 둘',
      before.at(-4),
      '순서찾기 하나',
      '검색에 안 걸리는 질문',
    ]);
  });

  it('pages the change history newest first, with its total', async () => {
    const page = async (n: number) => (await admin('GET', `/audit?page=${n}`)).json<ContentAuditResponse>();
    const [one, two] = [await page(1), await page(2)];
    expect(one).toMatchObject({ page: 1, size: AUDIT_PAGE_SIZE, total: await count('content_audit') });
    expect(one.entries).toHaveLength(AUDIT_PAGE_SIZE);
    const ids = [...one.entries, ...two.entries].map((e) => e.auditId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);
    const menuOnly = (await admin('GET', '/audit?kind=menu&page=1')).json<ContentAuditResponse>();
    expect(menuOnly.total).toBe(
      Number(
        (await service.app.knex('content_audit').where({ kind: 'menu' }).count<{ count: string }[]>({ count: '*' }))[0]!
          .count,
      ),
    );
    expect(menuOnly.entries.every((e) => e.kind === 'menu')).toBe(true);
  });
});
