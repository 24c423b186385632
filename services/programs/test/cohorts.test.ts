import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import { MESSAGES, type CohortResponse } from '@sq/contracts';
import { programsService } from '../src/service';

let service: TestService;
beforeAll(async () => {
  service = await build(programsService);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T12:00:00+09:00'));
});
afterAll(async () => {
  vi.useRealTimers();
  await service?.close();
});

const cohort = async (oddId: number | string) =>
  (await service.app.inject({ method: 'GET', url: `/api/cohorts/${oddId}` })).json<CohortResponse>().cohort;

describe('cohort', () => {
  it('shows the recruiting 14-week cohort with its product and milestones', async () => {
    const c = await cohort(112);
    expect(c).toMatchObject({
      oddId: 112,
      name: '14주 팀 프로젝트 12기',
      status: 'RECRUITING',
      statusName: '모집 중',
      recruiting: true,
      teamBuildingAnnounceDate: '2026-12-16',
      kickoffDate: '2027-01-02',
      startDate: '2027-01-04',
      endDate: '2027-04-11',
      product: { productId: 1, slug: 'bside', name: '14주 팀 프로젝트', kind: 'TEAM_PROJECT', feeKrw: 300_000 },
    });
    expect(c.recruitEnd).toBe('2026-11-29T14:59:59.000Z');
  });

  it('moves through its statuses by the Korean clock', async () => {
    const at = async (instant: string) => {
      vi.setSystemTime(new Date(instant));
      return (await cohort(112)).status;
    };
    try {
      expect(await at('2026-11-01T23:59:59+09:00')).toBe('UPCOMING');
      expect(await at('2026-11-02T00:00:00+09:00')).toBe('RECRUITING');
      expect(await at('2026-11-29T23:59:59+09:00')).toBe('RECRUITING');
      expect(await at('2026-11-30T00:00:00+09:00')).toBe('TEAM_BUILDING');
      expect(await at('2027-01-03T23:59:00+09:00')).toBe('TEAM_BUILDING');
      expect(await at('2027-01-04T00:00:00+09:00')).toBe('IN_PROGRESS');
      expect(await at('2027-04-11T23:59:00+09:00')).toBe('IN_PROGRESS');
      expect(await at('2027-04-12T00:00:00+09:00')).toBe('ENDED');
    } finally {
      vi.setSystemTime(new Date('2026-11-21T12:00:00+09:00'));
    }
  });

  it('reports a cancelled cohort as cancelled, not recruiting', async () => {
    await service.app.knex('cohort').where({ odd_id: 304 }).update({ cancelled_at: service.app.knex.fn.now() });
    try {
      expect(await cohort(304)).toMatchObject({ status: 'CANCELLED', statusName: '취소', recruiting: false });
    } finally {
      await service.app.knex('cohort').where({ odd_id: 304 }).update({ cancelled_at: null });
    }
  });

  it('dates the 14-week refund schedule from the cohort (terms boundaries)', async () => {
    const { refundSchedule } = await cohort(112);
    const of = (kind: string) => refundSchedule.filter((r) => r.case === kind).map((r) => [r.refundPercent, r.until]);
    expect(of('INDIVIDUAL')).toEqual([
      [100, '2026-12-15'],
      [80, '2027-01-02'],
      [70, '2027-01-03'],
      [50, '2027-01-17'],
      [0, null],
    ]);
    expect(of('TEAM_STOP')).toEqual([
      [80, '2027-01-31'],
      [40, '2027-02-28'],
      [20, '2027-03-28'],
      [0, null],
    ]);
    expect(of('COMPANY_ENDED')).toEqual([
      [90, '2027-02-03'],
      [50, '2027-03-03'],
      [20, '2027-04-03'],
      [0, null],
    ]);
    expect(of('REWARD')).toEqual([[100, '2027-04-19']]);
  });

  it('dates the planner course by the share of the course elapsed', async () => {
    const { refundSchedule } = await cohort(304);
    expect(refundSchedule.filter((r) => r.case === 'INDIVIDUAL').map((r) => [r.refundPercent, r.until])).toEqual([
      [100, null],
      [66.67, '2027-01-01'],
      [50, '2027-01-10'],
      [0, null],
    ]);
  });

  it('answers unknown cohorts with 404 and malformed ids with 400, in Korean', async () => {
    const unknown = await service.app.inject({ method: 'GET', url: '/api/cohorts/999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ ErrorCode: '44', message: MESSAGES.notFound });
    for (const id of [
      'abc',
      '0',
      '-5',
      '1.5',
      '2147483648',
      "112'%20or%201=1--",
      '112%3B%20delete%20from%20cohort',
      '%00',
    ]) {
      const response = await service.app.inject({ method: 'GET', url: `/api/cohorts/${id}` });
      expect(response.statusCode, id).toBe(400);
      // A NUL is refused before the id's own check (service-kit): text PostgreSQL cannot store.
      expect(response.json(), id).toMatchObject({
        ErrorCode: '40',
        message: id === '%00' ? MESSAGES.textInvalidCharacters : MESSAGES.badRequest,
      });
    }
    expect(Number((await service.app.knex('cohort').count({ n: '*' }).first())!.n)).toBe(10);
  });
});

describe('catalogue tables', () => {
  it('refuse slugs the route guard would treat as operator pages, and impossible dates or shares', async () => {
    const knex = service.app.knex;
    const product = { name: '테스트', kind: 'GENERIC', summary: '-', description: '-', fee_krw: 0, sort_order: 9 };
    await expect(knex('product').insert({ ...product, slug: 'myadmin' })).rejects.toThrow();
    await expect(
      knex('product').insert({ ...product, slug: 'ok-slug', min_team_size: 4, max_team_size: 2 }),
    ).rejects.toThrow();
    await expect(
      knex('product').insert({ ...product, slug: 'ok-slug', min_team_size: 2, max_team_size: 4, developer_seats: 5 }),
    ).rejects.toThrow();
    const cohortRow = {
      product_id: 1,
      name: '테스트',
      recruit_start: '2027-01-01T00:00:00+09:00',
      recruit_end: '2027-01-10T23:59:59+09:00',
      start_date: '2027-01-05',
      end_date: '2027-02-01',
    };
    await expect(knex('cohort').insert(cohortRow)).rejects.toThrow();
    await expect(
      knex('refund_rule').insert({
        product_id: 1,
        case_kind: 'INDIVIDUAL',
        sort_order: 99,
        phase: '-',
        refund_numerator: 3,
        refund_denominator: 2,
      }),
    ).rejects.toThrow();
  });
});
