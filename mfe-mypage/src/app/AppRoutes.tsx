import type { ComponentType } from 'react';
import type { RouteEntry } from '@sq/contracts/registry';
import { ManifestRoutes } from '@sq/ui';
import { AnswersPage, HistoryDetailPage, HistoryPage } from '../features/applications';
import { MyPageHome } from './MyPageHome';

/** The screens built so far, by manifest path. Every other manifest route shows "준비 중" (ManifestRoutes). */
const SCREENS: Record<string, ComponentType> = {
  '/mypage': MyPageHome,
  '/mypage/history': HistoryPage,
  '/mypage/history/:id': HistoryDetailPage,
  '/mypage/apply/:jid': AnswersPage,
};

/** `routes` is the manifest the shell hands over from the registry (no second copy in the bundle). */
export function AppRoutes({ routes }: { routes: readonly RouteEntry[] }) {
  return <ManifestRoutes routes={routes} screens={SCREENS} />;
}

export const BUILT_PATHS = Object.keys(SCREENS);
