import { createRemote, lazyScreen, type Screens } from '@sq/remote-kit';

const home = () => import('./features/home/components/HomePage');
const intro = () => import('./features/programs/components/ProgramIntroPage');
const recruit = () => import('./features/programs/components/RecruitCohortPage');
const noInfo = () => import('./features/programs/components/RecruitNoInfoPage');
const stories = () => import('./features/stories/components/StoriesPage');
const story = () => import('./features/stories/components/StoryDetailPage');
const projects = () => import('./features/projects/components/ProjectsPage');
const project = () => import('./features/projects/components/ProjectDetailPage');
const apply = () => import('./features/apply/components/ApplyPage');
const dupcheck = () => import('./features/apply/components/DupcheckPage');
const callback = () => import('./features/apply/components/PaymentCallbackPage');
const bookResult = () => import('./features/apply/components/BookResultPages');
const faq = () => import('./features/faq/components/FaqPage');
const developers = () => import('./features/developers/components/DevelopersPage');

const applyScreen = lazyScreen(apply, 'ApplyPage');
const callbackScreen = lazyScreen(callback, 'PaymentCallbackPage');
const successScreen = lazyScreen(bookResult, 'BookSuccessPage');
const each = (paths: string[], screen: Screens[string]) => Object.fromEntries(paths.map((path) => [path, screen]));

/**
 * The screens of the public entry ('./app'), by manifest path, each in its own chunk so a page loads only its
 * own code; every other route of this entry shows "준비 중" (the remote kit, which also checks that exactly
 * these are marked ready). The operators' console is not here: it is the './admin' entry (src/admin.tsx),
 * which this one never imports.
 */
export const screens: Screens = {
  '/': lazyScreen(home, 'HomePage'),
  '/:product': lazyScreen(intro, 'ProductSlugPage'),
  '/planx': lazyScreen(intro, 'PlanxIntroPage'),
  '/potenday': lazyScreen(intro, 'PotendayIntroPage'),
  '/product/:productId': lazyScreen(intro, 'ProductIdPage'),
  '/planx/recruit/:oddId': lazyScreen(recruit, 'PlanxRecruitCohortPage'),
  '/planx/recruit': lazyScreen(noInfo, 'PlanxRecruitPage'),
  '/potenday/recruit': lazyScreen(noInfo, 'PotendayRecruitPage'),
  '/potenday/recruit/:oddId': lazyScreen(recruit, 'PotendayRecruitCohortPage'),
  '/:product/recruit': lazyScreen(noInfo, 'RecruitNoInfoPage'),
  '/:product/recruit/*': lazyScreen(recruit, 'RecruitFallbackPage'),
  '/projects': lazyScreen(projects, 'ProjectsPage'),
  '/projects/detail/:projectId': lazyScreen(project, 'ProjectDetailPage'),
  '/story': lazyScreen(stories, 'StoriesPage'),
  '/story/detail/:storyId': lazyScreen(story, 'StoryDetailPage'),
  '/:product/apply/:oddId/dupcheck': lazyScreen(dupcheck, 'DupcheckPage'),
  '/product/apply/:oddId/dupcheck': lazyScreen(dupcheck, 'ProductDupcheckPage'),
  '/potenday/apply/:oddId/dupcheck': lazyScreen(dupcheck, 'PotendayDupcheckPage'),
  '/planx/apply/:oddId/dupcheck': lazyScreen(dupcheck, 'PlanxDupcheckPage'),
  // One wizard page for every step of the four flows: it reads the step from the path.
  ...each(
    [
      '/:product/apply/:oddId',
      '/:product/apply/:oddId/required',
      '/:product/apply/:oddId/aside',
      '/:product/apply/:oddId/:productStep',
      '/:product/apply/:oddId/book',
      '/:product/apply/:oddId/bookorder',
      '/potenday/apply/:oddId/required',
      '/potenday/apply/:oddId/aside',
      '/potenday/apply/:oddId/:productStep',
      '/potenday/apply/:oddId/book',
      '/product/apply/:oddId/required',
      '/product/apply/:oddId/aside',
      '/product/apply/:oddId/book',
      '/planx/apply/:oddId',
      '/planx/apply/:oddId/required',
      '/planx/apply/:oddId/aside',
      '/planx/apply/:oddId/:productStep',
      '/planx/apply/:oddId/book',
      '/planx/apply/:oddId/bookorder',
    ],
    applyScreen,
  ),
  ...each(['/product/cb/:oddId', '/bisde/cb/:oddId', '/potenday/cb/:oddId', '/planx/cb/:oddId'], callbackScreen),
  ...each(
    [
      '/potenday/book/success/:orderId',
      '/product/book/success/:orderId',
      '/:product/book/success/:orderId',
      '/planx/book/success/:orderId',
    ],
    successScreen,
  ),
  '/:product/book/successorder': lazyScreen(bookResult, 'BookSuccessOrderPage'),
  '/:product/book/fail/:oddId': lazyScreen(bookResult, 'BookFailPage'),
  '/faq': lazyScreen(faq, 'FaqPage'),
  '/developers': lazyScreen(developers, 'DevelopersPage'),
};

/** The module exposed as './app': its single-spa lifecycles, made by the remote kit. */
export const { bootstrap, mount, unmount } = createRemote({
  name: 'mfe_programs',
  version: process.env.SQ_REMOTE_VERSION,
  screens,
});
