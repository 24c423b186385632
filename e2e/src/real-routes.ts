/** The routes that render real data today, with what shows they are ready (bench and budget test). */
export const REAL_ROUTES = [
  { path: '/projects', ready: '[data-remote="mfe_programs"] h3', member: false },
  { path: '/projects/detail/1', ready: '[data-remote="mfe_programs"] h1', member: false },
  { path: '/careercard/minji', ready: 'h1[data-testid=careercard-name]', member: false },
  { path: '/itskillcheckup', ready: 'h1[data-testid=itskill-title]', member: false },
  { path: '/mypage', ready: 'h1[data-testid=mypage-greeting]', member: true },
] as const;
