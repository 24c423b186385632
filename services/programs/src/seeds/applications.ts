import type { Knex } from 'knex';
import { DEMO_APPLICANTS, type DemoApplicant } from '@sq/contracts/demo-applicants';
import type { ApplicantRole, ApplicationAnswers, ProductStep } from '@sq/contracts/api/applications';

/**
 * Demo applications of the demo applicants (`@sq/contracts/demo-applicants`, whose accounts, career cards and
 * check-up results the other services seed), so the recruit pages show live counts and the operators' console
 * shows people: their answers as submitted (job, career, weekly hours, friends) and their friends resolved
 * as the aside step resolves them.
 */

/** Where each demo cohort's applications stand: past team projects completed, open ones reserved, charged-at-purchase ones paid. */
const DEMO_STATUS: Record<number, string> = {
  109: 'COMPLETED',
  111: 'COMPLETED',
  112: 'RESERVED',
  304: 'PAID',
  401: 'PAID',
};
/** Hours between two demo applications of a cohort, from its recruiting start. */
const HOURS_BETWEEN_APPLICATIONS = 9;

const ROLE_QUESTIONS: Record<
  ApplicantRole,
  (a: DemoApplicant) => Extract<ProductStep, { kind: 'TEAM_PROJECT' }>['roleQuestions']
> = {
  PLANNER: (a) => ({
    role: 'PLANNER',
    serviceExperience: `${a.positionName} 업무로 기능 기획과 출시를 맡았어요.`,
    documentTools: ['Notion', 'Figma', 'Jira'],
  }),
  DESIGNER: (a) => ({
    role: 'DESIGNER',
    designTools: ['Figma', 'Protopie'],
    bestWork: `${a.positionName}로 앱 온보딩을 다시 설계해 이탈을 줄였어요.`,
  }),
  DEVELOPER: (a) => ({
    role: 'DEVELOPER',
    stack:
      a.position === 'POS_BACKEND'
        ? ['Node.js', 'PostgreSQL']
        : a.position === 'POS_FRONTEND'
          ? ['React', 'TypeScript']
          : ['Kotlin', 'Swift'],
    shippedExperience: `${a.positionName} 개발자로 서비스를 출시하고 운영했어요.`,
  }),
};

function productAnswers(a: DemoApplicant, kind: string): ProductStep | undefined {
  if (kind === 'TEAM_PROJECT')
    return {
      kind: 'TEAM_PROJECT',
      motivation: `${a.wantToBuild}를 팀과 함께 끝까지 만들어 보고 싶어요.`,
      roleQuestions: ROLE_QUESTIONS[a.role](a),
    };
  if (kind === 'COURSE')
    return {
      kind: 'COURSE',
      goals: '서비스 기획서를 처음부터 끝까지 써 보기',
      planningExperience: `${a.positionName} 실무 ${a.careerYearsName}`,
    };
  return undefined;
}

function answersOf(a: DemoApplicant, kind: string): ApplicationAnswers {
  const product = productAnswers(a, kind);
  return {
    required: {
      contactEmail: a.email,
      phone: a.phone,
      jobGroup: a.jobGroup,
      position: a.position,
      careerYears: a.careerYears,
      experienceMonths: a.experienceMonths,
      role: a.role,
    },
    aside: {
      wantToBuild: a.wantToBuild,
      availableTime: a.availableTime,
      weeklyHours: a.weeklyHours,
      friendCareerCardIds: a.friendCareerCardIds,
    },
    ...(product ? { product } : {}),
  } as ApplicationAnswers;
}

export async function seedApplications(knex: Knex): Promise<void> {
  const cohorts: { odd_id: number; recruit_start: Date; kind: string }[] = await knex('cohort as c')
    .join('product as p', 'p.product_id', 'c.product_id')
    .select('c.odd_id', 'c.recruit_start', 'p.kind');
  const cohortOf = new Map(cohorts.map((c) => [c.odd_id, c]));
  const userByCard = new Map(DEMO_APPLICANTS.map((a) => [`${a.oddId}:${a.careerCardId.toLowerCase()}`, a.userId]));
  const rows = DEMO_APPLICANTS.flatMap((a) => {
    const cohort = cohortOf.get(a.oddId);
    if (!cohort) return [];
    return [
      {
        odd_id: a.oddId,
        user_id: a.userId,
        role: a.role,
        status: a.cancelled ? 'CANCELLED' : (DEMO_STATUS[a.oddId] ?? 'RESERVED'),
        answers: JSON.stringify(answersOf(a, cohort.kind)),
        friend_user_ids: a.friendCareerCardIds.map((card) => userByCard.get(`${a.oddId}:${card.toLowerCase()}`)!),
        current_step: 'book',
        submitted_at: new Date(
          new Date(cohort.recruit_start).getTime() + a.order * HOURS_BETWEEN_APPLICATIONS * 3_600_000,
        ),
      },
    ];
  });
  await knex('application').insert(rows);
}
