import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import { MESSAGES, type CheckupIntroResponse } from '@sq/contracts';
import { itskillService } from '../src/service';
import { DEMO_COMPLETED_USERS } from '../src/seeds/results';

let service: TestService;
beforeAll(async () => {
  service = await build(itskillService);
});
afterAll(() => service?.close());

const intro = () => service.app.inject({ method: 'GET', url: '/api/itskill/checkup' });
const knex = () => service.app.knex;

describe('check-up intro', () => {
  it('describes the open survey with counts taken from its questions and results', async () => {
    const response = await intro();
    expect(response.statusCode).toBe(200);
    const body = response.json<CheckupIntroResponse & { ErrorCode: string }>();
    expect(body.ErrorCode).toBe('00');
    expect(body.checkup).toMatchObject({ title: 'IT 스킬 체크업 2026', questionCount: 25, estimatedMinutes: 10, participantCount: DEMO_COMPLETED_USERS });
    expect(body.checkup.areas.map((a) => a.name)).toEqual(['기획', '디자인', '프론트엔드', '백엔드', '데이터']);
    expect(body.checkup.areas[0]!.description).toContain('문제 정의');
  });

  it('counts each question added to the survey', async () => {
    const area = await knex()('survey_area').where({ code: 'DATA' }).first();
    const [question] = await knex()('survey_question').insert({ area_id: area.area_id, sort_order: 99, body: '추가 문항' }).returning('question_id');
    try {
      expect((await intro()).json<CheckupIntroResponse>().checkup.questionCount).toBe(26);
    } finally {
      await knex()('survey_question').where(question).delete();
    }
  });

  it('counts people who finished, once each, and not those still answering', async () => {
    const { surveyId } = (await intro()).json<CheckupIntroResponse>().checkup;
    const base = { survey_id: surveyId, job_group_code: 'JG_DEV', year_code: 'CY_1_3Y' };
    const ids = await knex()('checkup_result')
      .insert([
        { ...base, user_id: 1, status: 'COMPLETED', total_score: 60, completed_at: knex().fn.now() },
        { ...base, user_id: 1, status: 'COMPLETED', total_score: 70, completed_at: knex().fn.now() },
        { ...base, user_id: 2, status: 'IN_PROGRESS' },
      ])
      .returning('result_id');
    try {
      expect((await intro()).json<CheckupIntroResponse>().checkup.participantCount).toBe(DEMO_COMPLETED_USERS + 1);
    } finally {
      await knex()('checkup_result').whereIn('result_id', ids.map((r) => r.result_id)).delete();
    }
  });

  it('answers 404 in Korean while no check-up is open', async () => {
    await knex()('survey').update({ status: 'CLOSED', closed_at: knex().fn.now() });
    try {
      const response = await intro();
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ ErrorCode: '44', message: MESSAGES.notFound });
    } finally {
      await knex()('survey').update({ status: 'OPEN', closed_at: null });
    }
  });

  it('ignores stray query parameters, injection strings included', async () => {
    const response = await service.app.inject({ method: 'GET', url: "/api/itskill/checkup?surveyId=1'%20or%20'1'='1&x=%00" });
    expect(response.statusCode).toBe(200);
    expect(response.json<CheckupIntroResponse>().checkup.questionCount).toBe(25);
  });
});

describe('check-up tables', () => {
  it('allows only one open survey at a time', async () => {
    await expect(knex()('survey').insert({ title: '두 번째', description: '-', estimated_minutes: 5, status: 'OPEN' })).rejects.toThrow();
  });

  it('refuses an answer whose option belongs to another question', async () => {
    const [first, second] = await knex()('survey_question').orderBy('question_id').limit(2);
    const option = await knex()('question_option').where({ question_id: second.question_id }).first();
    const result = await knex()('checkup_result').where({ status: 'IN_PROGRESS' }).first();
    await expect(
      knex()('checkup_answer').insert({ result_id: result.result_id, question_id: first.question_id, option_id: option.option_id }),
    ).rejects.toThrow();
  });

  it('gives every result an unguessable share key', async () => {
    const rows = await knex()('checkup_result').select('share_key');
    expect(new Set(rows.map((r) => r.share_key)).size).toBe(rows.length);
    expect(rows[0]!.share_key).toMatch(/^[0-9a-f-]{36}$/);
  });
});
