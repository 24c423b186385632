import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import { MESSAGES, type CheckupBaseInfo, type CheckupRun, type SaveAnswerResponse } from '@sq/contracts';
import { ApiError, armOutbox, badRequest, notFound, type Row } from '@sq/service-kit';
import { scoreCheckup } from '../scoring';
import type { createSurveyRepository } from './survey-repository';

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** A member's check-up in the open season: start or resume (step A), answers (step B), submit (scoring). */
export function createRunRepository(knex: Knex, surveys: ReturnType<typeof createSurveyRepository>) {
  async function inProgress(db: Knex, userId: number, lock = false): Promise<{ survey: Row; run: Row } | null> {
    const survey = await surveys.openSeason(db);
    if (!survey) return null;
    const query = db('checkup_result').where({ survey_id: survey.survey_id, user_id: userId, status: 'IN_PROGRESS' });
    const run = await (lock ? query.forUpdate() : query).first();
    return run ? { survey, run } : null;
  }

  async function view(survey: Row, run: Row): Promise<CheckupRun> {
    const [questions, answers, jobGroupName] = await Promise.all([
      surveys.bankQuestions(survey.survey_id, run.job_group_code),
      knex('checkup_answer').where({ result_id: run.result_id }).select('question_id', 'option_id'),
      surveys.jobGroupName(run.job_group_code),
    ]);
    return {
      surveyId: survey.survey_id,
      surveyTitle: survey.title,
      jobGroupCode: run.job_group_code,
      jobGroupName: jobGroupName ?? run.job_group_code,
      positionCode: run.position_code,
      yearCode: run.year_code,
      questions,
      answers: Object.fromEntries(answers.map((a) => [String(a.question_id), a.option_id])),
    };
  }

  return {
    async current(userId: number): Promise<CheckupRun | null> {
      const found = await inProgress(knex, userId);
      return found ? view(found.survey, found.run) : null;
    },

    /**
     * Starts the member's run, or resumes it with the base info updated. Changing the job group changes the
     * question bank, so the answers given to the other bank are dropped.
     */
    async start(userId: number, base: CheckupBaseInfo, now: Date): Promise<CheckupRun> {
      const survey = await surveys.openSeason();
      if (!survey) throw notFound(MESSAGES.checkupNotOpen);
      if ((await surveys.questionCount(survey.survey_id, base.jobGroupCode)) === 0) {
        throw badRequest(MESSAGES.checkupNoBank, { jobGroupCode: MESSAGES.checkupNoBank });
      }
      const fields = { job_group_code: base.jobGroupCode, position_code: base.positionCode, year_code: base.yearCode };
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const saved = await knex
          .transaction(async (trx) => {
            const existing = await inProgress(trx, userId, true);
            if (existing) {
              if (existing.run.job_group_code !== base.jobGroupCode)
                await trx('checkup_answer').where({ result_id: existing.run.result_id }).delete();
              await trx('checkup_result').where({ result_id: existing.run.result_id }).update(fields);
              return true;
            }
            try {
              await trx('checkup_result').insert({
                survey_id: survey.survey_id,
                user_id: userId,
                status: 'IN_PROGRESS',
                started_at: now,
                ...fields,
              });
              return true;
            } catch (error) {
              // Two starts at once: the one-in-progress index refused the second; it resumes on the next attempt.
              if (isUniqueViolation(error)) return false;
              throw error;
            }
          })
          .catch((error: unknown) => {
            if (isUniqueViolation(error)) return false;
            throw error;
          });
        if (saved) break;
      }
      const found = await inProgress(knex, userId);
      if (!found) throw notFound(MESSAGES.checkupNotStarted);
      return view(found.survey, found.run);
    },

    /** Saves one answer (replacing an earlier answer to the same question). */
    async answer(userId: number, questionId: number, optionId: number, now: Date): Promise<SaveAnswerResponse> {
      return knex.transaction(async (trx) => {
        const found = await inProgress(trx, userId, true);
        if (!found) throw notFound(MESSAGES.checkupNotStarted);
        const { survey, run } = found;
        // The option must belong to the question, and the question to this season's bank of the member's job group.
        const valid = await trx('question_option as o')
          .join('survey_question as q', 'q.question_id', 'o.question_id')
          .join('survey_area as a', 'a.area_id', 'q.area_id')
          .where({
            'o.option_id': optionId,
            'q.question_id': questionId,
            'a.survey_id': survey.survey_id,
            'a.job_group_code': run.job_group_code,
          })
          .first('o.option_id');
        if (!valid) throw badRequest(MESSAGES.checkupAnswerInvalid);
        await trx('checkup_answer').where({ result_id: run.result_id, question_id: questionId }).delete();
        await trx('checkup_answer').insert({
          result_id: run.result_id,
          question_id: questionId,
          option_id: optionId,
          answered_at: now,
        });
        const [answered, total] = await Promise.all([
          trx('checkup_answer')
            .where({ result_id: run.result_id })
            .countDistinct<{ count: string }[]>({ count: 'question_id' })
            .first(),
          surveys.questionCount(survey.survey_id, run.job_group_code),
        ]);
        return { answeredCount: Number(answered?.count ?? 0), questionCount: total };
      });
    },

    /** Scores the run (every question answered) and completes it; the result's share key. */
    async submit(userId: number, now: Date): Promise<string> {
      return knex.transaction(async (trx) => {
        const found = await inProgress(trx, userId, true);
        if (!found) throw notFound(MESSAGES.checkupNotStarted);
        const { survey, run } = found;
        const answers = await trx('checkup_answer as ans')
          .join('question_option as o', 'o.option_id', 'ans.option_id')
          .join('survey_question as q', 'q.question_id', 'ans.question_id')
          .where('ans.result_id', run.result_id)
          .select('q.area_id', 'q.weight', 'o.score', 'ans.question_id');
        const total = await surveys.questionCount(survey.survey_id, run.job_group_code);
        if (new Set(answers.map((a) => a.question_id)).size < total)
          throw new ApiError(422, MESSAGES.checkupIncomplete);
        const scoring = scoreCheckup(answers.map((a) => ({ areaId: a.area_id, weight: a.weight, score: a.score })));
        await trx('checkup_area_score').insert(
          scoring.areas.map((a) => ({
            result_id: run.result_id,
            area_id: a.areaId,
            score: a.score,
            max_score: a.maxScore,
            level: a.level,
          })),
        );
        await trx('checkup_result')
          .where({ result_id: run.result_id })
          .update({ status: 'COMPLETED', completed_at: now, total_score: scoring.totalScore, level: scoring.level });
        // Their latest result changed: the programs service's copies of their level are taken again.
        await armOutbox(trx, 'programs_skill_change', userId);
        return run.share_key as string;
      });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    runRepository: ReturnType<typeof createRunRepository>;
  }
}

export default fp(
  async (app) => {
    app.decorate('runRepository', createRunRepository(app.knex, app.surveyRepository));
  },
  { name: 'run-repository', dependencies: ['knex', 'survey-repository'] },
);
