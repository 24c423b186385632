import type { Knex } from 'knex';
import { DEMO_APPLICANTS } from '@sq/contracts/demo-applicants';
import { scoreCheckup } from '../scoring';

/**
 * Check-up results of the demo applicants who took one (`@sq/contracts/demo-applicants`), in the open season,
 * so the operators' console shows their levels and the team matcher weighs them. Marked demo: trends and
 * real members' percentiles never count them; only the internal skill level reads them while demo data is on.
 * Each answer sits around the applicant's score, so the level comes out of the ordinary scoring.
 */
export async function seedDemoApplicantResults(knex: Knex): Promise<void> {
  const takers = DEMO_APPLICANTS.filter((a) => a.skillScore !== null);
  if (!takers.length || (await knex('checkup_result').where({ user_id: takers[0]!.userId }).first('result_id'))) return;
  const season = await knex('survey')
    .where({ status: 'OPEN', is_demo: false })
    .orderBy('survey_id', 'desc')
    .first('survey_id');
  if (!season) return;
  const questions = await knex('survey_question as q')
    .join('survey_area as a', 'a.area_id', 'q.area_id')
    .where('a.survey_id', season.survey_id)
    .select('q.question_id', 'q.area_id', 'q.weight', 'a.job_group_code');
  const options = await knex('question_option')
    .whereIn(
      'question_id',
      questions.map((q) => q.question_id),
    )
    .select('question_id', 'option_id', 'score');
  for (const [index, applicant] of takers.entries()) {
    const mine = questions.filter((q) => q.job_group_code === applicant.jobGroup);
    if (!mine.length) continue;
    const answers = mine.map((q, k) => {
      // 0..3 around the score, alternating a step up and down so areas differ.
      const target = (applicant.skillScore! / 100) * 3 + ((k + index) % 3) - 1;
      const pick = Math.max(0, Math.min(3, Math.round(target)));
      const option = options.filter((o) => o.question_id === q.question_id).sort((a, b) => a.score - b.score)[pick]!;
      return {
        questionId: q.question_id,
        areaId: q.area_id,
        weight: q.weight,
        optionId: option.option_id,
        score: option.score,
      };
    });
    const scoring = scoreCheckup(answers);
    // An hour apart, the last one an hour ago.
    const at = new Date(Date.now() - (takers.length - index) * 3_600_000);
    const [row] = await knex('checkup_result')
      .insert({
        survey_id: season.survey_id,
        user_id: applicant.userId,
        job_group_code: applicant.jobGroup,
        year_code: applicant.careerYears,
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
