import type { ComponentType } from 'react';
import { CareerCardErrorPage, CareerCardPage } from '../features/career-card';

/** The screens built so far, by manifest path. Every other manifest route shows "준비 중" (the remote kit). */
export const SCREENS: Record<string, ComponentType> = {
  '/careercard/:profileId': CareerCardPage,
  '/careercard-error': CareerCardErrorPage,
};

/** Manifest paths with a screen (the routes test checks they are exactly the ones marked ready). */
export const BUILT_PATHS = Object.keys(SCREENS);
