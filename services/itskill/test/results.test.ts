import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import { MESSAGES, type SharedCheckupResultResponse } from '@sq/contracts';
import { itskillService } from '../src/service';

let service: TestService;
beforeAll(async () => {
  service = await build(itskillService);
});
afterAll(() => service?.close());

const get = (url: string) => service.app.inject({ method: 'GET', url });

describe('shared check-up results', () => {
  it('shows a completed result by its share key, with its areas and nothing about the member', async () => {
    const row = await service.app.knex('checkup_result').whereNotNull('completed_at').first('share_key', 'result_id');
    const response = await get(`/api/itskill/results/${row.share_key}`);
    expect(response.statusCode).toBe(200);
    const { result } = response.json<SharedCheckupResultResponse>();
    const areaCount = Number((await service.app.knex('checkup_area_score').where({ result_id: row.result_id }).count({ n: '*' }))[0]!.n);
    expect(result.shareKey).toBe(row.share_key);
    expect(result.areas).toHaveLength(areaCount);
    expect(result.completedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(JSON.stringify(result)).not.toMatch(/user/i);
  });

  it('answers unknown, unfinished and malformed keys without a 500', async () => {
    expect((await get('/api/itskill/results/00000000-0000-4000-8000-000000000000')).json()).toEqual({ ErrorCode: '44', message: MESSAGES.notFound });
    const unfinished = await service.app.knex('checkup_result').whereNull('completed_at').first('share_key');
    if (unfinished) expect((await get(`/api/itskill/results/${unfinished.share_key}`)).statusCode).toBe(404);
    for (const bad of ['abc', "1' or '1'='1", 'x'.repeat(300)]) {
      const response = await get(`/api/itskill/results/${encodeURIComponent(bad)}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message, bad).toBe(MESSAGES.badRequest);
    }
  });
});
