import { lazy, type ComponentType } from 'react';
import { CheckupIntroPage } from '../features/checkup-intro';

// Only the intro ships with the remote's entry; each other screen is its own chunk, loaded when opened, so
// the first load of /itskillcheckup stays small. The trends' chunk carries the charting library.
const BaseInfoPage = lazy(() => import('../features/checkup-run').then((m) => ({ default: m.BaseInfoPage })));
const QuestionsPage = lazy(() => import('../features/checkup-run').then((m) => ({ default: m.QuestionsPage })));
const LoadingPage = lazy(() => import('../features/checkup-run').then((m) => ({ default: m.LoadingPage })));
const ResultPage = lazy(() => import('../features/checkup-result').then((m) => ({ default: m.ResultPage })));
const TrendsPage = lazy(() => import('../features/skill-trends'));

/** The screens built so far, by manifest path. Every other manifest route shows "준비 중" (the remote kit). */
export const SCREENS: Record<string, ComponentType> = {
  '/itskillcheckup': CheckupIntroPage,
  '/itskillcheckup/step-a': BaseInfoPage,
  '/itskillcheckup/step-b': QuestionsPage,
  '/itskillcheckup/loading': LoadingPage,
  '/itskillcheckup/result': ResultPage,
  '/itskillcheckup/result/:resultId': ResultPage,
  '/itskilltrends/*': TrendsPage,
};

/** Manifest paths with a screen (the routes test checks they are exactly the ones marked ready). */
export const BUILT_PATHS = Object.keys(SCREENS);
