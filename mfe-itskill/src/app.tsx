import { createRemote, lazyScreen, type Screens } from '@sq/remote-kit';
import { CheckupIntroPage } from './features/checkup-intro';

/**
 * The screens of this remote's './app' entry, by manifest path; every other route of routes.json shows
 * "준비 중" (the remote kit, which also checks that exactly these are marked ready). Only the intro ships
 * with the entry; each other screen is its own chunk, loaded when opened, so the first load of
 * /itskillcheckup stays small. The trends' chunk carries the charting library.
 */
export const screens: Screens = {
  '/itskillcheckup': CheckupIntroPage,
  '/itskillcheckup/step-a': lazyScreen(() => import('./features/checkup-run'), 'BaseInfoPage'),
  '/itskillcheckup/step-b': lazyScreen(() => import('./features/checkup-run'), 'QuestionsPage'),
  '/itskillcheckup/loading': lazyScreen(() => import('./features/checkup-run'), 'LoadingPage'),
  '/itskillcheckup/result': lazyScreen(() => import('./features/checkup-result'), 'ResultPage'),
  '/itskillcheckup/result/:resultId': lazyScreen(() => import('./features/checkup-result'), 'ResultPage'),
  '/itskilltrends/*': lazyScreen(() => import('./features/skill-trends'), 'TrendsPage'),
};

/** The module exposed as './app': its single-spa lifecycles, made by the remote kit. */
export const { bootstrap, mount, unmount } = createRemote({
  name: 'mfe_itskill',
  version: process.env.SQ_REMOTE_VERSION,
  screens,
});
