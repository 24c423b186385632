import { lazy, type ComponentType } from 'react';

/**
 * The screens of the public entry ('./app'), by manifest path, each in its own chunk so a page loads only its
 * own code. Every other route of this entry shows "준비 중" (ManifestRoutes), never a blank. The operators'
 * console is not here: it is the './admin' entry (src/admin.tsx), which this one never imports.
 */
const screen = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) => lazy(() => load().then((m) => ({ default: pick(m) })));
const home = () => import('../features/home/components/HomePage');
const intro = () => import('../features/programs/components/ProgramIntroPage');
const recruit = () => import('../features/programs/components/RecruitCohortPage');
const noInfo = () => import('../features/programs/components/RecruitNoInfoPage');
const stories = () => import('../features/stories/components/StoriesPage');
const apply = () => import('../features/apply/components/ApplyPage');
const dupcheck = () => import('../features/apply/components/DupcheckPage');
const callback = () => import('../features/apply/components/PaymentCallbackPage');
const bookResult = () => import('../features/apply/components/BookResultPages');
const story = () => import('../features/stories/components/StoryDetailPage');

const applyScreen = screen(apply, (m) => m.ApplyPage);
const callbackScreen = screen(callback, (m) => m.PaymentCallbackPage);
const successScreen = screen(bookResult, (m) => m.BookSuccessPage);

export const SCREENS: Record<string, ComponentType> = {
  '/': screen(home, (m) => m.HomePage),
  '/:product': screen(intro, (m) => m.ProductSlugPage),
  '/planx': screen(intro, (m) => m.PlanxIntroPage),
  '/potenday': screen(intro, (m) => m.PotendayIntroPage),
  '/product/:productId': screen(intro, (m) => m.ProductIdPage),
  '/planx/recruit/:oddId': screen(recruit, (m) => m.PlanxRecruitCohortPage),
  '/planx/recruit': screen(noInfo, (m) => m.PlanxRecruitPage),
  '/potenday/recruit': screen(noInfo, (m) => m.PotendayRecruitPage),
  '/potenday/recruit/:oddId': screen(recruit, (m) => m.PotendayRecruitCohortPage),
  '/:product/recruit': screen(noInfo, (m) => m.RecruitNoInfoPage),
  '/:product/recruit/*': screen(recruit, (m) => m.RecruitFallbackPage),
  '/projects': screen(() => import('../features/projects/components/ProjectsPage'), (m) => m.ProjectsPage),
  '/projects/detail/:projectId': screen(() => import('../features/projects/components/ProjectDetailPage'), (m) => m.ProjectDetailPage),
  '/story': screen(stories, (m) => m.StoriesPage),
  '/story/detail/:storyId': screen(story, (m) => m.StoryDetailPage),
  '/:product/apply/:oddId/dupcheck': screen(dupcheck, (m) => m.DupcheckPage),
  '/product/apply/:oddId/dupcheck': screen(dupcheck, (m) => m.ProductDupcheckPage),
  '/potenday/apply/:oddId/dupcheck': screen(dupcheck, (m) => m.PotendayDupcheckPage),
  '/planx/apply/:oddId/dupcheck': screen(dupcheck, (m) => m.PlanxDupcheckPage),
  // One wizard page for every step of the four flows: it reads the step from the path.
  ...Object.fromEntries(
    [
      '/:product/apply/:oddId', '/:product/apply/:oddId/required', '/:product/apply/:oddId/aside', '/:product/apply/:oddId/:productStep',
      '/:product/apply/:oddId/book', '/:product/apply/:oddId/bookorder',
      '/potenday/apply/:oddId/required', '/potenday/apply/:oddId/aside', '/potenday/apply/:oddId/:productStep', '/potenday/apply/:oddId/book',
      '/product/apply/:oddId/required', '/product/apply/:oddId/aside', '/product/apply/:oddId/book',
      '/planx/apply/:oddId', '/planx/apply/:oddId/required', '/planx/apply/:oddId/aside', '/planx/apply/:oddId/:productStep',
      '/planx/apply/:oddId/book', '/planx/apply/:oddId/bookorder',
    ].map((path) => [path, applyScreen]),
  ),
  ...Object.fromEntries(['/product/cb/:oddId', '/bisde/cb/:oddId', '/potenday/cb/:oddId', '/planx/cb/:oddId'].map((path) => [path, callbackScreen])),
  ...Object.fromEntries(
    ['/potenday/book/success/:orderId', '/product/book/success/:orderId', '/:product/book/success/:orderId', '/planx/book/success/:orderId'].map((path) => [path, successScreen]),
  ),
  '/:product/book/successorder': screen(bookResult, (m) => m.BookSuccessOrderPage),
  '/:product/book/fail/:oddId': screen(bookResult, (m) => m.BookFailPage),
  '/faq': screen(() => import('../features/faq/components/FaqPage'), (m) => m.FaqPage),
};

/** Manifest paths with a screen (the routes test checks they are exactly the ones marked ready). */
export const BUILT_PATHS = Object.keys(SCREENS);
