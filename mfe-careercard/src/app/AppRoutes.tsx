import { lazy, type ComponentType } from 'react';

/**
 * The screens, by manifest path, each in its own chunk so a page loads only its own code (the public card
 * never carries the editor). Every other manifest route shows "준비 중" (the remote kit).
 */
const screen = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) => lazy(() => load().then((m) => ({ default: pick(m) })));
const card = () => import('../features/career-card');

export const SCREENS: Record<string, ComponentType> = {
  '/careercard': screen(() => import('../features/landing'), (m) => m.CareerCardLandingPage),
  '/careercard/find-myprofile': screen(() => import('../features/find-my-profile'), (m) => m.FindMyProfilePage),
  '/careercard/:profileId': screen(card, (m) => m.CareerCardPage),
  '/careercard/:profileId/edit': screen(() => import('../features/card-editor'), (m) => m.CardEditorPage),
  '/careercard-error': screen(card, (m) => m.CareerCardErrorPage),
  '/careercard/project/:projectId': screen(() => import('../features/project-page'), (m) => m.ProjectPage),
  '/careercard/onboarding/:step': screen(() => import('../features/onboarding'), (m) => m.OnboardingPage),
};

/** Manifest paths with a screen (the routes test checks they are exactly the ones marked ready). */
export const BUILT_PATHS = Object.keys(SCREENS);
