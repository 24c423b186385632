import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '@sq/service-kit/testing';
import type { SkillTrends } from '@sq/contracts';
import { readItskillConfig } from '../src/config';
import { buildItskill, takeCheckup } from './support';

/**
 * Demo data off (SEED_DEMO_DATA=false, and always in production): seeded example seasons and results that are
 * still in the database (this one was seeded) never show in trends or as shared results.
 */
let service: TestService;
beforeAll(async () => {
  service = await buildItskill({ SEED_DEMO_DATA: 'false' });
});
afterAll(() => service?.close());

const trends = async (query = '') => service.app.inject({ url: `/api/itskill/trends${query}` });

describe('demo data off', () => {
  it('is off in production whatever else is set, and on in development by default', () => {
    expect(readItskillConfig({ NODE_ENV: 'production' }).demoData).toBe(false);
    expect(readItskillConfig({ SEED_DEMO_DATA: 'false' }).demoData).toBe(false);
    expect(readItskillConfig({}).demoData).toBe(true);
  });

  it('leaves the demo seasons out of trends, their changes and season pick', async () => {
    const demoSeasons = await service.app.knex('survey').where({ is_demo: true }).pluck('survey_id');
    expect(demoSeasons.length).toBeGreaterThan(0);
    await takeCheckup(service, 801, { jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y' });
    const { trends: t } = (await trends()).json<{ trends: SkillTrends }>();
    expect(t.seasons.map((s) => s.isDemo)).toEqual([false]);
    expect(t.season).toMatchObject({ isDemo: false, participantCount: 1 });
    for (const change of t.changes) expect(change.points.every((p) => !p.isDemo)).toBe(true);
    expect((await trends(`?surveyId=${demoSeasons[0]}`)).statusCode).toBe(404);
  });

  it('answers a demo result’s share key like an unknown one', async () => {
    const demo = await service.app
      .knex('checkup_result')
      .where({ is_demo: true, status: 'COMPLETED' })
      .first('share_key');
    expect(demo).toBeTruthy();
    expect((await service.app.inject({ url: `/api/itskill/results/${demo.share_key}` })).statusCode).toBe(404);
    const real = await takeCheckup(service, 802, { jobGroupCode: 'JG_PLAN', yearCode: 'CY_3_5Y' });
    expect((await service.app.inject({ url: `/api/itskill/results/${real}` })).statusCode).toBe(200);
  });
});
