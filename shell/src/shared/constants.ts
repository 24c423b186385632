/** Every timing, breakpoint and storage key of the shell in one place (spec sections 4 and 9). */

/** The guard marks the app not ready this long after a navigation... */
export const GUARD_NOT_READY_DELAY_MS = 300;
/** ...and ready again this long after it. */
export const GUARD_READY_DELAY_MS = 1_000;
/** The loading overlay fades out over this long after being switched off. */
export const OVERLAY_FADE_MS = 300;
/** The share tooltip ("링크가 복사되었어요") stays this long (one value with the career card's, in @sq/ui). */
export { SHARE_TOOLTIP_MS } from '@sq/ui';
/** The desktop header from this width; the mobile drawer below it. */
export const DESKTOP_MIN_WIDTH = 1_200;
export const DESKTOP_MEDIA_QUERY = `(min-width: ${DESKTOP_MIN_WIDTH}px)`;

/** Static asset with the under-construction list: a JSON array of path fragments. */
export const UNDER_CONSTRUCTION_URL = '/under-construction.json';
/** The remote registry served by the gateway. */
export const REGISTRY_URL = '/remotes.json';

/** localStorage key of the path to return to after a social sign-up (spec section 3's snsRedirectPath). */
export const SNS_REDIRECT_PATH_KEY = 'snsRedirectPath';
/** Paths where a social-login redirect path must survive; anywhere else it is cleared. */
export const SNS_FLOW_PREFIXES = ['/signup', '/oauthreturn'];

/** Query flags that open the legal modals from any page. */
export const SHOW_TERMS_QUERY = 'showtos';
export const SHOW_PRIVACY_QUERY = 'showpp';

export const ADMIN_ROLE = 'ROLE_ADMIN';
/** Any path containing this needs the admin role (spec section 2). */
export const ADMIN_PATH_MARKER = 'admin';

/** Name of the shell's own route manifest (account screens). */
export const SHELL_APP_NAME = 'shell';

/** The working site name until GET /api/setting/site answers. */
export const DEFAULT_SITE_NAME = process.env.SQ_SITE_NAME ?? '사이드퀘스트';

export const IS_DEV = process.env.NODE_ENV !== 'production';

/** This shell build's version (build setting SHELL_VERSION); field figures name it next to each remote's. */
export const SHELL_VERSION = process.env.SQ_SHELL_VERSION ?? 'dev';

/** A success notice (e.g. "비밀번호가 변경되었어요.") stays this long before the screen moves on (spec section 9). */
export const SUCCESS_NOTICE_MS = 1_000;
