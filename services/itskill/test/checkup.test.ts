import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '@sq/service-kit/testing';
import { MESSAGES, type CheckupIntroResponse, type CheckupRun } from '@sq/contracts';
import { QUESTION_BANK } from '../src/bank/question-bank';
import { buildItskill, call, member, takeCheckup } from './support';

let service: TestService;
beforeAll(async () => {
  service = await buildItskill();
});
afterAll(() => service?.close());

const knex = () => service.app.knex;
const intro = () => service.app.inject({ method: 'GET', url: '/api/itskill/checkup' });
const start = (userId: number, body: unknown) =>
  call(service, member(service, userId), 'POST', '/api/itskill/checkup/run', body);
const current = (userId: number) => call(service, member(service, userId), 'GET', '/api/itskill/checkup/run');
const answer = (userId: number, body: unknown) =>
  call(service, member(service, userId), 'POST', '/api/itskill/checkup/run/answers', body);
const submit = (userId: number) => call(service, member(service, userId), 'POST', '/api/itskill/checkup/run/submit');
const snapshot = async () => ({
  results: await knex()('checkup_result')
    .orderBy('result_id')
    .select('result_id', 'status', 'job_group_code', 'year_code', 'total_score'),
  answers: await knex()('checkup_answer')
    .orderBy(['result_id', 'question_id'])
    .select('result_id', 'question_id', 'option_id'),
});

describe('question bank', () => {
  it('has 12 to 15 weighted questions over four or five areas for each of 기획, 디자인 and 개발', () => {
    expect(QUESTION_BANK.map((g) => g.name)).toEqual(['기획', '디자인', '개발']);
    for (const group of QUESTION_BANK) {
      const questions = group.areas.flatMap((a) => a.questions);
      expect(group.areas.length).toBeGreaterThanOrEqual(4);
      expect(group.areas.length).toBeLessThanOrEqual(5);
      expect(questions.length).toBeGreaterThanOrEqual(12);
      expect(questions.length).toBeLessThanOrEqual(15);
      for (const [body, weight, options] of questions) {
        expect(body).toMatch(/[가-힣]/);
        expect([1, 2, 3]).toContain(weight);
        expect(options).toHaveLength(4);
      }
    }
  });
});

describe('check-up intro', () => {
  it('describes the open season: job groups, their areas, and only real participants', async () => {
    const response = await intro();
    expect(response.statusCode).toBe(200);
    const { checkup } = response.json<CheckupIntroResponse>();
    expect(checkup.title).toBe('IT 스킬 체크업 2026 하반기');
    expect(checkup.jobGroups).toEqual([
      { code: 'JG_PLAN', name: '기획' },
      { code: 'JG_DESIGN', name: '디자인' },
      { code: 'JG_DEV', name: '개발' },
    ]);
    expect(checkup.questionCount).toBe(14);
    expect(checkup.areas.filter((a) => a.jobGroupCode === 'JG_DESIGN').map((a) => a.name)).toEqual([
      'UX 리서치',
      'UI 설계',
      '디자인 시스템',
      '협업과 핸드오프',
    ]);
    // The demo seasons' results are not this season's participants.
    expect(checkup.participantCount).toBe(0);
    await takeCheckup(service, 501, { jobGroupCode: 'JG_PLAN', yearCode: 'CY_1_3Y' });
    await takeCheckup(service, 501, { jobGroupCode: 'JG_PLAN', yearCode: 'CY_1_3Y' });
    expect((await intro()).json<CheckupIntroResponse>().checkup.participantCount).toBe(1);
  });

  it('answers 404 in Korean while no season is open', async () => {
    const open = await knex()('survey').where({ status: 'OPEN' }).first();
    await knex()('survey').where({ survey_id: open.survey_id }).update({ status: 'CLOSED' });
    try {
      expect((await intro()).json()).toEqual({ ErrorCode: '44', message: MESSAGES.checkupNotOpen });
      expect((await start(502, { jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y' })).json()).toEqual({
        ErrorCode: '44',
        message: MESSAGES.checkupNotOpen,
      });
    } finally {
      await knex()('survey').where({ survey_id: open.survey_id }).update({ status: 'OPEN' });
    }
  });
});

describe('a member’s check-up run', () => {
  it('starts with the job group’s bank, keeps answers, resumes, and never shows scores or weights', async () => {
    expect((await current(510)).json()).toEqual({ ErrorCode: '44', message: MESSAGES.checkupNotStarted });
    const started = await start(510, { jobGroupCode: 'JG_DESIGN', positionCode: 'POS_UXUI', yearCode: 'CY_3_5Y' });
    expect(started.statusCode).toBe(200);
    const run = started.json<{ run: CheckupRun }>().run;
    expect(run).toMatchObject({
      jobGroupCode: 'JG_DESIGN',
      jobGroupName: '디자인',
      positionCode: 'POS_UXUI',
      yearCode: 'CY_3_5Y',
      answers: {},
    });
    expect(run.questions).toHaveLength(13);
    expect(run.questions[0]).toMatchObject({ areaName: 'UX 리서치', body: '사용성 테스트를 해 본 경험이 있나요?' });
    expect(JSON.stringify(run)).not.toMatch(/score|weight/i);

    const [q1, q2] = run.questions;
    const saved = await answer(510, { questionId: q1!.questionId, optionId: q1!.options[1]!.optionId });
    expect(saved.json()).toEqual({ ErrorCode: '00', answeredCount: 1, questionCount: 13 });
    // Changing an answer replaces it; a refresh (GET) shows what is kept.
    await answer(510, { questionId: q1!.questionId, optionId: q1!.options[3]!.optionId });
    await answer(510, { questionId: q2!.questionId, optionId: q2!.options[0]!.optionId });
    const resumed = (await current(510)).json<{ run: CheckupRun }>().run;
    expect(resumed.answers).toEqual({
      [q1!.questionId]: q1!.options[3]!.optionId,
      [q2!.questionId]: q2!.options[0]!.optionId,
    });
    // Starting again resumes the same run with its answers; the same job group keeps them.
    const again = (await start(510, { jobGroupCode: 'JG_DESIGN', yearCode: 'CY_5_10Y' })).json<{ run: CheckupRun }>()
      .run;
    expect(again.answers).toEqual(resumed.answers);
    expect(again.yearCode).toBe('CY_5_10Y');
    expect(await knex()('checkup_result').where({ user_id: 510 })).toHaveLength(1);
    // Another job group means another bank: the old answers go.
    const switched = (await start(510, { jobGroupCode: 'JG_DEV', yearCode: 'CY_5_10Y' })).json<{ run: CheckupRun }>()
      .run;
    expect(switched.questions).toHaveLength(14);
    expect(switched.answers).toEqual({});
  });

  it('opens one run when the same member starts many times at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => start(511, { jobGroupCode: 'JG_PLAN', yearCode: 'CY_1_3Y' })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(await knex()('checkup_result').where({ user_id: 511 })).toHaveLength(1);
  });

  it('refuses to score before every question is answered, then scores in the service', async () => {
    const run = (await start(512, { jobGroupCode: 'JG_PLAN', yearCode: 'CY_1_3Y' })).json<{ run: CheckupRun }>().run;
    for (const q of run.questions.slice(0, -1))
      await answer(512, { questionId: q.questionId, optionId: q.options[3]!.optionId });
    const early = await submit(512);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(MESSAGES.checkupIncomplete);
    expect((await knex()('checkup_result').where({ user_id: 512 }).first()).status).toBe('IN_PROGRESS');
    const last = run.questions.at(-1)!;
    await answer(512, { questionId: last.questionId, optionId: last.options[3]!.optionId });
    const done = await submit(512);
    expect(done.statusCode).toBe(200);
    const row = await knex()('checkup_result').where({ user_id: 512 }).first();
    expect(row).toMatchObject({ status: 'COMPLETED', total_score: 100, level: 5, share_key: done.json().shareKey });
    expect(await knex()('checkup_area_score').where({ result_id: row.result_id })).toHaveLength(4);
    // Submitting again has nothing in progress; answering too.
    expect((await submit(512)).json()).toEqual({ ErrorCode: '44', message: MESSAGES.checkupNotStarted });
    expect((await answer(512, { questionId: last.questionId, optionId: last.options[0]!.optionId })).statusCode).toBe(
      404,
    );
    expect((await knex()('checkup_result').where({ user_id: 512 }).first()).total_score).toBe(100);
  });

  it('completes a run once when it is submitted many times at once', async () => {
    const run = (await start(513, { jobGroupCode: 'JG_DEV', yearCode: 'CY_3_5Y' })).json<{ run: CheckupRun }>().run;
    for (const q of run.questions) await answer(513, { questionId: q.questionId, optionId: q.options[1]!.optionId });
    const responses = await Promise.all(Array.from({ length: 5 }, () => submit(513)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 404)).toHaveLength(4);
    const row = await knex()('checkup_result').where({ user_id: 513 }).first();
    expect(await knex()('checkup_area_score').where({ result_id: row.result_id })).toHaveLength(4);
  });
});

describe('bad input', () => {
  it('needs a signed-in member for every run call', async () => {
    const before = await snapshot();
    for (const [method, url] of [
      ['GET', '/api/itskill/checkup/run'],
      ['POST', '/api/itskill/checkup/run'],
      ['POST', '/api/itskill/checkup/run/answers'],
      ['POST', '/api/itskill/checkup/run/submit'],
    ] as const) {
      const response = await service.app.inject({
        method,
        url,
        payload: method === 'POST' ? { jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y' } : undefined,
      });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().message).toBe(MESSAGES.signInRequired);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('rejects bad base info in Korean and changes nothing', async () => {
    await start(520, { jobGroupCode: 'JG_PLAN', yearCode: 'CY_1_3Y' });
    const before = await snapshot();
    for (const [body, status, message] of [
      [{}, 400, MESSAGES.jobGroupRequired],
      [{ jobGroupCode: 'JG_DEV' }, 400, MESSAGES.careerYearsRequired],
      [{ jobGroupCode: 'JG_DEV', yearCode: 'CY_FOREVER' }, 400, MESSAGES.careerYearsRequired],
      [{ jobGroupCode: 7, yearCode: 'CY_1_3Y' }, 400, MESSAGES.jobGroupRequired],
      // A NUL is refused before the schema (service-kit): text PostgreSQL cannot store.
      [{ jobGroupCode: 'JG_DEV\u0000', yearCode: 'CY_1_3Y' }, 400, MESSAGES.textInvalidCharacters],
      [{ jobGroupCode: "JG_DEV' or 1=1 --", yearCode: 'CY_1_3Y' }, 400, MESSAGES.jobGroupRequired],
      [{ jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y', positionCode: 'x'.repeat(10_000) }, 400, MESSAGES.badRequest],
      [{ jobGroupCode: 'JG_MARKETING', yearCode: 'CY_1_3Y' }, 400, MESSAGES.checkupNoBank],
    ] as const) {
      const response = await start(520, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(response.json().message, JSON.stringify(body).slice(0, 60)).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses answers of another bank, another question, or another season, and malformed ones', async () => {
    const mine = (await start(521, { jobGroupCode: 'JG_PLAN', yearCode: 'CY_1_3Y' })).json<{ run: CheckupRun }>().run;
    const theirs = (await start(522, { jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y' })).json<{ run: CheckupRun }>().run;
    const demoOption = await knex()('question_option as o')
      .join('survey_question as q', 'q.question_id', 'o.question_id')
      .join('survey_area as a', 'a.area_id', 'q.area_id')
      .join('survey as s', 's.survey_id', 'a.survey_id')
      .where({ 's.is_demo': true, 'a.job_group_code': 'JG_PLAN' })
      .first('o.option_id', 'q.question_id');
    const before = await snapshot();
    const [q1, q2] = mine.questions;
    for (const [body, message] of [
      [
        { questionId: theirs.questions[0]!.questionId, optionId: theirs.questions[0]!.options[0]!.optionId },
        MESSAGES.checkupAnswerInvalid,
      ],
      [{ questionId: q1!.questionId, optionId: q2!.options[0]!.optionId }, MESSAGES.checkupAnswerInvalid],
      [{ questionId: demoOption.question_id, optionId: demoOption.option_id }, MESSAGES.checkupAnswerInvalid],
      [{ questionId: q1!.questionId }, MESSAGES.badRequest],
      [
        { questionId: String(q1!.questionId) + '\u0000', optionId: q1!.options[0]!.optionId },
        MESSAGES.textInvalidCharacters,
      ],
      [{ questionId: -1, optionId: 1 }, MESSAGES.badRequest],
      [{ questionId: 1.5, optionId: 1 }, MESSAGES.badRequest],
      [{ questionId: 99_999_999_999, optionId: 1 }, MESSAGES.badRequest],
      [{ questionId: q1!.questionId, optionId: q1!.options[0]!.optionId, resultId: 1 }, MESSAGES.badRequest],
      [[1, 2], MESSAGES.badRequest],
    ] as const) {
      const response = await answer(521, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message, JSON.stringify(body)).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
  });
});
