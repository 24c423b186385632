import type { RouteAccess } from './registry';
import { ROUTE_OWNERS } from './remotes';

/**
 * What spec section 2 requires of the site's routes: each path with its access and the bundle that owns it
 * (the design card's split). Nothing in the product reads it: the site's routes are the bundles' own
 * `src/routes.json`, found through the one list of remotes (remotes.ts). It is the oracle they are tested
 * against (packages/stack/test/site-routes.test.ts reads every manifest the list names and compares), and
 * the shell's route-guard test builds its route table from it. `spec: false` marks the few routes the product
 * adds for screens the spec names by text only (e.g. find account).
 */
export type RouteOwner = (typeof ROUTE_OWNERS)[number];

export interface SiteRoute {
  /** Path pattern in react-router syntax, as the manifest declares it. */
  path: string;
  access: RouteAccess;
  owner: RouteOwner;
  /** False for a route the spec does not list in section 2 (named by text content only). */
  spec?: false;
}

type Row = [path: string, access: RouteAccess, spec?: false];
const owned = (owner: RouteOwner, rows: Row[]): SiteRoute[] =>
  rows.map(([path, access, spec]) => (spec === false ? { path, access, owner, spec } : { path, access, owner }));

export const SITE_ROUTES: readonly SiteRoute[] = [
  // Core routes owned by the shell: sign-in, sign-up, sign-out, password change, social login return.
  ...owned('shell', [
    ['/signin', 'public'],
    ['/signin/find-account', 'public', false],
    ['/signin/find-password', 'public', false],
    ['/signup', 'public'],
    ['/signup/required', 'public'],
    ['/signup/required_sns', 'public'],
    ['/signup/onboarding/:step', 'member'],
    ['/signout', 'public'],
    ['/change/*', 'public'],
    ['/oauthreturn', 'public'],
  ]),
  ...owned('mfe_programs', [
    // Core routes
    ['/', 'public'],
    ['/:product', 'public'],
    ['/planx', 'public'],
    ['/projects', 'public'],
    ['/projects/detail/:projectId', 'public'],
    ['/story', 'public'],
    ['/story/detail/:storyId', 'public'],
    ['/faq', 'public'],
    // The public API's guide for developers (docs/api-consumers.md).
    ['/developers', 'public'],
    // Duplicate-application checks
    ['/:product/apply/:oddId/dupcheck', 'member'],
    ['/product/apply/:oddId/dupcheck', 'member'],
    ['/potenday/apply/:oddId/dupcheck', 'member'],
    ['/planx/apply/:oddId/dupcheck', 'member'],
    // Application wizards: first program
    ['/:product/apply/:oddId', 'public'],
    ['/:product/apply/:oddId/required', 'member'],
    ['/:product/apply/:oddId/aside', 'member'],
    ['/:product/apply/:oddId/:productStep', 'member'],
    ['/:product/apply/:oddId/book', 'member'],
    ['/:product/apply/:oddId/bookorder', 'member'],
    // second program
    ['/potenday/apply/:oddId/required', 'member'],
    ['/potenday/apply/:oddId/aside', 'member'],
    ['/potenday/apply/:oddId/:productStep', 'member'],
    ['/potenday/apply/:oddId/book', 'member'],
    // generic
    ['/product/apply/:oddId/required', 'member'],
    ['/product/apply/:oddId/aside', 'member'],
    ['/product/apply/:oddId/book', 'member'],
    // third program
    ['/planx/apply/:oddId', 'public'],
    ['/planx/apply/:oddId/required', 'member'],
    ['/planx/apply/:oddId/aside', 'member'],
    ['/planx/apply/:oddId/:productStep', 'member'],
    ['/planx/apply/:oddId/book', 'member'],
    ['/planx/apply/:oddId/bookorder', 'member'],
    // recruit fallbacks when there is no info
    ['/:product/recruit', 'public'],
    ['/:product/recruit/*', 'public'],
    // Payment: mobile callbacks, success, failure
    ['/product/cb/:oddId', 'member'],
    ['/bisde/cb/:oddId', 'member'],
    ['/potenday/cb/:oddId', 'member'],
    ['/planx/cb/:oddId', 'member'],
    ['/potenday/book/success/:orderId', 'public'],
    ['/product/book/success/:orderId', 'public'],
    ['/:product/book/success/:orderId', 'public'],
    ['/planx/book/success/:orderId', 'public'],
    ['/:product/book/successorder', 'public'],
    ['/:product/book/fail/:oddId', 'public'],
    // Recruit pages
    ['/planx/recruit/:oddId', 'public'],
    ['/planx/recruit', 'public'],
    ['/potenday/recruit', 'public'],
    ['/potenday/recruit/:oddId', 'public'],
    ['/potenday', 'public'],
    ['/product/:productId', 'public'],
    // Operators' console: any path containing 'admin' needs the admin role.
    ['/admin/*', 'admin'],
  ]),
  ...owned('mfe_careercard', [
    ['/careercard', 'public'],
    ['/careercard/find-myprofile', 'member'],
    ['/careercard/:profileId', 'public'],
    ['/careercard/:profileId/edit', 'member'],
    ['/careercard-error', 'public'],
    ['/careercard/project/:projectId', 'public'],
    ['/careercard/onboarding/:step', 'member'],
  ]),
  ...owned('mfe_itskill', [
    ['/itskillcheckup', 'public'],
    ['/itskillcheckup/step-a', 'member'],
    ['/itskillcheckup/step-b', 'member'],
    ['/itskillcheckup/loading', 'member'],
    // "result (public, shareable)": the latest result, and one result by id for shared links.
    ['/itskillcheckup/result', 'public'],
    ['/itskillcheckup/result/:resultId', 'public'],
    ['/itskilltrends/*', 'public'],
  ]),
  // "/mypage with children": intro, history, info, one application, one submitted application form.
  ...owned('mfe_mypage', [
    ['/mypage', 'member'],
    ['/mypage/history', 'member'],
    ['/mypage/info', 'member'],
    ['/mypage/history/:id', 'member'],
    ['/mypage/apply/:jid', 'member'],
    // Personal access tokens for the public API (docs/api-consumers.md).
    ['/mypage/tokens', 'member'],
    // Partner apps the member consented to (docs/api-consumers.md).
    ['/mypage/apps', 'member'],
  ]),
];

/** The routes one bundle must declare in its manifest, as `path -> access`. */
export function routesOwnedBy(owner: RouteOwner): Map<string, RouteAccess> {
  return new Map(SITE_ROUTES.filter((r) => r.owner === owner).map((r) => [r.path, r.access]));
}

export { ROUTE_OWNERS };
