/** The routes that render real data today, with what shows they are ready (bench and budget test). */
export const REAL_ROUTES = [
  { path: '/projects', ready: '[data-remote="mfe_programs"] h3', member: false },
  { path: '/projects/detail/1', ready: '[data-remote="mfe_programs"] h1', member: false },
  { path: '/careercard/minji', ready: '[data-remote="mfe_careercard"] h1', member: false },
  { path: '/itskillcheckup', ready: '[data-remote="mfe_itskill"] h1', member: false },
  { path: '/mypage', ready: '[data-remote="mfe_mypage"] h1', member: true },
] as const;
