import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import {
  uploadUrl,
  type CareerCard,
  type CareerCardSkillLevel,
  type CareerCardExamplesResponse,
  type CareerCardProject,
  type MyInfo,
} from '@sq/contracts';

// Dates leave PostgreSQL already formatted (YYYY.MM.DD, as the screens show them), so the server's time
// zone can never shift a day.
const DAY = 'YYYY.MM.DD';
const ISO_DAY = 'YYYY-MM-DD';
const UPLOAD_PREFIX = uploadUrl('');

/** The upload id inside a stored `/media/uploads/{id}` URL (null for none or a URL of another kind). */
export const imgIdOf = (url: string | null): string | null =>
  url?.startsWith(UPLOAD_PREFIX) ? url.slice(UPLOAD_PREFIX.length) : null;

interface ProjectRow {
  project_id: number;
  profile_id: string;
  title: string;
  role: string;
  start_iso: string;
  end_iso: string | null;
  start_label: string;
  end_label: string | null;
  description: string;
  links: string[];
  img_ids: string[];
  user_alias: string;
  user_id: number | null;
}

function toProject(row: ProjectRow, viewerUserId: number | null): CareerCardProject {
  return {
    projectId: row.project_id,
    profileId: row.profile_id,
    userAlias: row.user_alias,
    title: row.title,
    role: row.role,
    period: `${row.start_label} ~ ${row.end_label ?? '진행 중'}`,
    startDate: row.start_iso,
    endDate: row.end_iso,
    description: row.description,
    links: row.links,
    images: row.img_ids.map((imgId) => ({ imgId, imgUrl: uploadUrl(imgId) })),
    isOwner: viewerUserId !== null && row.user_id === viewerUserId,
  };
}

/** Where a shown card gets its member's check-up level (the itskill service; null when it cannot say). */
export type SkillLevelSource = (userId: number) => Promise<CareerCardSkillLevel | null>;

export function createProfileRepository(knex: Knex, skillLevelOf: SkillLevelSource) {
  /** IDs are unique regardless of case; a visitor may type /careercard/MinJi. */
  const byId = (id: string) => knex('profile as p').whereRaw('lower(p.profile_id) = lower(?)', [id]);
  const withNames = (query: Knex.QueryBuilder) =>
    query
      .leftJoin('code_detail as jg', 'jg.code', 'p.job_group_code')
      .leftJoin('code_detail as pos', 'pos.code', 'p.position_code')
      .leftJoin('code_detail as cy', 'cy.code', 'p.year_code')
      .select('p.*', 'jg.name as job_group_name', 'pos.name as position_name', 'cy.name as year_name');
  const projectRows = (query: Knex.QueryBuilder): Promise<ProjectRow[]> =>
    query
      .join('profile as p', 'p.profile_id', 'pp.profile_id')
      .select(
        'pp.project_id',
        'pp.profile_id',
        'pp.title',
        'pp.role',
        'pp.description',
        'pp.links',
        'pp.img_ids',
        'p.user_alias',
        'p.user_id',
        knex.raw('to_char(pp.start_date, ?) as start_iso', [ISO_DAY]),
        knex.raw('to_char(pp.end_date, ?) as end_iso', [ISO_DAY]),
        knex.raw('to_char(pp.start_date, ?) as start_label', [DAY]),
        knex.raw('to_char(pp.end_date, ?) as end_label', [DAY]),
      );
  const skillsOf = (profileId: string): Promise<string[]> =>
    knex('profile_skill').where({ profile_id: profileId }).orderBy('sort_order').pluck('skill_name');
  const projectsOf = (profileId: string) =>
    projectRows(
      knex('profile_project as pp').where('pp.profile_id', profileId).orderBy('pp.sort_order').orderBy('pp.project_id'),
    );

  return {
    /** The public card, or null when it does not exist, is retired or its owner keeps it private. */
    async publicCard(id: string, viewerUserId: number | null = null): Promise<CareerCard | null> {
      const row = await withNames(byId(id).andWhere('p.is_public', true).whereNull('p.retired_at')).first();
      if (!row) return null;
      // Only a member who chose to show it is asked about: a hidden level never leaves the itskill service.
      const showLevel = row.show_skill_level === true && row.user_id !== null;
      const [skills, projects, skillLevel] = await Promise.all([
        skillsOf(row.profile_id),
        projectsOf(row.profile_id),
        showLevel ? skillLevelOf(row.user_id) : Promise.resolve(null),
      ]);
      return {
        profileId: row.profile_id,
        userName: row.user_name ?? null,
        userAlias: row.user_alias,
        jobGroupName: row.job_group_name ?? '',
        positionName: row.position_name ?? '',
        yearCodeName: row.year_name ?? '',
        intro: row.intro,
        imgUrl: row.img_url,
        coverImgUrl: row.cover_img_url,
        skills,
        projects: projects.map(({ project_id, title, role, start_label, end_label }) => ({
          projectId: project_id,
          title,
          role,
          period: `${start_label} ~ ${end_label ?? '진행 중'}`,
        })),
        skillLevel,
        isOwner: viewerUserId !== null && row.user_id === viewerUserId,
      };
    },

    /** The member's own card with everything the editor shows, or null when they have none. */
    async ownCard(userId: number): Promise<MyInfo | null> {
      const row = await withNames(knex('profile as p').where('p.user_id', userId).whereNull('p.retired_at')).first();
      if (!row) return null;
      const [skills, projects] = await Promise.all([skillsOf(row.profile_id), projectsOf(row.profile_id)]);
      return {
        profileId: row.profile_id,
        userAlias: row.user_alias,
        imgId: imgIdOf(row.img_url),
        imgUrl: row.img_url,
        coverImgId: imgIdOf(row.cover_img_url),
        coverImgUrl: row.cover_img_url,
        intro: row.intro,
        jobCode: row.job_group_code,
        jobCodeName: row.job_group_name ?? '',
        jobGroupName: row.job_group_name ?? '',
        positionCode: row.position_code,
        positionName: row.position_name ?? '',
        yearCode: row.year_code,
        yearCodeName: row.year_name ?? '',
        skills,
        projects: projects.map((p) => toProject(p, userId)),
        onboardedAt: row.onboarded_at ? new Date(row.onboarded_at).toISOString() : null,
        onboardingStep: row.onboarding_step,
        showSkillLevel: row.show_skill_level,
      };
    },

    /** One project of a public card (null for a private or retired card's project). */
    async publicProject(projectId: number, viewerUserId: number | null): Promise<CareerCardProject | null> {
      const [row] = await projectRows(
        knex('profile_project as pp')
          .where('pp.project_id', projectId)
          .andWhere('p.is_public', true)
          .whereNull('p.retired_at'),
      );
      return row ? toProject(row, viewerUserId) : null;
    },

    /** Real public cards for the landing page: those with an intro and at least one skill, most recently edited first. */
    async examples(limit: number): Promise<CareerCardExamplesResponse['cards']> {
      const rows = await withNames(
        knex('profile as p').where('p.is_public', true).whereNull('p.retired_at').whereNot('p.intro', ''),
      )
        .whereExists(knex('profile_skill as s').whereRaw('s.profile_id = p.profile_id'))
        .orderBy('p.updated_at', 'desc')
        .orderBy('p.profile_id')
        .limit(limit);
      return Promise.all(
        rows.map(async (row: Record<string, string | null>) => ({
          profileId: row.profile_id!,
          userAlias: row.user_alias!,
          jobGroupName: row.job_group_name ?? '',
          positionName: row.position_name ?? '',
          yearCodeName: row.year_name ?? '',
          intro: row.intro!,
          imgUrl: row.img_url ?? null,
          coverImgUrl: row.cover_img_url ?? null,
          skills: (await skillsOf(row.profile_id!)).slice(0, 5),
        })),
      );
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

export default fp(
  async (app) => {
    app.decorate(
      'profileRepository',
      createProfileRepository(app.knex, (userId) => app.itskillLevels.skillLevel(userId)),
    );
  },
  { name: 'profile-repository', dependencies: ['knex', 'itskill-client'] },
);
