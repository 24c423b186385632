import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import { MESSAGES, type StoryDetailResponse, type StoryListResponse } from '@sq/contracts';
import { contentService } from '../src/service';

let service: TestService;
beforeAll(async () => {
  service = await build(contentService);
});
afterAll(() => service?.close());

const get = (url: string) => service.app.inject({ method: 'GET', url });
const storyCount = async () =>
  Number((await service.app.knex('story').count<{ count: string }[]>({ count: '*' }))[0]!.count);

describe('story list', () => {
  it('lists published stories newest first, paginated on the server', async () => {
    const response = await get('/api/stories?page=1&size=4');
    expect(response.statusCode).toBe(200);
    const body = response.json<StoryListResponse & { ErrorCode: string }>();
    expect(body.ErrorCode).toBe('00');
    expect(body.stories).toMatchObject({ page: 1, size: 4, total: 10 });
    expect(body.stories.items).toHaveLength(4);
    const all = (await get('/api/stories?size=50')).json<StoryListResponse>().stories.items;
    const dates = all.map((s) => s.publishedDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all[0]!.title).toBe('마음일기 안드로이드 개발 후기: 출시까지 남은 것');
    const last = (await get('/api/stories?page=3&size=4')).json<StoryListResponse>().stories;
    expect(last.items).toHaveLength(2);
    const ids = new Set([...body.stories.items, ...last.items].map((s) => s.storyId));
    expect(ids.size).toBe(6);
    expect((await get('/api/stories?page=9&size=4')).json<StoryListResponse>().stories).toMatchObject({
      items: [],
      total: 10,
    });
  });

  it('covers all three programs with sized cover images and the CTA slug', async () => {
    const { items } = (await get('/api/stories?size=50')).json<StoryListResponse>().stories;
    expect(new Set(items.map((s) => s.productSlug))).toEqual(new Set(['bside', 'potenday', 'planx']));
    for (const story of items) {
      expect(story.cover).toMatchObject({ width: 640, height: 400 });
      expect(story.cover.url).toMatch(/^\/media\/content\/story-\d{2}\.svg$/);
      expect(story.author.roleName).toMatch(/^(기획자|디자이너|개발자)$/);
      const image = await get(story.cover.url);
      expect(image.statusCode).toBe(200);
      expect(image.body).toContain('width="640" height="400"');
    }
  });

  it('filters by program', async () => {
    const sprint = (await get('/api/stories?productId=2')).json<StoryListResponse>().stories;
    expect(sprint.total).toBe(3);
    expect(sprint.items.every((s) => s.productId === 2 && s.productSlug === 'potenday')).toBe(true);
    expect((await get('/api/stories?productId=999')).json<StoryListResponse>().stories).toMatchObject({
      total: 0,
      items: [],
    });
  });

  it('rejects malformed, oversized and injected query parameters with a Korean message', async () => {
    const before = await storyCount();
    for (const query of [
      'page=0',
      'page=-1',
      'page=abc',
      'page=1.5',
      'page=99999999',
      'size=0',
      'size=500',
      'size=',
      'productId=-1',
      'productId=0',
      'productId=abc',
      'productId=99999999999',
      'productId=1%27%20or%201=1--',
      'productId=1;drop%20table%20story',
      'productId=1&productId=2',
      `productId=${'9'.repeat(5000)}`,
    ]) {
      const response = await get(`/api/stories?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ ErrorCode: '40', message: MESSAGES.badRequest });
    }
    expect(await storyCount()).toBe(before);
  });

  it('hides unpublished and future-dated stories', async () => {
    const [hidden] = await service.app.knex('story').orderBy('story_id').limit(1).select('story_id');
    const id = hidden!.story_id as number;
    try {
      await service.app.knex('story').where({ story_id: id }).update({ published: false });
      expect((await get('/api/stories')).json<StoryListResponse>().stories.total).toBe(9);
      expect((await get(`/api/stories/${id}`)).statusCode).toBe(404);
      await service.app.knex('story').where({ story_id: id }).update({ published: true, published_date: '2099-01-01' });
      expect((await get(`/api/stories/${id}`)).statusCode).toBe(404);
    } finally {
      await service.app.knex('story').where({ story_id: id }).update({ published: true, published_date: '2025-12-20' });
    }
    expect((await get(`/api/stories/${id}`)).statusCode).toBe(200);
  });
});

describe('story detail', () => {
  it('returns the body, the call-to-action for its program and related stories', async () => {
    const { items } = (await get('/api/stories?productId=2')).json<StoryListResponse>().stories;
    const winner = items.find((s) => s.title === '10일 만에 우승까지, 한입레시피 팀 이야기')!;
    const response = await get(`/api/stories/${winner.storyId}`);
    expect(response.statusCode).toBe(200);
    const { story } = response.json<StoryDetailResponse>();
    expect(story).toMatchObject({
      productId: 2,
      productSlug: 'potenday',
      cohortName: '10일 팀 스프린트 2026년 5월',
      publishedDate: '2026-05-28',
      author: {
        alias: '서연',
        role: 'DESIGNER',
        roleName: '디자이너',
        positionName: 'UX/UI 디자인',
        profileId: 'seoyeon',
      },
      cta: { label: '10일 팀 스프린트 알아보기', url: '/potenday' },
    });
    expect(story.body.length).toBeGreaterThanOrEqual(3);
    expect(story.body[1]!.heading).toBe('매일 밤 10시의 체크인');
    expect(story.body.every((s) => s.paragraphs.length > 0)).toBe(true);
    expect(story.related.map((s) => s.storyId)).not.toContain(story.storyId);
    expect(story.related.length).toBe(2);
    expect(story.related.every((s) => s.productId === 2)).toBe(true);
  });

  it('keeps a story without a career card', async () => {
    const { items } = (await get('/api/stories?productId=3')).json<StoryListResponse>().stories;
    expect(items).toHaveLength(2);
    const { story } = (await get(`/api/stories/${items[0]!.storyId}`)).json<StoryDetailResponse>();
    expect(story.author.profileId).toBeNull();
    expect(story.cta).toEqual({ label: '플래너 코스 알아보기', url: '/planx' });
  });

  it('answers unknown ids with 404 and malformed ids with 400, never a 500', async () => {
    const missing = await get('/api/stories/99999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ ErrorCode: '44', message: MESSAGES.notFound });
    for (const bad of [
      'abc',
      '0',
      '-1',
      '1.5',
      '1e3x',
      '99999999999',
      "1'%20or%20'1'='1",
      '1;select%201',
      '%00',
      'x'.repeat(3000),
    ]) {
      const response = await get(`/api/stories/${bad}`);
      expect(response.statusCode, bad).toBe(400);
      // A NUL is refused before the id's own check (service-kit): text PostgreSQL cannot store.
      expect(response.json().message, bad).toBe(bad === '%00' ? MESSAGES.textInvalidCharacters : MESSAGES.badRequest);
    }
  });

  it('offers no write operations', async () => {
    const before = await storyCount();
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const response = await service.app.inject({ method, url: '/api/stories/1', payload: { title: 'x' } });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(MESSAGES.operationNotFound);
    }
    expect(await storyCount()).toBe(before);
  });
});
