import type { Knex } from 'knex';

/**
 * Demo participants of the open survey. Their user ids sit far above the account service's demo accounts,
 * so the demo member starts with no result of their own.
 */
export const DEMO_USER_BASE = 900_000;
const JOB_GROUPS = ['JG_PLAN', 'JG_DESIGN', 'JG_DEV', 'JG_DEV', 'JG_PLAN', 'JG_DEV'];
const YEARS = ['CY_6M_1Y', 'CY_1_3Y', 'CY_1_3Y', 'CY_3_5Y', 'CY_5_10Y'];
const AREA_GROUP: Record<string, string | null> = { PLAN: 'JG_PLAN', DESIGN: 'JG_DESIGN', FRONTEND: 'JG_DEV', BACKEND: 'JG_DEV', DATA: null };
export const DEMO_COMPLETED_USERS = 24;

// A fixed pseudo-random sequence, so every fresh database holds the same demo answers.
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Level 1 (입문) to 5 (전문가) from an area's score. */
export function levelFor(score: number, min: number, max: number): number {
  return Math.min(5, 1 + Math.floor(((score - min) * 4) / (max - min)));
}

export async function seedResults(knex: Knex, surveyId: number): Promise<void> {
  const options = await knex('question_option as o')
    .join('survey_question as q', 'q.question_id', 'o.question_id')
    .join('survey_area as a', 'a.area_id', 'q.area_id')
    .where('a.survey_id', surveyId)
    .orderBy(['a.sort_order', 'q.sort_order', 'o.sort_order'])
    .select('a.area_id', 'a.code', 'q.question_id', 'o.option_id', 'o.score');
  type SeedQuestion = { areaId: number; areaCode: string; options: { optionId: number; score: number }[] };
  const questions = new Map<number, SeedQuestion>();
  for (const o of options) {
    const question: SeedQuestion = questions.get(o.question_id) ?? { areaId: o.area_id, areaCode: o.code, options: [] };
    question.options.push({ optionId: o.option_id, score: o.score });
    questions.set(o.question_id, question);
  }
  const next = random(20261121);

  // 24 members finished (one of them twice); 3 more are still answering and do not count yet.
  const runs = [...Array.from({ length: DEMO_COMPLETED_USERS }, (_, i) => ({ user: i + 1, done: true })), { user: 3, done: true },
    { user: 25, done: false }, { user: 26, done: false }, { user: 27, done: false }];
  for (const [index, run] of runs.entries()) {
    const jobGroup = JOB_GROUPS[run.user % JOB_GROUPS.length]!;
    const day = String(1 + (index % 28)).padStart(2, '0');
    const month = index < 14 ? '10' : '11';
    const answers = [...questions.entries()].slice(0, run.done ? undefined : 8).map(([questionId, q]) => {
      // Members answer their own area with more confidence.
      const lift = AREA_GROUP[q.areaCode] === jobGroup ? 1.6 : 0.6;
      const pick = Math.min(3, Math.floor(next() * 2.4 + lift));
      return { questionId, areaId: q.areaId, ...q.options[pick]! };
    });
    const total = answers.reduce((sum, a) => sum + a.score, 0);
    const [row] = await knex('checkup_result')
      .insert({
        survey_id: surveyId,
        user_id: DEMO_USER_BASE + run.user,
        job_group_code: jobGroup,
        year_code: YEARS[run.user % YEARS.length],
        status: run.done ? 'COMPLETED' : 'IN_PROGRESS',
        total_score: run.done ? total : null,
        started_at: `2026-${month}-${day}T20:00:00+09:00`,
        completed_at: run.done ? `2026-${month}-${day}T20:11:00+09:00` : null,
      })
      .returning('result_id');
    await knex('checkup_answer').insert(answers.map((a) => ({ result_id: row.result_id, question_id: a.questionId, option_id: a.optionId })));
    if (!run.done) continue;
    const byArea = new Map<number, number[]>();
    for (const a of answers) byArea.set(a.areaId, [...(byArea.get(a.areaId) ?? []), a.score]);
    await knex('checkup_area_score').insert(
      [...byArea.entries()].map(([areaId, scores]) => {
        const score = scores.reduce((s, v) => s + v, 0);
        return { result_id: row.result_id, area_id: areaId, score, max_score: scores.length * 4, level: levelFor(score, scores.length, scores.length * 4) };
      }),
    );
  }
}
