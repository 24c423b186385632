import type { Knex } from 'knex';
import { QUESTION_BANK } from '../bank/question-bank';
import { insertBank } from '../migrations/005_question_bank';
import { scoreCheckup } from '../scoring';

/**
 * Two past seasons of example results, so the trends screens show a change between seasons in development.
 * Every row is marked demo (survey.is_demo, checkup_result.is_demo): trends show it as example data and no
 * real member's percentile ever counts it. A production start runs no seed (SEED_DEMO_DATA=false).
 */
export const DEMO_USER_BASE = 900_000;
export const DEMO_SEASONS = [
  {
    title: 'IT 스킬 체크업 2025 하반기 (예시)',
    openedAt: '2025-09-01T10:00:00+09:00',
    closedAt: '2026-02-28T23:59:00+09:00',
    lift: 0,
  },
  {
    title: 'IT 스킬 체크업 2026 상반기 (예시)',
    openedAt: '2026-03-01T10:00:00+09:00',
    closedAt: '2026-08-31T23:59:00+09:00',
    lift: 0.25,
  },
];
export const DEMO_PARTICIPANTS_PER_SEASON = 36;
const YEARS = ['CY_6M_1Y', 'CY_1_3Y', 'CY_1_3Y', 'CY_3_5Y', 'CY_5_10Y', 'CY_10Y_PLUS'];
const EXPERIENCE: Record<string, number> = { CY_6M_1Y: 0, CY_1_3Y: 0.5, CY_3_5Y: 1, CY_5_10Y: 1.4, CY_10Y_PLUS: 1.6 };

// A fixed pseudo-random sequence, so every fresh database holds the same demo answers.
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export async function seedDemoSeasons(knex: Knex): Promise<void> {
  if (await knex('survey').where({ is_demo: true }).first('survey_id')) return;
  const next = random(20261123);
  for (const [seasonIndex, demo] of DEMO_SEASONS.entries()) {
    const [season] = await knex('survey')
      .insert({
        title: demo.title,
        description: '트렌드 화면의 예시 시즌이에요.',
        estimated_minutes: 7,
        status: 'CLOSED',
        is_demo: true,
        opened_at: demo.openedAt,
        closed_at: demo.closedAt,
      })
      .returning('survey_id');
    await insertBank(knex, season.survey_id, QUESTION_BANK);
    const questions = await knex('survey_question as q')
      .join('survey_area as a', 'a.area_id', 'q.area_id')
      .where('a.survey_id', season.survey_id)
      .select('q.question_id', 'q.area_id', 'q.weight', 'a.job_group_code', 'a.sort_order as area_order');
    const options = await knex('question_option')
      .whereIn(
        'question_id',
        questions.map((q) => q.question_id),
      )
      .select('question_id', 'option_id', 'score');
    for (let i = 0; i < DEMO_PARTICIPANTS_PER_SEASON; i += 1) {
      const group = QUESTION_BANK[i % QUESTION_BANK.length]!.code;
      const yearCode = YEARS[Math.floor(i / QUESTION_BANK.length) % YEARS.length]!;
      const answers = questions
        .filter((q) => q.job_group_code === group)
        .map((q) => {
          // Experience and the later season lift the answers; the last area of each bank is the one most missed.
          const missed = q.area_order % 4 === 3 ? -0.6 : 0;
          const pick = Math.max(0, Math.min(3, Math.floor(next() * 2.2 + EXPERIENCE[yearCode]! + demo.lift + missed)));
          const option = options.filter((o) => o.question_id === q.question_id).sort((a, b) => a.score - b.score)[
            pick
          ]!;
          return {
            questionId: q.question_id,
            areaId: q.area_id,
            weight: q.weight,
            optionId: option.option_id,
            score: option.score,
          };
        });
      const scoring = scoreCheckup(answers);
      // Spread over the season's first four months.
      const at = new Date(Date.parse(demo.openedAt) + ((i * 3) % 120) * 86_400_000 + 11 * 3_600_000);
      const [row] = await knex('checkup_result')
        .insert({
          survey_id: season.survey_id,
          user_id: DEMO_USER_BASE + seasonIndex * 1000 + i + 1,
          job_group_code: group,
          year_code: yearCode,
          status: 'COMPLETED',
          total_score: scoring.totalScore,
          level: scoring.level,
          is_demo: true,
          started_at: at,
          completed_at: at,
        })
        .returning('result_id');
      await knex('checkup_answer').insert(
        answers.map((a) => ({
          result_id: row.result_id,
          question_id: a.questionId,
          option_id: a.optionId,
          answered_at: at,
        })),
      );
      await knex('checkup_area_score').insert(
        scoring.areas.map((a) => ({
          result_id: row.result_id,
          area_id: a.areaId,
          score: a.score,
          max_score: a.maxScore,
          level: a.level,
        })),
      );
    }
  }
}
