import { createRemote } from '@sq/remote-kit';
import { ADMIN_SCREENS } from './features/admin/screens';

/**
 * The operators' console as this remote's second federated entry, exposed as './admin': the routes of
 * routes.json marked `"entry": "admin"` (/admin/*) load it, and only they do, so no visitor's or member's page
 * downloads operator code. Public screens never import it (eslint.config.js, "operators' console").
 */
export const { bootstrap, mount, unmount } = createRemote({
  name: 'mfe_programs',
  version: process.env.SQ_REMOTE_VERSION,
  screens: ADMIN_SCREENS,
});
