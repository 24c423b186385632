import type { ComponentType } from 'react';
import { CheckupIntroPage } from '../features/checkup-intro';

/** The screens built so far, by manifest path. Every other manifest route shows "준비 중" (the remote kit). */
export const SCREENS: Record<string, ComponentType> = {
  '/itskillcheckup': CheckupIntroPage,
};

/** Manifest paths with a screen (the routes test checks they are exactly the ones marked ready). */
export const BUILT_PATHS = Object.keys(SCREENS);
