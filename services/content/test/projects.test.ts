import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import { MESSAGES, type LeftMenuResponse, type ProjectDetailResponse, type ProjectListResponse } from '@sq/contracts';
import { contentService } from '../src/service';

let service: TestService;
beforeAll(async () => {
  service = await build(contentService);
});
afterAll(() => service?.close());

const get = (url: string) => service.app.inject({ method: 'GET', url });

describe('past projects', () => {
  it('lists published projects newest first, paginated on the server', async () => {
    const first = await get('/api/projects?page=1&size=5');
    expect(first.statusCode).toBe(200);
    const body = first.json<ProjectListResponse & { ErrorCode: string }>();
    expect(body.ErrorCode).toBe('00');
    expect(body.projects.total).toBe(12);
    expect(body.projects.items).toHaveLength(5);
    const third = (await get('/api/projects?page=3&size=5')).json<ProjectListResponse>();
    expect(third.projects.items).toHaveLength(2);
    const ids = new Set([...body.projects.items, ...third.projects.items].map((p) => p.projectId));
    expect(ids.size).toBe(7);
    const ends = body.projects.items.map((p) => p.cohortName);
    expect(ends[0]).toContain('스프린트');
  });

  it('filters by program and by cohort', async () => {
    const sprint = (await get('/api/projects?productId=2')).json<ProjectListResponse>();
    expect(sprint.projects.total).toBe(3);
    expect(sprint.projects.items.every((p) => p.productId === 2)).toBe(true);
    const cohort = (await get('/api/projects?oddId=110')).json<ProjectListResponse>();
    expect(cohort.projects.items.map((p) => p.title).sort()).toEqual(['스터디로그', '출근길 영어', '펫로그'].sort());
    const none = (await get('/api/projects?productId=999')).json<ProjectListResponse>();
    expect(none.projects).toMatchObject({ total: 0, items: [] });
  });

  it('rejects malformed query parameters with a Korean message', async () => {
    for (const query of [
      'page=0',
      'page=abc',
      'size=500',
      'productId=-1',
      'productId=1%27%20or%201=1--',
      'oddId=1.5',
    ]) {
      const response = await get(`/api/projects?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ ErrorCode: '40', message: MESSAGES.badRequest });
    }
  });

  it('returns a project with its team, images and links', async () => {
    const list = (await get('/api/projects?oddId=205')).json<ProjectListResponse>();
    const recipe = list.projects.items.find((p) => p.title === '한입레시피')!;
    const response = await get(`/api/projects/${recipe.projectId}`);
    const { project } = response.json<ProjectDetailResponse>();
    expect(project.members.map((m) => m.profileId)).toEqual(['minji', 'seoyeon', 'junho', 'dohyun']);
    expect(project.images[0]).toMatchObject({ width: 640, height: 400 });
    expect(project.startDate).toBe('2026-05-11');
    expect(project.links.length).toBeGreaterThan(0);
  });

  it('answers unknown and malformed ids without a 500', async () => {
    expect((await get('/api/projects/99999')).json()).toMatchObject({ ErrorCode: '44', message: MESSAGES.notFound });
    expect((await get('/api/projects/99999')).statusCode).toBe(404);
    const malformed = await get('/api/projects/abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(MESSAGES.badRequest);
  });

  it('builds the left menu from the cohorts that have projects', async () => {
    const { leftMenu } = (await get('/api/project/getLeftMenu')).json<LeftMenuResponse>();
    expect(leftMenu.map((p) => p.productName)).toEqual(['14주 팀 프로젝트', '10일 팀 스프린트', '플래너 코스']);
    expect(leftMenu[0]!.cohorts.map((c) => c.oddId)).toEqual([111, 110, 109]);
    const only = (await get('/api/project/getLeftMenuByProductId?productId=3')).json<LeftMenuResponse>();
    expect(only.leftMenu).toEqual([
      {
        productId: 3,
        productName: '플래너 코스',
        cohorts: [{ oddId: 303, cohortName: '플래너 코스 3기', projectCount: 1 }],
      },
    ]);
    expect((await get('/api/project/getLeftMenuByProductId')).statusCode).toBe(400);
  });
});

describe('navigation', () => {
  it('serves the gnb menu with sub menus, badges and banners', async () => {
    const response = await get('/api/setting/gnb');
    const { gnb } = response.json();
    expect(gnb.menu.map((m: { type: string }) => m.type)).toContain('SEPARATOR');
    const programs = gnb.menu[0];
    expect(programs).toMatchObject({ type: 'MAIN', hasSubmenu: true });
    expect(programs.subMenu[0].badge.path).toMatch(/\.svg$/);
    expect(gnb.banners[0]).toMatchObject({ pcDisplayable: true, moDisplayable: true });
  });

  it('serves editorial images and refuses paths outside the assets', async () => {
    const image = await get('/media/content/project-01.svg');
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect((await get('/media/content/..%2Fpackage.json')).statusCode).toBe(404);
    expect((await get('/media/content/missing.svg')).statusCode).toBe(404);
  });

  it('answers unknown operations with the client code text', async () => {
    const response = await get('/api/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ ErrorCode: '44', message: MESSAGES.operationNotFound });
  });
});
