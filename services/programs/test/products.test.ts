import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import { MESSAGES, type ProductDetailResponse, type ProductListResponse } from '@sq/contracts';
import { programsService } from '../src/service';

let service: TestService;
beforeAll(async () => {
  service = await build(programsService);
  // The demo catalogue is dated around 2026-11-21 (a Saturday), Korean time.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T12:00:00+09:00'));
});
afterAll(async () => {
  vi.useRealTimers();
  await service?.close();
});

const get = (url: string) => service.app.inject({ method: 'GET', url });
const detail = async (key: string) => (await get(`/api/products/${key}`)).json<ProductDetailResponse>().product;

describe('product list', () => {
  it('lists every product with its cohorts newest first and whether it recruits now', async () => {
    const response = await get('/api/products');
    expect(response.statusCode).toBe(200);
    const { ErrorCode, products } = response.json<ProductListResponse & { ErrorCode: string }>();
    expect(ErrorCode).toBe('00');
    expect(products.map((p) => [p.productId, p.slug, p.name, p.recruiting])).toEqual([
      [1, 'bside', '14주 팀 프로젝트', true],
      [2, 'potenday', '10일 팀 스프린트', false],
      [3, 'planx', '플래너 코스', true],
      [4, 'portfolio-review', '포트폴리오 리뷰 데이', true],
    ]);
    const bside = products[0]!;
    expect(bside.feeKrw).toBe(300_000);
    expect(bside.cohorts.map((c) => [c.oddId, c.status])).toEqual([
      [112, 'RECRUITING'],
      [111, 'ENDED'],
      [110, 'ENDED'],
      [109, 'ENDED'],
    ]);
    expect(products[1]!.cohorts.map((c) => [c.oddId, c.status, c.statusName])).toEqual([
      [212, 'UPCOMING', '모집 예정'],
      [208, 'ENDED', '종료'],
      [205, 'ENDED', '종료'],
    ]);
    expect(products[2]!.cohorts.map((c) => c.oddId)).toEqual([304, 303]);
    expect(products[3]!.cohorts[0]).toMatchObject({
      oddId: 401,
      recruiting: true,
      teamBuildingAnnounceDate: null,
      startDate: '2026-12-12',
    });
  });

  it('keeps cohort names as the past projects show them', async () => {
    const { products } = (await get('/api/products')).json<ProductListResponse>();
    const names = Object.fromEntries(products.flatMap((p) => p.cohorts.map((c) => [c.oddId, c.name])));
    expect(names).toMatchObject({
      109: '14주 팀 프로젝트 9기',
      111: '14주 팀 프로젝트 11기',
      205: '10일 팀 스프린트 2026년 5월',
      303: '플래너 코스 3기',
    });
  });

  it('leaves out a hidden product', async () => {
    await service.app.knex('product').where({ product_id: 4 }).update({ is_visible: false });
    try {
      const { products } = (await get('/api/products')).json<ProductListResponse>();
      expect(products.map((p) => p.productId)).toEqual([1, 2, 3]);
      expect((await get('/api/products/portfolio-review')).statusCode).toBe(404);
      expect((await get('/api/cohorts/401')).statusCode).toBe(404);
    } finally {
      await service.app.knex('product').where({ product_id: 4 }).update({ is_visible: true });
    }
  });
});

describe('product detail', () => {
  it('is the same by number and by slug', async () => {
    expect(await detail('1')).toEqual(await detail('bside'));
  });

  it('shows the 14-week project team make-up, eligibility and refund rules of the terms', async () => {
    const bside = await detail('bside');
    expect(bside.teamMakeup).toEqual({
      minSize: 6,
      maxSize: 8,
      roles: { planner: 2, designer: 2, developer: 4 },
      maxFriends: 2,
    });
    expect(bside.eligibility).toContain('6개월 이상');
    const individual = bside.refundRules.filter((r) => r.case === 'INDIVIDUAL');
    expect(individual.map((r) => r.refundPercent)).toEqual([100, 80, 70, 50, 0]);
    expect(individual[0]!.boundary).toEqual({ type: 'DATE', anchor: 'TEAM_ANNOUNCE', offsetMonths: 0, offsetDays: -1 });
    expect(individual.at(-1)!.boundary).toBeNull();
    expect(bside.refundRules.filter((r) => r.case === 'TEAM_STOP').map((r) => r.refundPercent)).toEqual([
      80, 40, 20, 0,
    ]);
    expect(bside.refundRules.filter((r) => r.case === 'COMPANY_ENDED').map((r) => r.refundPercent)).toEqual([
      90, 50, 20, 0,
    ]);
  });

  it('keeps the planner course shares exact and its fixed referral refund', async () => {
    const planx = await detail('planx');
    expect(planx.teamMakeup).toMatchObject({ minSize: 1, maxSize: 3 });
    const twoThirds = planx.refundRules.find((r) => r.refundRatio.denominator === 3)!;
    expect(twoThirds).toMatchObject({
      refundPercent: 66.67,
      refundRatio: { numerator: 2, denominator: 3 },
      boundary: { type: 'ELAPSED', numerator: 1, denominator: 3 },
    });
    expect(planx.refundRules.find((r) => r.refundAmountKrw !== null)).toMatchObject({
      case: 'REWARD',
      refundAmountKrw: 50_000,
    });
    expect(planx.refundRules[0]!.condition).toContain('10%');
  });

  it('shows the sprint team size and a product without team building', async () => {
    expect((await detail('potenday')).teamMakeup).toEqual({
      minSize: 2,
      maxSize: 4,
      roles: { planner: null, designer: null, developer: null },
      maxFriends: 0,
    });
    const generic = await detail('4');
    expect(generic).toMatchObject({ slug: 'portfolio-review', kind: 'GENERIC', teamMakeup: null });
  });

  it('answers unknown products with 404 and malformed keys with 400, in Korean', async () => {
    for (const key of ['999', 'nothing']) {
      const response = await get(`/api/products/${key}`);
      expect(response.statusCode, key).toBe(404);
      expect(response.json()).toEqual({ ErrorCode: '44', message: MESSAGES.notFound });
    }
    for (const key of [
      '0',
      '-1',
      '1.5',
      '012',
      'BSIDE',
      'b',
      'x'.repeat(41),
      '9999999999',
      "bside'%20or%20'1'='1",
      'bside%3Bdrop%20table%20product',
      '%EA%B8%B0%ED%9A%8D',
      '%20',
    ]) {
      const response = await get(`/api/products/${key}`);
      expect(response.statusCode, key).toBe(400);
      expect(response.json(), key).toMatchObject({ ErrorCode: '40', message: MESSAGES.badRequest });
    }
    expect(Number((await service.app.knex('product').count({ n: '*' }).first())!.n)).toBe(4);
  });
});
