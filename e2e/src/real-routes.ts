/** The routes that render real data today, with what shows they are ready (bench and budget test). */
export const REAL_ROUTES = [
  { path: '/', ready: '[data-remote="mfe_programs"] [data-testid=home-programs]', member: false },
  { path: '/bside', ready: '[data-remote="mfe_programs"] [data-testid=program-intro] h1', member: false },
  { path: '/planx', ready: '[data-remote="mfe_programs"] [data-testid=program-intro] h1', member: false },
  { path: '/potenday', ready: '[data-remote="mfe_programs"] [data-testid=program-intro] h1', member: false },
  { path: '/product/4', ready: '[data-remote="mfe_programs"] [data-testid=program-intro] h1', member: false },
  { path: '/planx/recruit/304', ready: '[data-remote="mfe_programs"] [data-testid=applicants]', member: false },
  { path: '/potenday/recruit/205', ready: '[data-remote="mfe_programs"] [data-testid=recruit] h1', member: false },
  { path: '/bside/recruit/112', ready: '[data-remote="mfe_programs"] [data-testid=recruit] h1', member: false },
  { path: '/planx/recruit', ready: '[data-remote="mfe_programs"] [data-testid=recruit-no-info]', member: false },
  { path: '/potenday/recruit', ready: '[data-remote="mfe_programs"] [data-testid=recruit-no-info]', member: false },
  { path: '/story', ready: '[data-remote="mfe_programs"] [data-testid=story-list] h3', member: false },
  { path: '/story/detail/1', ready: '[data-remote="mfe_programs"] [data-testid=story-detail] h1', member: false },
  { path: '/faq', ready: '[data-remote="mfe_programs"] [data-testid=faq-entry]', member: false },
  { path: '/projects', ready: '[data-remote="mfe_programs"] h3', member: false },
  { path: '/projects/detail/1', ready: '[data-remote="mfe_programs"] h1', member: false },
  { path: '/careercard/minji', ready: 'h1[data-testid=careercard-name]', member: false },
  { path: '/itskillcheckup', ready: 'h1[data-testid=itskill-title]', member: false },
  { path: '/mypage', ready: 'h1[data-testid=mypage-greeting]', member: true },
] as const;

/**
 * The console page the first-load measurement opens as the demo operator: it loads the console's own entry,
 * which no route of REAL_ROUTES may load.
 */
export const CONSOLE_FIRST_LOAD = { path: '/admin/cohorts', ready: '[data-testid=cohort-table]' } as const;

/** Who browses a page: a visitor, the demo member, or the demo operator (ROLE_ADMIN). */
export type Role = 'visitor' | 'member' | 'operator';

/**
 * The demo cohort whose console pages the operator opens: 14주 팀 프로젝트 12기, recruiting, with demo
 * applicants holding a reservation (seeds), so the tables have rows; the accessibility test runs the matcher
 * on it first so the board has its team cards.
 */
export const CONSOLE_COHORT = 112;
const CONSOLE = '[data-remote="mfe_programs"] [data-testid=admin-console] h1';

/**
 * Every main page of the shell and the four remotes, by the role that sees it, with what shows its content
 * is there (the accessibility test checks each one once it is). The budget routes plus the pages they leave
 * out: sign-in and sign-up, the IT skill trends, the member's own pages and the operators' console.
 */
export const MAIN_ROUTES: ReadonlyArray<{ path: string; ready: string; role: Role }> = [
  ...REAL_ROUTES.map((route) => ({
    path: route.path,
    ready: route.ready,
    role: (route.member ? 'member' : 'visitor') as Role,
  })),
  { path: '/signin', ready: 'button[type=submit]', role: 'visitor' },
  { path: '/signin/find-password', ready: 'form button[type=submit]', role: 'visitor' },
  { path: '/signup', ready: '[data-provider="kakao"]', role: 'visitor' },
  { path: '/signup/required', ready: '[data-testid=signup-form]', role: 'visitor' },
  { path: '/careercard', ready: '[data-remote="mfe_careercard"] h1', role: 'visitor' },
  { path: '/itskilltrends', ready: '[data-testid=itskill-trends] h1', role: 'visitor' },
  { path: '/', ready: '[data-remote="mfe_programs"] [data-testid=home-programs]', role: 'member' },
  { path: '/mypage/history', ready: '[data-testid=history]', role: 'member' },
  { path: '/mypage/info', ready: '[data-testid=my-info-form]', role: 'member' },
  { path: '/careercard/minji', ready: 'h1[data-testid=careercard-name]', role: 'member' },
  { path: '/careercard/minji/edit', ready: '[data-testid=careercard-editor]', role: 'member' },
  { path: '/itskillcheckup', ready: 'h1[data-testid=itskill-title]', role: 'member' },
  { path: '/admin/cohorts', ready: '[data-testid=cohort-table]', role: 'operator' },
  { path: '/admin/cohorts/new', ready: '[data-testid=cohort-form]', role: 'operator' },
  { path: `/admin/cohorts/${CONSOLE_COHORT}/applicants`, ready: '[data-testid=applicant-row]', role: 'operator' },
  { path: `/admin/cohorts/${CONSOLE_COHORT}/board`, ready: '[data-testid=board-member]', role: 'operator' },
  ...['payments', 'teams', 'health', 'judging'].map((tab) => ({
    path: `/admin/cohorts/${CONSOLE_COHORT}/${tab}`,
    ready: CONSOLE,
    role: 'operator' as Role,
  })),
  { path: `/admin/cohorts/${CONSOLE_COHORT}/edit`, ready: '[data-testid=cohort-form]', role: 'operator' },
  { path: '/admin/audit', ready: CONSOLE, role: 'operator' },
  { path: '/admin/partner-apps', ready: '[data-testid=partner-apps] h1', role: 'operator' },
  { path: '/mypage/apps', ready: '[data-testid=connected-apps] h1', role: 'member' },
];
