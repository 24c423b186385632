import { lazy, type ComponentType } from 'react';

/**
 * The screens built so far, by manifest path, each in its own chunk so a page loads only its own code.
 * Every other manifest route shows "준비 중" (ManifestRoutes), never a blank.
 */
const screen = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) => lazy(() => load().then((m) => ({ default: pick(m) })));
const home = () => import('../features/home/components/HomePage');
const intro = () => import('../features/programs/components/ProgramIntroPage');
const recruit = () => import('../features/programs/components/RecruitCohortPage');
const noInfo = () => import('../features/programs/components/RecruitNoInfoPage');
const stories = () => import('../features/stories/components/StoriesPage');
const story = () => import('../features/stories/components/StoryDetailPage');

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
  '/faq': screen(() => import('../features/faq/components/FaqPage'), (m) => m.FaqPage),
};

/** Manifest paths with a screen (the routes test checks they are exactly the ones marked ready). */
export const BUILT_PATHS = Object.keys(SCREENS);
