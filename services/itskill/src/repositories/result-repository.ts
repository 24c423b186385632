import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import {
  CAREER_BANDS,
  CAREER_BAND_OF_YEAR,
  skillLevelName,
  type AttachSkillResponse,
  type CareerBand,
  type InternalSkillLevelResponse,
  type SharedCheckupResult,
} from '@sq/contracts';
import { armOutbox, type Row } from '@sq/service-kit';
import { topPercent, weakestAreas } from '../scoring';

/** A member's IT skill check-up result: level 1..5 and total score 0..100. */
export interface SkillResult {
  level: number;
  totalScore: number | null;
}

/** The year codes of a career band (the percentile compares within one band). */
export function yearCodesOf(band: CareerBand): string[] {
  return Object.entries(CAREER_BAND_OF_YEAR)
    .filter(([, b]) => b === band)
    .map(([code]) => code);
}
export const bandOf = (yearCode: string): CareerBand => CAREER_BAND_OF_YEAR[yearCode] ?? 'UNDER_1Y';

/** Completed results: the public share view, the member's own latest, attachments to applications. */
export function createResultRepository(knex: Knex, options: { learnNextAreas: number; demoData: boolean }) {
  /** Each real member's latest completed result in a season, job group and band (demo rows never). */
  const peerScores = async (
    surveyId: number,
    jobGroupCode: string,
    band: CareerBand,
  ): Promise<{ user_id: number; total_score: number }[]> =>
    knex.select('user_id', 'total_score').from(
      knex('checkup_result')
        .distinctOn('user_id')
        .where({ survey_id: surveyId, job_group_code: jobGroupCode, status: 'COMPLETED', is_demo: false })
        .whereIn('year_code', yearCodesOf(band))
        .orderBy([{ column: 'user_id' }, { column: 'completed_at', order: 'desc' }])
        .select('user_id', 'total_score')
        .as('latest'),
    );

  async function toShared(r: Row): Promise<SharedCheckupResult> {
    const band = bandOf(r.year_code);
    const areas = await knex('checkup_area_score as a')
      .join('survey_area as sa', 'sa.area_id', 'a.area_id')
      .where('a.result_id', r.result_id)
      .orderBy('sa.sort_order')
      .select('sa.code', 'sa.name', 'sa.advice', 'sa.sort_order', 'a.score', 'a.max_score', 'a.level');
    const scored = areas.map((a) => ({
      code: a.code as string,
      name: a.name as string,
      score: a.score as number,
      maxScore: a.max_score as number,
      level: a.level as number,
      percent: a.max_score === 0 ? 0 : Math.round((a.score * 100) / a.max_score),
      advice: a.advice as string,
      order: a.sort_order as number,
    }));
    let ranking: SharedCheckupResult['ranking'] = null;
    if (!r.is_demo && r.total_score !== null) {
      // The other members' latest results, and this one (whether or not it is its member's latest).
      const others = (await peerScores(r.survey_id, r.job_group_code, band))
        .filter((p) => p.user_id !== r.user_id)
        .map((p) => p.total_score);
      if (others.length > 0)
        ranking = { topPercent: topPercent(r.total_score, [...others, r.total_score]), peerCount: others.length + 1 };
    }
    return {
      shareKey: r.share_key,
      surveyId: r.survey_id,
      surveyTitle: r.title,
      completedDate: r.completed_date,
      jobGroupCode: r.job_group_code,
      jobGroupName: r.job_group_name ?? r.job_group_code,
      careerBand: band,
      careerBandName: CAREER_BANDS[band],
      totalScore: r.total_score,
      level: r.level,
      levelName: r.level ? skillLevelName(r.level) : null,
      areas: scored.map(({ code, name, score, maxScore, level, percent }) => ({
        code,
        name,
        score,
        maxScore,
        level,
        percent,
      })),
      ranking,
      learnNext: weakestAreas(scored, options.learnNextAreas).map((a) => ({
        areaCode: a.code,
        areaName: a.name,
        advice: a.advice,
      })),
    };
  }

  const completed = () =>
    knex('checkup_result as r')
      .join('survey as s', 's.survey_id', 'r.survey_id')
      .leftJoin('checkup_job_group as g', 'g.code', 'r.job_group_code')
      .where('r.status', 'COMPLETED')
      .select(
        'r.result_id',
        'r.share_key',
        'r.survey_id',
        'r.user_id',
        'r.job_group_code',
        'r.year_code',
        'r.total_score',
        'r.level',
        'r.is_demo',
        'r.completed_at',
        's.title',
        'g.name as job_group_name',
        knex.raw(`to_char(r.completed_at at time zone 'Asia/Seoul', 'YYYY-MM-DD') as completed_date`),
      );

  const latestOf = (userId: number) =>
    completed().where({ 'r.user_id': userId, 'r.is_demo': false }).orderBy('r.completed_at', 'desc');

  return {
    /** A completed result by its share key; who took it is never part of the answer. */
    async findShared(shareKey: string): Promise<SharedCheckupResult | null> {
      const query = completed().where('r.share_key', shareKey);
      if (!options.demoData) query.where('r.is_demo', false);
      const row = await query.first();
      return row ? toShared(row) : null;
    },

    async latest(userId: number): Promise<SharedCheckupResult | null> {
      const row = await latestOf(userId).first();
      return row ? toShared(row) : null;
    },

    /** For other services: the result attached to an application, or else the member's latest. */
    async skillLevel(userId: number, joinId?: number): Promise<InternalSkillLevelResponse> {
      // With demo data on, the demo applicants' seeded results count as their levels (they never take one).
      const latest = options.demoData
        ? completed().where('r.user_id', userId).orderBy('r.completed_at', 'desc')
        : latestOf(userId);
      const row = joinId
        ? await completed()
            .join('checkup_application as ca', 'ca.result_id', 'r.result_id')
            .where({ 'ca.join_id': joinId, 'ca.user_id': userId })
            .first()
        : await latest.first();
      if (!row) return { completed: false, skill: null };
      return {
        completed: true,
        skill: {
          surveyId: row.survey_id,
          shareKey: row.share_key,
          jobGroupCode: row.job_group_code,
          level: row.level,
          levelName: skillLevelName(row.level),
          totalScore: row.total_score,
          completedAt: new Date(row.completed_at).toISOString(),
        },
      };
    },

    /**
     * skillLevel (level and total score) for many applications in two queries (the operators' console asks for a whole cohort): each
     * application's attached result, else its member's latest; null without one. Keyed by joinId.
     */
    async skillLevels(applications: { userId: number; joinId: number }[]): Promise<Map<number, SkillResult | null>> {
      const levels = new Map<number, SkillResult | null>(applications.map((a) => [a.joinId, null]));
      if (!applications.length) return levels;
      const pairs = knex.raw(
        `(values ${applications.map(() => '(?::integer, ?::integer)').join(', ')}) as asked (join_id, user_id)`,
        applications.flatMap((a) => [a.joinId, a.userId]),
      );
      const [attached, latest] = await Promise.all([
        knex
          .from(pairs)
          .join('checkup_application as ca', (j) =>
            j.on('ca.join_id', 'asked.join_id').andOn('ca.user_id', 'asked.user_id'),
          )
          .join('checkup_result as r', 'r.result_id', 'ca.result_id')
          .where('r.status', 'COMPLETED')
          .select('asked.join_id', 'r.level', 'r.total_score'),
        knex('checkup_result')
          .distinctOn('user_id')
          .whereIn('user_id', [...new Set(applications.map((a) => a.userId))])
          // With demo data on, the demo applicants' seeded results count as their levels (as in skillLevel).
          .where(options.demoData ? { status: 'COMPLETED' } : { status: 'COMPLETED', is_demo: false })
          .orderBy([{ column: 'user_id' }, { column: 'completed_at', order: 'desc' }])
          .select('user_id', 'level', 'total_score'),
      ]);
      const result = (r: Row): SkillResult => ({ level: r.level, totalScore: r.total_score ?? null });
      const latestByUser = new Map<number, SkillResult>(latest.map((r: Row) => [r.user_id, result(r)]));
      for (const a of applications) levels.set(a.joinId, latestByUser.get(a.userId) ?? null);
      for (const r of attached as Row[]) levels.set(r.join_id, result(r));
      return levels;
    },

    /** Attaches the member's latest result of a season to their application; null when they have none. */
    async attach(
      userId: number,
      surveyId: number,
      joinId: number,
      now: Date,
    ): Promise<AttachSkillResponse['attached'] | null> {
      const row = await latestOf(userId).where('r.survey_id', surveyId).first();
      if (!row) return null;
      await knex.transaction(async (trx) => {
        await trx('checkup_application')
          .insert({ join_id: joinId, user_id: userId, result_id: row.result_id, attached_at: now })
          .onConflict(['join_id', 'user_id'])
          .merge(['result_id', 'attached_at']);
        // The application's level is this result now: the programs service's copy of it is taken again.
        await armOutbox(trx, 'programs_skill_change', userId);
      });
      return { surveyId, joinId, shareKey: row.share_key, level: row.level, levelName: skillLevelName(row.level) };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    resultRepository: ReturnType<typeof createResultRepository>;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'resultRepository',
      createResultRepository(app.knex, {
        learnNextAreas: app.itskillConfig.learnNextAreas,
        demoData: app.itskillConfig.demoData,
      }),
    );
  },
  { name: 'result-repository', dependencies: ['knex', 'itskill-config'] },
);
