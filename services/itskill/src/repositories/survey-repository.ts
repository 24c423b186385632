import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import type { AdminSeason, CheckupIntro, CheckupJobGroup, CheckupQuestion } from '@sq/contracts';
import { countRows, type Row } from '@sq/service-kit';

/** Seasons (table `survey`), their question banks per job group, and the operators' season actions. */
export function createSurveyRepository(knex: Knex) {
  const questionCount = (surveyId: number, jobGroupCode?: string) =>
    countRows(
      knex('survey_question as q')
        .join('survey_area as a', 'a.area_id', 'q.area_id')
        .where('a.survey_id', surveyId)
        .modify((query) => (jobGroupCode ? query.where('a.job_group_code', jobGroupCode) : query)),
    );

  const toAdminSeason = async (s: Row): Promise<AdminSeason> => ({
    surveyId: s.survey_id,
    title: s.title,
    status: s.status,
    isDemo: s.is_demo,
    openedAt: s.opened_at ? new Date(s.opened_at).toISOString() : null,
    questionCount: await questionCount(s.survey_id),
  });

  return {
    /** The season members take now (a demo season is never offered). */
    openSeason: (db: Knex = knex): Promise<Row | undefined> =>
      db('survey').where({ status: 'OPEN', is_demo: false }).first(),

    async jobGroups(): Promise<CheckupJobGroup[]> {
      const rows = await knex('checkup_job_group').orderBy('sort_order');
      return rows.map((g) => ({ code: g.code, name: g.name }));
    },

    async jobGroupName(code: string): Promise<string | null> {
      return (await knex('checkup_job_group').where({ code }).first('name'))?.name ?? null;
    },

    /** The open season as the intro page shows it; null when no check-up is open. */
    async openIntro(): Promise<CheckupIntro | null> {
      const survey = await this.openSeason();
      if (!survey) return null;
      const [areas, jobGroups, perGroup, participantCount] = await Promise.all([
        knex('survey_area').where({ survey_id: survey.survey_id }).orderBy('sort_order'),
        this.jobGroups(),
        knex('survey_question as q')
          .join('survey_area as a', 'a.area_id', 'q.area_id')
          .where('a.survey_id', survey.survey_id)
          .groupBy('a.job_group_code')
          .select('a.job_group_code')
          .count<{ job_group_code: string; count: string }[]>({ count: '*' }),
        // People, not runs: a member who retakes the check-up is counted once; demo rows never.
        knex('checkup_result')
          .where({ survey_id: survey.survey_id, status: 'COMPLETED', is_demo: false })
          .countDistinct<{ count: string }[]>({ count: 'user_id' })
          .first()
          .then((row) => Number(row?.count ?? 0)),
      ]);
      return {
        surveyId: survey.survey_id,
        title: survey.title,
        description: survey.description,
        questionCount: Math.max(0, ...perGroup.map((g) => Number(g.count))),
        estimatedMinutes: survey.estimated_minutes,
        participantCount,
        areas: areas.map((a) => ({
          code: a.code,
          name: a.name,
          description: a.description,
          jobGroupCode: a.job_group_code,
        })),
        jobGroups: jobGroups.filter((g) => perGroup.some((p) => p.job_group_code === g.code)),
      };
    },

    /** A job group's questions in a season, in order; options without their scores. */
    async bankQuestions(surveyId: number, jobGroupCode: string): Promise<CheckupQuestion[]> {
      const rows = await knex('survey_question as q')
        .join('survey_area as a', 'a.area_id', 'q.area_id')
        .join('question_option as o', 'o.question_id', 'q.question_id')
        .where({ 'a.survey_id': surveyId, 'a.job_group_code': jobGroupCode })
        .orderBy(['a.sort_order', 'q.sort_order', 'o.sort_order'])
        .select('q.question_id', 'q.body', 'a.code', 'a.name', 'o.option_id', 'o.label');
      const questions = new Map<number, CheckupQuestion>();
      for (const r of rows) {
        const question: CheckupQuestion = questions.get(r.question_id) ?? {
          questionId: r.question_id,
          areaCode: r.code,
          areaName: r.name,
          body: r.body,
          options: [],
        };
        question.options.push({ optionId: r.option_id, label: r.label });
        questions.set(r.question_id, question);
      }
      return [...questions.values()];
    },

    questionCount,

    async listSeasons(): Promise<AdminSeason[]> {
      const rows = await knex('survey').orderBy('survey_id', 'desc');
      return Promise.all(rows.map(toAdminSeason));
    },

    async season(surveyId: number): Promise<AdminSeason | null> {
      const row = await knex('survey').where({ survey_id: surveyId }).first();
      return row ? toAdminSeason(row) : null;
    },

    /** A new DRAFT season with a copy of the latest real season's bank (areas, questions, options, weights). */
    async createDraft(title: string, description: string | undefined): Promise<AdminSeason> {
      return knex
        .transaction(async (trx) => {
          const source = await trx('survey')
            .where({ is_demo: false })
            .whereNot({ status: 'DRAFT' })
            .orderBy('survey_id', 'desc')
            .first();
          const [season] = await trx('survey')
            .insert({
              title,
              description: description ?? source?.description ?? title,
              estimated_minutes: source?.estimated_minutes ?? 7,
              status: 'DRAFT',
            })
            .returning('*');
          if (source) {
            const areas = await trx('survey_area').where({ survey_id: source.survey_id }).orderBy('sort_order');
            for (const area of areas) {
              const [copy] = await trx('survey_area')
                .insert({
                  survey_id: season.survey_id,
                  code: area.code,
                  name: area.name,
                  description: area.description,
                  advice: area.advice,
                  job_group_code: area.job_group_code,
                  sort_order: area.sort_order,
                })
                .returning('area_id');
              const questions = await trx('survey_question').where({ area_id: area.area_id }).orderBy('sort_order');
              for (const q of questions) {
                const [question] = await trx('survey_question')
                  .insert({
                    area_id: copy.area_id,
                    sort_order: q.sort_order,
                    body: q.body,
                    kind: q.kind,
                    weight: q.weight,
                  })
                  .returning('question_id');
                const options = await trx('question_option')
                  .where({ question_id: q.question_id })
                  .orderBy('sort_order');
                await trx('question_option').insert(
                  options.map((o) => ({
                    question_id: question.question_id,
                    sort_order: o.sort_order,
                    label: o.label,
                    score: o.score,
                  })),
                );
              }
            }
          }
          return {
            surveyId: season.survey_id,
            title: season.title,
            status: season.status,
            isDemo: false,
            openedAt: null,
            questionCount: 0,
          };
        })
        .then(async (season) => ({ ...season, questionCount: await questionCount(season.surveyId) }));
    },

    /**
     * Opens a DRAFT season and closes the one open before it, in one transaction. 'not-draft' when the season
     * is open, closed or demo; null when it does not exist.
     */
    async open(surveyId: number, now: Date): Promise<'opened' | 'not-draft' | null> {
      return knex.transaction(async (trx) => {
        // Serialises two operators opening seasons at once (the one-open index would refuse the second anyway).
        await trx.raw('select pg_advisory_xact_lock(hashtext(?))', ['itskill:open-season']);
        const season = await trx('survey').where({ survey_id: surveyId }).forUpdate().first();
        if (!season) return null;
        if (season.status !== 'DRAFT' || season.is_demo) return 'not-draft';
        await trx('survey').where({ status: 'OPEN' }).update({ status: 'CLOSED', closed_at: now });
        await trx('survey').where({ survey_id: surveyId }).update({ status: 'OPEN', opened_at: now });
        return 'opened';
      });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    surveyRepository: ReturnType<typeof createSurveyRepository>;
  }
}

export default fp(
  async (app) => {
    app.decorate('surveyRepository', createSurveyRepository(app.knex));
  },
  { name: 'survey-repository', dependencies: ['knex'] },
);
