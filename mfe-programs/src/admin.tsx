import { createRemote, type Screens } from '@sq/remote-kit';
import { AdminConsole } from './console/AdminConsole';

/**
 * The operators' console as this remote's second federated entry, exposed as './admin': the routes of
 * routes.json marked `"entry": "admin"` (/admin/*) load it, and only they do, so no visitor's or member's page
 * downloads operator code. Public screens never import it (eslint.config.js, "operators' console"). The
 * console is the whole entry, with a router of its own (src/console/AdminConsole.tsx, composing the console-*
 * features); its pages are lazy chunks of their own (each feature's routes.tsx).
 */
export const screens: Screens = {
  '/admin/*': AdminConsole,
};

export const { bootstrap, mount, unmount } = createRemote({
  name: 'mfe_programs',
  version: process.env.SQ_REMOTE_VERSION,
  screens,
});
