import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import type { CareerCard } from '@sq/contracts';

// Dates leave PostgreSQL already formatted (YYYY.MM.DD, as the screens show them), so the server's time
// zone can never shift a day.
const DAY = 'YYYY.MM.DD';

export function createProfileRepository(knex: Knex) {
  /** IDs are unique regardless of case; a visitor may type /careercard/MinJi. */
  const byId = (id: string) => knex('profile as p').whereRaw('lower(p.profile_id) = lower(?)', [id]);

  return {
    /** The public card, or null when it does not exist or its owner keeps it private. */
    async publicCard(id: string): Promise<CareerCard | null> {
      const row = await byId(id)
        .andWhere('p.is_public', true)
        .leftJoin('code_detail as jg', 'jg.code', 'p.job_group_code')
        .leftJoin('code_detail as pos', 'pos.code', 'p.position_code')
        .leftJoin('code_detail as cy', 'cy.code', 'p.year_code')
        .select('p.*', 'jg.name as job_group_name', 'pos.name as position_name', 'cy.name as year_name')
        .first();
      if (!row) return null;
      const [skills, projects] = await Promise.all([
        knex('profile_skill').where({ profile_id: row.profile_id }).orderBy('sort_order').pluck('skill_name'),
        knex('profile_project')
          .where({ profile_id: row.profile_id })
          .orderBy([{ column: 'start_date', order: 'desc' }, { column: 'sort_order' }])
          .select('project_id', 'title', 'role', knex.raw('to_char(start_date, ?) as start_label', [DAY]), knex.raw('to_char(end_date, ?) as end_label', [DAY])),
      ]);
      return {
        profileId: row.profile_id,
        userAlias: row.user_alias,
        jobGroupName: row.job_group_name ?? '',
        positionName: row.position_name ?? '',
        yearCodeName: row.year_name ?? '',
        intro: row.intro,
        imgUrl: row.img_url,
        coverImgUrl: row.cover_img_url,
        skills,
        projects: projects.map((p) => ({
          projectId: p.project_id,
          title: p.title,
          role: p.role,
          period: `${p.start_label} ~ ${p.end_label ?? '진행 중'}`,
        })),
      };
    },

    /** Whether the ID is taken by any card, public or not (the sign-up duplicate check asks this). */
    async exists(id: string): Promise<boolean> {
      return Boolean(await byId(id).first('p.profile_id'));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    profileRepository: ReturnType<typeof createProfileRepository>;
  }
}

export default fp(async (app) => {
  app.decorate('profileRepository', createProfileRepository(app.knex));
}, { name: 'profile-repository', dependencies: ['knex'] });
