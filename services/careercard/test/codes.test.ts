import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import { MESSAGES, type CodeGroupDetailResponse, type JobGroupPositionResponse } from '@sq/contracts';
import { careercardService } from '../src/service';

let service: TestService;
beforeAll(async () => {
  service = await build(careercardService);
});
afterAll(() => service?.close());

const get = (url: string) => service.app.inject({ method: 'GET', url });

describe('common codes', () => {
  it('serves job groups and career years in display order', async () => {
    const jobs = (await get('/api/common/getCodeGroupDetail?groupId=JOB_GROUP')).json<CodeGroupDetailResponse>();
    expect(jobs.codeGroup).toMatchObject({ groupId: 'JOB_GROUP', groupName: '직군' });
    expect(jobs.codeGroup.codes.map((c) => c.name)).toEqual(['기획', '디자인', '개발']);
    const years = (await get('/api/common/getCodeGroupDetail?groupId=CAREER_YEARS')).json<CodeGroupDetailResponse>();
    expect(years.codeGroup.codes[0]).toEqual({ code: 'CY_UNDER_6M', name: '6개월 미만', parentCode: null });
    expect(years.codeGroup.codes).toHaveLength(6);
  });

  it('ties every position to its job group', async () => {
    const { codeGroup } = (
      await get('/api/common/getCodeGroupDetail?groupId=POSITION')
    ).json<CodeGroupDetailResponse>();
    expect(codeGroup.codes.every((c) => c.parentCode?.startsWith('JG_'))).toBe(true);
    expect(codeGroup.codes.find((c) => c.name === '프론트엔드')?.parentCode).toBe('JG_DEV');
  });

  it('no longer offers a retired code', async () => {
    await service.app.knex('code_detail').where({ code: 'POS_FLUTTER' }).update({ in_use: false });
    try {
      const { jobGroups } = (await get('/api/profile/job-group/position')).json<JobGroupPositionResponse>();
      expect(jobGroups.find((g) => g.code === 'JG_DEV')!.positions.map((p) => p.name)).not.toContain('Flutter');
    } finally {
      await service.app.knex('code_detail').where({ code: 'POS_FLUTTER' }).update({ in_use: true });
    }
  });

  it('answers an unknown group with 404 and malformed ones with 400', async () => {
    expect((await get('/api/common/getCodeGroupDetail?groupId=NOPE')).json()).toEqual({
      ErrorCode: '44',
      message: MESSAGES.notFound,
    });
    for (const query of [
      '',
      'groupId=',
      'groupId=job_group',
      `groupId=${'A'.repeat(41)}`,
      "groupId=JOB_GROUP'%20OR%20'1'='1",
      'groupId=JOB_GROUP&groupId=POSITION',
    ]) {
      const response = await get(`/api/common/getCodeGroupDetail?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ ErrorCode: '40', message: MESSAGES.badRequest });
    }
  });
});

describe('job groups with positions', () => {
  it('lists the three job groups with their positions', async () => {
    const response = await get('/api/profile/job-group/position');
    expect(response.statusCode).toBe(200);
    const { ErrorCode, jobGroups } = response.json<JobGroupPositionResponse & { ErrorCode: string }>();
    expect(ErrorCode).toBe('00');
    expect(jobGroups.map((g) => g.name)).toEqual(['기획', '디자인', '개발']);
    expect(jobGroups[0]!.positions[0]).toEqual({ code: 'POS_SERVICE_PLANNING', name: '서비스 기획' });
    expect(jobGroups[1]!.positions.map((p) => p.name)).toContain('UX/UI 디자인');
  });
});
