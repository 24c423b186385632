import { createRemote, lazyScreen, type Screens } from '@sq/remote-kit';

const card = () => import('./features/career-card');

/**
 * The screens of this remote's './app' entry, by manifest path; every other route of routes.json shows
 * "준비 중" (the remote kit, which also checks that exactly these are marked ready). Each in its own chunk, so
 * a page loads only its own code (the public card never carries the editor).
 */
export const screens: Screens = {
  '/careercard': lazyScreen(() => import('./features/landing'), 'CareerCardLandingPage'),
  '/careercard/find-myprofile': lazyScreen(() => import('./features/find-my-profile'), 'FindMyProfilePage'),
  '/careercard/:profileId': lazyScreen(card, 'CareerCardPage'),
  '/careercard/:profileId/edit': lazyScreen(() => import('./features/card-editor'), 'CardEditorPage'),
  '/careercard-error': lazyScreen(card, 'CareerCardErrorPage'),
  '/careercard/project/:projectId': lazyScreen(() => import('./features/project-page'), 'ProjectPage'),
  '/careercard/onboarding/:step': lazyScreen(() => import('./features/onboarding'), 'OnboardingPage'),
};

/** The module exposed as './app': its single-spa lifecycles, made by the remote kit. */
export const { bootstrap, mount, unmount } = createRemote({
  name: 'mfe_careercard',
  version: process.env.SQ_REMOTE_VERSION,
  screens,
});
