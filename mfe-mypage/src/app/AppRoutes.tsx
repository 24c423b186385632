import { lazy, type ComponentType } from 'react';
import { MyPageHome } from './MyPageHome';

/** The screens built so far, by manifest path. Every other manifest route shows "준비 중" (the remote kit). */
export const SCREENS: Record<string, ComponentType> = {
  '/mypage': MyPageHome,
  // Each in its own chunk: /mypage's first load carries only the intro and the current applications.
  '/mypage/history': lazy(() => import('../features/applications/components/HistoryPage').then((m) => ({ default: m.HistoryPage }))),
  '/mypage/history/:id': lazy(() => import('../features/applications/components/HistoryDetailPage').then((m) => ({ default: m.HistoryDetailPage }))),
  '/mypage/apply/:jid': lazy(() => import('../features/applications/components/AnswersPage').then((m) => ({ default: m.AnswersPage }))),
  // Its own chunk: the intro page does not carry the forms.
  '/mypage/info': lazy(() => import('../features/my-info').then((m) => ({ default: m.MyInfoPage }))),
};

/** Manifest paths with a screen (the routes test checks they are exactly the ones marked ready). */
export const BUILT_PATHS = Object.keys(SCREENS);
