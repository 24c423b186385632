import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '@sq/service-kit/testing';
import { MESSAGES, type SkillTrends } from '@sq/contracts';
import { DEMO_PARTICIPANTS_PER_SEASON, DEMO_SEASONS } from '../src/seeds/demo-seasons';
import { buildItskill, takeCheckup } from './support';

let service: TestService;
beforeAll(async () => {
  service = await buildItskill();
});
afterAll(() => service?.close());

const trends = async (query = '') => {
  const response = await service.app.inject({ method: 'GET', url: `/api/itskill/trends${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ trends: SkillTrends }>().trends;
};

describe('IT skill trends', () => {
  it('flags the seeded past seasons as demo and starts the open season empty', async () => {
    const t = await trends();
    expect(t.seasons.map((s) => [s.title, s.isDemo])).toEqual([
      ...DEMO_SEASONS.map((d) => [d.title, true]),
      ['IT 스킬 체크업 2026 하반기', false],
    ]);
    expect(t.seasons.slice(0, 2).map((s) => s.participantCount)).toEqual([
      DEMO_PARTICIPANTS_PER_SEASON,
      DEMO_PARTICIPANTS_PER_SEASON,
    ]);
    expect(t.season).toMatchObject({ title: 'IT 스킬 체크업 2026 하반기', isDemo: false, participantCount: 0 });
    expect(t.levels).toEqual([]);
    expect(t.missedAreas).toEqual([]);
    // The change between demo seasons is there, the open season has no point yet.
    const dev = t.changes.find((c) => c.jobGroupCode === 'JG_DEV')!;
    expect(dev.points.map((p) => p.averageScore === null)).toEqual([false, false, true]);
    expect(dev.points[1]!.averageScore!).toBeGreaterThan(dev.points[0]!.averageScore!);
  });

  it('counts real results of the open season by job group and career band, each member’s latest once', async () => {
    await takeCheckup(service, 701, { jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y' }, () => 0);
    await takeCheckup(service, 701, { jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y' }, () => 3);
    await takeCheckup(service, 702, { jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y' }, () => 1);
    // 구간 "3~5년"의 기획자: 첫 영역만 입문, 나머지는 전문가.
    await takeCheckup(service, 703, { jobGroupCode: 'JG_PLAN', yearCode: 'CY_3_5Y' }, (i) => (i < 3 ? 0 : 3));
    const t = await trends();
    expect(t.season.participantCount).toBe(3);
    expect(t.levels).toEqual([
      {
        jobGroupCode: 'JG_PLAN',
        jobGroupName: '기획',
        careerBand: 'Y3_5',
        careerBandName: '3~5년',
        participantCount: 1,
        averageScore: expect.any(Number),
        averageLevel: expect.any(Number),
      },
      {
        jobGroupCode: 'JG_DEV',
        jobGroupName: '개발',
        careerBand: 'Y1_3',
        careerBandName: '1~3년',
        participantCount: 2,
        averageScore: 66.5,
        averageLevel: 3.5,
      },
    ]);
    // The planner's weakest area leads the list of missed areas.
    expect(t.missedAreas.filter((a) => a.jobGroupCode === 'JG_PLAN')[0]).toMatchObject({
      areaName: '문제 정의',
      averagePercent: 0,
    });
    const plan = t.changes.find((c) => c.jobGroupCode === 'JG_PLAN')!;
    expect(plan.points.at(-1)!.averageScore).not.toBeNull();
  });

  it('shows a past season on request and answers bad season ids in Korean', async () => {
    const all = await trends();
    const demo = await trends(`?surveyId=${all.seasons[0]!.surveyId}`);
    expect(demo.season.isDemo).toBe(true);
    expect(demo.levels.reduce((n, l) => n + l.participantCount, 0)).toBe(DEMO_PARTICIPANTS_PER_SEASON);
    expect((await service.app.inject({ url: '/api/itskill/trends?surveyId=999999' })).json()).toEqual({
      ErrorCode: '44',
      message: MESSAGES.notFound,
    });
    for (const bad of ['abc', '-1', '1%00', "1'%20or%201=1"]) {
      const response = await service.app.inject({ url: `/api/itskill/trends?surveyId=${bad}` });
      expect(response.statusCode, bad).toBe(400);
      // A NUL is refused before the schema (service-kit): text PostgreSQL cannot store.
      expect(response.json().message).toBe(bad.includes('%00') ? MESSAGES.textInvalidCharacters : MESSAGES.badRequest);
    }
  });
});
