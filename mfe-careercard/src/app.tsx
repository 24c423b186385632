import { createRemote } from '@sq/remote-kit';
import { SCREENS } from './app/AppRoutes';

/**
 * The module this remote exposes as './app': its single-spa lifecycles, made by the remote kit (root with the
 * shell's store, router, error boundary with the Korean fallback, manifest routes). This remote is its
 * screens (app/AppRoutes.tsx) and its route manifest (routes.json).
 */
export const { bootstrap, mount, unmount } = createRemote({
  name: 'mfe_careercard',
  version: process.env.SQ_REMOTE_VERSION,
  screens: SCREENS,
});
