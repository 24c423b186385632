import { lazy, type ComponentType } from 'react';
import { CheckupIntroPage } from '../features/checkup-intro';
import { BaseInfoPage, LoadingPage, QuestionsPage } from '../features/checkup-run';
import { ResultPage } from '../features/checkup-result';

// Its own chunk with the charting library: no other route loads it.
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
