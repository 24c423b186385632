import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '@sq/service-kit/testing';
import { MESSAGES, type MainPageResponse, type ProductDetailResponse, type ProgramIntroResponse } from '@sq/contracts';
import type {
  ContentAuditEntry,
  ContentItem,
  ContentListResponse,
  ProgramIntroBody,
} from '@sq/contracts/api/content-admin';
import { contentService } from '../src/service';
import { startContentWithPrograms } from './support/programs';

let content: TestService;
let programs: TestService;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ content, programs, close } = await startContentWithPrograms(contentService));
});
afterAll(() => close?.());

const OPERATOR = { userId: 900, role: 'ROLE_ADMIN' as const, sid: 'operator-session' };
const MEMBER = { userId: 901, role: 'ROLE_USER' as const, sid: 'member-session' };
type Who = typeof OPERATOR | typeof MEMBER;

const get = (url: string, as?: Who) => content.app.inject({ method: 'GET', url, headers: as ? content.as(as) : {} });
const admin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  content.app.inject({
    method,
    url: `/api/admin/content${url}`,
    headers: content.as(OPERATOR),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const intro = async (key: string, query = '', as?: Who) => {
  const response = await get(`/api/program-intros/${key}${query}`, as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProgramIntroResponse>().intro;
};
const cardSummary = async (slug: string) =>
  (await get('/api/open/main-page')).json<MainPageResponse>().mainPage.programs!.find((p) => p.slug === slug)!.summary;
const itemOf = async (slug: string) => {
  const { items } = (await admin('GET', '/program-intro')).json<ContentListResponse>();
  const row = (await content.app.knex('program_intro').where({ product_slug: slug }).first())!;
  expect(items.map((i) => i.itemId)).toContain(row.intro_id);
  return (await admin('GET', `/program-intro/${row.intro_id}`)).json<{ item: ContentItem }>().item;
};
const count = async (table: string) =>
  Number((await content.app.knex(table).count<{ count: string }[]>({ count: '*' }))[0]!.count);

describe('program intros (public)', () => {
  it('start from the seeds: each program page has its lead, hero image, sections and photos, by slug or number', async () => {
    const bside = await intro('bside');
    expect(bside).toMatchObject({
      productId: 1,
      productSlug: 'bside',
      productName: '14주 팀 프로젝트',
      hero: { url: '/media/content/program-bside.svg', width: 1200, height: 600 },
    });
    expect(bside!.sections.map((s) => s.heading)).toEqual([null, '이렇게 진행돼요', '이런 분께 맞아요', '완주하면']);
    expect(bside!.images.length).toBeGreaterThan(0);
    expect(await intro('1')).toEqual(bside);
    for (const slug of ['potenday', 'planx']) expect((await intro(slug))?.productSlug, slug).toBe(slug);
    // Every seeded image is served, at the size the intro gives (no layout shift).
    for (const image of [bside!.hero!, ...bside!.images])
      expect((await get(image.url)).body).toContain(`width="${image.width}" height="${image.height}"`);

    // A program without an intro (the generic product) answers null: its page keeps the catalogue's text.
    expect(await intro('portfolio-review')).toBeNull();
    expect((await get('/api/program-intros/Bad_Slug')).statusCode).toBe(400);
  });
});

describe('program intros through the console', () => {
  it('keeps a draft from visitors, previews it for operators only, publishes it at once everywhere it shows, and audits before/after', async () => {
    const item = await itemOf('potenday');
    const original = item.body as ProgramIntroBody;
    expect(item.pagePath).toBe('/potenday');
    expect(await cardSummary('potenday')).toBe(original.summary);
    const catalogueSummary = (
      await programs.app.inject({ method: 'GET', url: '/api/products/potenday' })
    ).json<ProductDetailResponse>().product.summary;
    expect(catalogueSummary).not.toBe(original.summary);

    const edited: ProgramIntroBody = {
      ...original,
      summary: '운영자가 고친 10일 팀 스프린트 소개예요.',
      sections: [{ heading: '새 소제목', paragraphs: ['새로 쓴 문단이에요.'] }, ...original.sections],
      images: [
        { url: '/media/uploads/0f8fad5b-d9cb-469f-a165-70867728950e', width: 800, height: 600, alt: '올린 사진' },
      ],
    };
    const saved = await admin('PUT', `/program-intro/${item.itemId}/draft`, { body: edited });
    expect(saved.statusCode, saved.body).toBe(200);
    const token = saved.json<{ item: ContentItem }>().item.draft!.previewToken;

    // Visitors, and members holding the link, still read the published intro.
    expect((await intro('potenday'))!.summary).toBe(original.summary);
    expect((await intro('potenday', `?preview=${token}`, MEMBER))!.summary).toBe(original.summary);
    expect(await cardSummary('potenday')).toBe(original.summary);
    const preview = await intro('potenday', `?preview=${token}`, OPERATOR);
    expect(preview).toMatchObject({ summary: edited.summary, sections: edited.sections, images: edited.images });
    expect((await intro('potenday'))!.summary).toBe(original.summary);

    const published = await admin('POST', `/program-intro/${item.itemId}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(await intro('potenday')).toMatchObject({
      summary: edited.summary,
      sections: edited.sections,
      images: edited.images,
    });
    expect(await intro('2')).toMatchObject({ summary: edited.summary });
    // The home page's program card reads the same lead.
    expect(await cardSummary('potenday')).toBe(edited.summary);

    const [publishedEntry, savedEntry] = (await admin('GET', `/audit?kind=program-intro&itemId=${item.itemId}`)).json<{
      entries: ContentAuditEntry[];
    }>().entries;
    expect(savedEntry).toMatchObject({ action: 'DRAFT_SAVED', actorId: OPERATOR.userId, before: null, after: edited });
    expect(publishedEntry).toMatchObject({
      action: 'PUBLISHED',
      actorId: OPERATOR.userId,
      before: { published: true, body: original },
      after: { published: true, body: edited },
    });

    // Taken down: the page and the card fall back to the catalogue's text; published again, it is back.
    expect((await admin('POST', `/program-intro/${item.itemId}/unpublish`)).statusCode).toBe(200);
    expect(await intro('potenday')).toBeNull();
    expect(await cardSummary('potenday')).toBe(catalogueSummary);
    await admin('POST', `/program-intro/${item.itemId}/publish`);
    expect((await intro('potenday'))!.summary).toBe(edited.summary);
  });

  it('refuses bad input with Korean messages per field and changes nothing', async () => {
    const item = await itemOf('planx');
    const body = item.body as ProgramIntroBody;
    const before = [await count('content_draft'), await count('content_audit'), await intro('planx')] as const;
    const response = await admin('PUT', `/program-intro/${item.itemId}/draft`, {
      body: {
        ...body,
        summary: '  ',
        hero: { url: 'https://elsewhere.example/hero.png', width: 0, height: 600, alt: '' },
        sections: [{ heading: '소제목만', paragraphs: [] }],
        images: Array.from({ length: 13 }, () => body.hero),
      },
    });
    expect(response.statusCode).toBe(400);
    const refused = response.json<{ message: string; fields: Record<string, string> }>();
    expect(refused.fields).toEqual({
      summary: MESSAGES.contentIntroSummaryRequired,
      'hero.url': MESSAGES.contentImageInvalid,
      'hero.width': MESSAGES.contentImageSizeInvalid,
      'hero.alt': MESSAGES.contentAltRequired,
      'sections.0.paragraphs': MESSAGES.contentBodyRequired,
      images: MESSAGES.contentImagesTooMany,
    });
    expect(refused.message).toBe(MESSAGES.contentIntroSummaryRequired);
    expect([await count('content_draft'), await count('content_audit'), await intro('planx')]).toEqual(before);
  });

  it('keeps one intro per program: a second one for the same program is refused; a program without one gets its own', async () => {
    const bside = (await itemOf('bside')).body as ProgramIntroBody;
    const second = await admin('PUT', '/program-intro/new/draft', { body: { ...bside, summary: '두 번째 소개' } });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      message: MESSAGES.contentIntroTaken,
      fields: { productId: MESSAGES.contentIntroTaken },
    });

    const review: ProgramIntroBody = {
      productId: 4,
      productSlug: 'portfolio-review',
      productName: '포트폴리오 리뷰 데이',
      summary: '현업 리뷰어와 포트폴리오를 함께 다듬는 하루예요.',
      hero: null,
      sections: [{ heading: null, paragraphs: ['리뷰어가 미리 읽고 와요.'] }],
      images: [],
    };
    const draft = await admin('PUT', '/program-intro/new/draft', { body: review });
    expect(draft.statusCode, draft.body).toBe(200);
    const created = draft.json<{ item: ContentItem }>().item;
    expect(created).toMatchObject({ published: false, body: null, pagePath: '/portfolio-review' });
    expect(await intro('portfolio-review')).toBeNull();
    expect((await intro('4', `?preview=${created.draft!.previewToken}`, OPERATOR))!.summary).toBe(review.summary);
    await admin('POST', `/program-intro/${created.itemId}/publish`);
    expect(await intro('portfolio-review')).toEqual({ ...review });
    expect(await cardSummary('portfolio-review')).toBe(review.summary);
  });
});
