import { createRemote, lazyScreen, type Screens } from '@sq/remote-kit';
import { MyPageHome } from './app/MyPageHome';

/**
 * The screens of this remote's './app' entry, by manifest path; every other route of routes.json shows
 * "준비 중" (the remote kit, which also checks that exactly these are marked ready). Each page but the intro
 * is its own chunk: /mypage's first load carries only the intro and the current applications, never the forms.
 */
export const screens: Screens = {
  '/mypage': MyPageHome,
  '/mypage/history': lazyScreen(() => import('./features/applications/components/HistoryPage'), 'HistoryPage'),
  '/mypage/history/:id': lazyScreen(
    () => import('./features/applications/components/HistoryDetailPage'),
    'HistoryDetailPage',
  ),
  '/mypage/apply/:jid': lazyScreen(() => import('./features/applications/components/AnswersPage'), 'AnswersPage'),
  '/mypage/info': lazyScreen(() => import('./features/my-info'), 'MyInfoPage'),
  '/mypage/tokens': lazyScreen(() => import('./features/api-tokens'), 'ApiTokensPage'),
  '/mypage/apps': lazyScreen(() => import('./features/connected-apps'), 'ConnectedAppsPage'),
};

/** The module exposed as './app': its single-spa lifecycles, made by the remote kit. */
export const { bootstrap, mount, unmount } = createRemote({
  name: 'mfe_mypage',
  version: process.env.SQ_REMOTE_VERSION,
  screens,
});
