import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import { programsService } from '../src/service';
import { seedProducts } from '../src/seeds/products';
import { seedCohorts } from '../src/seeds/cohorts';

let service: TestService;
beforeAll(async () => {
  service = await build(programsService, { seed: false });
  await seedProducts(service.app.knex);
});
afterAll(() => service?.close());
afterEach(async () => {
  delete process.env.DEMO_CALENDAR;
  await service.app.knex('cohort').del();
});

const cohort = (oddId: number) => service.app.knex('cohort').where({ odd_id: oddId }).first();

describe('demo calendar', () => {
  it('keeps every date as written unless the demo calendar is live', async () => {
    await seedCohorts(service.app.knex, new Date('2027-03-01T12:00:00+09:00'));
    expect((await cohort(112)).start_date).toBe('2027-01-04');
  });

  it('moves the open and upcoming cohorts in whole weeks when live, and leaves history alone', async () => {
    process.env.DEMO_CALENDAR = 'live';
    const now = new Date('2027-03-01T12:00:00+09:00');
    await seedCohorts(service.app.knex, now);
    const live = await cohort(112);
    expect(new Date(live.recruit_start) <= now && now <= new Date(live.recruit_end)).toBe(true);
    expect((await cohort(111)).start_date).toBe('2026-05-04');
    const sprint = await cohort(212);
    expect(sprint.name).toBe(
      `10일 팀 스프린트 ${sprint.start_date.slice(0, 4)}년 ${Number(sprint.start_date.slice(5, 7))}월`,
    );
    // 98 days = 14 whole weeks after the reference day: same weekday as written.
    expect(new Date(`${live.start_date}T00:00:00Z`).getUTCDay()).toBe(new Date('2027-01-04T00:00:00Z').getUTCDay());
  });

  it('keeps every open and upcoming cohort recruiting on every day of the weeks after it was written', async () => {
    process.env.DEMO_CALENDAR = 'live';
    for (let day = 0; day < 21; day += 1) {
      const now = new Date(Date.parse('2026-11-23T12:00:00+09:00') + day * 86_400_000);
      await seedCohorts(service.app.knex, now);
      for (const oddId of [112, 212, 304, 401]) {
        const live = await cohort(oddId);
        expect({
          oddId,
          day,
          recruiting: new Date(live.recruit_start) <= now && now <= new Date(live.recruit_end),
        }).toEqual({ oddId, day, recruiting: true });
      }
      await service.app.knex('cohort').del();
    }
  });
});
