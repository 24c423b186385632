import type { ComponentType } from 'react';
import { CareerCardErrorPage, CareerCardPage } from '../features/career-card';
import { CareerCardLandingPage } from '../features/landing';
import { FindMyProfilePage } from '../features/find-my-profile';
import { OnboardingPage } from '../features/onboarding';
import { CardEditorPage } from '../features/card-editor';
import { ProjectPage } from '../features/project-page';

/** The screens built so far, by manifest path. Every other manifest route shows "준비 중" (the remote kit). */
export const SCREENS: Record<string, ComponentType> = {
  '/careercard': CareerCardLandingPage,
  '/careercard/find-myprofile': FindMyProfilePage,
  '/careercard/:profileId': CareerCardPage,
  '/careercard/:profileId/edit': CardEditorPage,
  '/careercard-error': CareerCardErrorPage,
  '/careercard/project/:projectId': ProjectPage,
  '/careercard/onboarding/:step': OnboardingPage,
};

/** Manifest paths with a screen (the routes test checks they are exactly the ones marked ready). */
export const BUILT_PATHS = Object.keys(SCREENS);
