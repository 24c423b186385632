import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import { CAREER_BANDS, CAREER_BAND_OF_YEAR, type CareerBand, type SkillTrends, type TrendSeason } from '@sq/contracts';

/**
 * Each member's latest completed result per season. A real season counts only real rows and a demo season
 * only demo rows, so seeded examples never mix into what real members did.
 */
const LATEST = `
  select distinct on (r.survey_id, r.user_id) r.*
  from checkup_result r join survey s on s.survey_id = r.survey_id
  where r.status = 'COMPLETED' and r.is_demo = s.is_demo
  order by r.survey_id, r.user_id, r.completed_at desc`;

const BAND_SQL = `case ${Object.entries(CAREER_BAND_OF_YEAR)
  .map(([code, band]) => `when l.year_code = '${code}' then '${band}'`)
  .join(' ')} else 'UNDER_1Y' end`;

const round1 = (value: unknown) => Math.round(Number(value) * 10) / 10;

/** IT skill trends from completed results: levels by job group and career band, missed areas, season changes. */
export function createTrendsRepository(knex: Knex, options: { demoData: boolean }) {
  async function seasons(): Promise<(TrendSeason & { status: string })[]> {
    const { rows } = await knex.raw(
      `
      with latest as (${LATEST})
      select s.survey_id, s.title, s.is_demo, s.status,
             to_char(s.opened_at at time zone 'Asia/Seoul', 'YYYY-MM-DD') as opened_date,
             (select count(*) from latest l where l.survey_id = s.survey_id) as participants
      from survey s where s.status <> 'DRAFT' and (? or not s.is_demo)
      order by s.opened_at nulls first, s.survey_id`,
      [options.demoData],
    );
    return rows.map((s: Record<string, unknown>) => ({
      surveyId: s.survey_id as number,
      title: s.title as string,
      openedDate: (s.opened_date as string | null) ?? null,
      isDemo: s.is_demo as boolean,
      participantCount: Number(s.participants),
      status: s.status as string,
    }));
  }

  return {
    /** Trends of one season (default: the open real season, else the latest one). Null when there is no season. */
    async trends(surveyId?: number): Promise<SkillTrends | null> {
      const all = await seasons();
      const season = surveyId
        ? all.find((s) => s.surveyId === surveyId)
        : (all.find((s) => s.status === 'OPEN' && !s.isDemo) ?? all.at(-1));
      if (!season) return null;
      const groups = new Map(
        (await knex('checkup_job_group').orderBy('sort_order')).map((g) => [g.code as string, g.name as string]),
      );
      const groupName = (code: string) => groups.get(code) ?? code;

      const { rows: levelRows } = await knex.raw(
        `
        with latest as (${LATEST})
        select l.job_group_code, ${BAND_SQL} as band, count(*) as participants, avg(l.total_score) as avg_score, avg(l.level) as avg_level
        from latest l where l.survey_id = ? group by 1, 2`,
        [season.surveyId],
      );
      const bandOrder = Object.keys(CAREER_BANDS);
      const groupOrder = [...groups.keys()];
      const levels = levelRows
        .map((r: Record<string, unknown>) => ({
          jobGroupCode: r.job_group_code as string,
          jobGroupName: groupName(r.job_group_code as string),
          careerBand: r.band as string,
          careerBandName: CAREER_BANDS[r.band as CareerBand],
          participantCount: Number(r.participants),
          averageScore: round1(r.avg_score),
          averageLevel: round1(r.avg_level),
        }))
        .sort(
          (a: { jobGroupCode: string; careerBand: string }, b: { jobGroupCode: string; careerBand: string }) =>
            groupOrder.indexOf(a.jobGroupCode) - groupOrder.indexOf(b.jobGroupCode) ||
            bandOrder.indexOf(a.careerBand) - bandOrder.indexOf(b.careerBand),
        );

      const { rows: areaRows } = await knex.raw(
        `
        with latest as (${LATEST})
        select sa.job_group_code, sa.code, sa.name, avg(a.score * 100.0 / nullif(a.max_score, 0)) as avg_percent
        from latest l join checkup_area_score a on a.result_id = l.result_id join survey_area sa on sa.area_id = a.area_id
        where l.survey_id = ? group by sa.job_group_code, sa.code, sa.name
        order by avg_percent asc, sa.code`,
        [season.surveyId],
      );
      const missedAreas = areaRows.map((r: Record<string, unknown>) => ({
        jobGroupCode: r.job_group_code as string,
        jobGroupName: groupName(r.job_group_code as string),
        areaCode: r.code as string,
        areaName: r.name as string,
        averagePercent: round1(r.avg_percent),
      }));

      const { rows: changeRows } = await knex.raw(`
        with latest as (${LATEST})
        select l.survey_id, l.job_group_code, avg(l.total_score) as avg_score from latest l group by 1, 2`);
      const changes = groupOrder.map((code) => ({
        jobGroupCode: code,
        jobGroupName: groupName(code),
        points: all.map((s) => {
          const row = changeRows.find(
            (r: Record<string, unknown>) => r.survey_id === s.surveyId && r.job_group_code === code,
          );
          return {
            surveyId: s.surveyId,
            title: s.title,
            isDemo: s.isDemo,
            averageScore: row ? round1(row.avg_score) : null,
          };
        }),
      }));

      const strip = ({ status: _status, ...rest }: TrendSeason & { status: string }): TrendSeason => rest;
      return { season: strip(season), seasons: all.map(strip), levels, missedAreas, changes };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    trendsRepository: ReturnType<typeof createTrendsRepository>;
  }
}

export default fp(
  async (app) => {
    app.decorate('trendsRepository', createTrendsRepository(app.knex, { demoData: app.itskillConfig.demoData }));
  },
  { name: 'trends-repository', dependencies: ['knex', 'itskill-config'] },
);
