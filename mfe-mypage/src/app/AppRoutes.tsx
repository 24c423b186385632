import { lazy, type ComponentType } from 'react';
import { MyPageIntroPage } from '../features/my-intro';

/** The screens built so far, by manifest path. Every other manifest route shows "준비 중" (the remote kit). */
export const SCREENS: Record<string, ComponentType> = {
  '/mypage': MyPageIntroPage,
  // Its own chunk: the intro page does not carry the forms.
  '/mypage/info': lazy(() => import('../features/my-info').then((m) => ({ default: m.MyInfoPage }))),
};

/** Manifest paths with a screen (the routes test checks they are exactly the ones marked ready). */
export const BUILT_PATHS = Object.keys(SCREENS);
