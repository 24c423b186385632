import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '@sq/service-kit/testing';
import { MESSAGES, type BannerResponse, type MainPageResponse } from '@sq/contracts';
import { contentService } from '../src/service';
import { startContentWithPrograms } from './support/programs';

let content: TestService;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ content, close } = await startContentWithPrograms(contentService));
});
afterAll(() => close?.());

const get = (url: string) => content.app.inject({ method: 'GET', url });
const mainPage = async () => (await get('/api/open/main-page')).json<MainPageResponse>().mainPage;

describe('main banners', () => {
  it('serves the main banners with pc and mobile images, sizes and displayable flags', async () => {
    const response = await get('/api/getBanner');
    expect(response.statusCode).toBe(200);
    const { ErrorCode, banners } = response.json<BannerResponse & { ErrorCode: string }>();
    expect(ErrorCode).toBe('00');
    expect(banners).toEqual([
      {
        url: '/bside',
        pcImgUrl: '/media/content/banner-main-pc.svg',
        moImgUrl: '/media/content/banner-main-mo.svg',
        pcDisplayable: true,
        moDisplayable: true,
        alt: '14주 팀 프로젝트 12기 모집 중',
        pcImgWidth: 1200,
        pcImgHeight: 360,
        moImgWidth: 750,
        moImgHeight: 600,
      },
      {
        url: '/potenday',
        pcImgUrl: '/media/content/banner-sprint-pc.svg',
        moImgUrl: '/media/content/banner-sprint-mo.svg',
        pcDisplayable: true,
        moDisplayable: false,
        alt: '10일 팀 스프린트 안내',
        pcImgWidth: 1200,
        pcImgHeight: 360,
        moImgWidth: 750,
        moImgHeight: 600,
      },
    ]);
    for (const banner of banners) {
      const pc = await get(banner.pcImgUrl);
      expect(pc.body).toContain(`width="${banner.pcImgWidth}" height="${banner.pcImgHeight}"`);
      const mo = await get(banner.moImgUrl);
      expect(mo.body).toContain(`width="${banner.moImgWidth}" height="${banner.moImgHeight}"`);
    }
  });

  it('ignores query parameters and offers no writes', async () => {
    expect((await get("/api/getBanner?placement=gnb'%20or%201=1")).json<BannerResponse>().banners).toHaveLength(2);
    const before = await content.app.knex('banner').count<{ count: string }[]>({ count: '*' });
    const post = await content.app.inject({
      method: 'POST',
      url: '/api/getBanner',
      payload: { url: 'https://evil.example' },
    });
    expect(post.statusCode).toBe(404);
    expect(post.json().message).toBe(MESSAGES.operationNotFound);
    expect(await content.app.knex('banner').count<{ count: string }[]>({ count: '*' })).toEqual(before);
  });
});

describe('main page', () => {
  it('gathers banners, featured projects and stories, and the programs with their recruiting status', async () => {
    const response = await get('/api/open/main-page');
    expect(response.statusCode).toBe(200);
    const page = response.json<MainPageResponse>().mainPage;
    expect(page.banners).toHaveLength(2);
    expect(page.featuredProjects.map((p) => p.title)).toEqual([
      '한입레시피',
      '로컬픽',
      '모아보기',
      '마음일기',
      '스터디로그',
      '기획서 리뷰 클럽',
    ]);
    expect(page.featuredProjects[0]!.thumbnail).toMatchObject({ width: 640, height: 400 });
    expect(page.featuredStories.map((s) => s.productSlug)).toEqual(['potenday', 'bside', 'bside', 'planx']);
    expect(page.featuredStories[0]!.title).toBe('10일 만에 우승까지, 한입레시피 팀 이야기');
    expect(page.programsNotice).toBeNull();
    expect(page.programs!.map((p) => [p.slug, p.recruiting])).toEqual([
      ['bside', true],
      ['potenday', false],
      ['planx', true],
      ['portfolio-review', true],
    ]);
    const bside = page.programs![0]!;
    expect(bside.cohorts[0]).toMatchObject({ oddId: 112, status: 'RECRUITING', statusName: '모집 중' });
    expect(page.programs![1]!.cohorts[0]).toMatchObject({ oddId: 212, status: 'UPCOMING', statusName: '모집 예정' });
  });

  it('follows the featured order and falls back to the newest when nothing is featured', async () => {
    const knex = content.app.knex;
    const saved = await knex('project').select('project_id', 'featured_order');
    try {
      await knex('project').update({ featured_order: null });
      await knex('story').update({ featured_order: null });
      const page = await mainPage();
      expect(page.featuredProjects).toHaveLength(6);
      expect(page.featuredProjects[0]!.cohortName).toBe('10일 팀 스프린트 2026년 8월');
      expect(page.featuredStories[0]!.title).toBe('마음일기 안드로이드 개발 후기: 출시까지 남은 것');
      await knex('project').where({ title: '펫로그' }).update({ featured_order: 1 });
      expect((await mainPage()).featuredProjects.map((p) => p.title)).toEqual(['펫로그']);
    } finally {
      for (const row of saved)
        await knex('project').where({ project_id: row.project_id }).update({ featured_order: row.featured_order });
    }
  });

  it('reflects the displayable flags as stored', async () => {
    const knex = content.app.knex;
    await knex('banner').where({ placement: 'main', url: '/bside' }).update({ mo_displayable: false });
    try {
      expect((await mainPage()).banners[0]).toMatchObject({ pcDisplayable: true, moDisplayable: false });
    } finally {
      await knex('banner').where({ placement: 'main', url: '/bside' }).update({ mo_displayable: true });
    }
  });
});
