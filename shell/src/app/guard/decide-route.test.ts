import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@sq/contracts/messages';
import { createRouteTable } from '../registry/route-table';
import { decideRoute, type GuardContext, type RouteDecision } from './decide-route';
import type { RouteManifest } from '@sq/contracts/registry';
import { ROUTE_OWNERS, SITE_ROUTES } from '@sq/contracts/spec-routes';

const NOW = Date.UTC(2025, 4, 1, 9, 0, 0);
const b64 = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
/** Shaped like the gateway's tokens (ES256, sub, sid); the signature is not checked in the browser. */
const token = (claims: Record<string, unknown>) =>
  `${b64({ alg: 'ES256', typ: 'JWT' })}.${b64({ sid: 'session-1', ...claims })}.sig`;
const inOneHour = Math.floor(NOW / 1000) + 3600;

const TOKENS = {
  visitor: null,
  member: token({ sub: '1', role: 'ROLE_USER', exp: inOneHour }),
  admin: token({ sub: '2', role: 'ROLE_ADMIN', exp: inOneHour }),
} as const;
type Who = keyof typeof TOKENS;

/**
 * The guard's route table built from the site route list (spec section 2), the same list every bundle's
 * routes.json is tested against, so the guard is checked against the spec and not against a copy.
 */
const SPEC_MANIFESTS: RouteManifest[] = ROUTE_OWNERS.map((owner) => ({
  name: owner,
  routes: SITE_ROUTES.filter((r) => r.owner === owner).map(({ path, access }) => ({
    path,
    access,
    layout: 'default',
    title: path,
    ready: true,
  })),
}));
const routeTable = createRouteTable(SPEC_MANIFESTS);
const ctx = (who: Who, extra: Partial<GuardContext> = {}): GuardContext => ({
  token: TOKENS[who],
  now: NOW,
  isDev: false,
  underConstruction: [],
  routeTable,
  ...extra,
});

/** 'ok' = shown, 'in' = /signin?to={path}, 'home' = sent to '/', '404' = public error page. */
type Outcome = 'ok' | 'in' | 'home' | '404';
function outcome(d: RouteDecision): Outcome {
  if (d.kind === 'allow') return 'ok';
  if (d.kind === 'notFound') return '404';
  return d.reason === 'signInRequired' ? 'in' : 'home';
}

// [path, visitor, member, admin, owner of the matched route]
const TABLE: [string, Outcome, Outcome, Outcome, string?][] = [
  // Core routes
  ['/', 'ok', 'ok', 'ok', 'mfe_programs'],
  ['/signup', 'ok', 'ok', 'ok', 'shell'],
  ['/signup/required', 'ok', 'ok', 'ok', 'shell'],
  ['/signup/required_sns', 'ok', 'ok', 'ok', 'shell'],
  ['/signup/onboarding/1', 'in', 'ok', 'ok', 'shell'],
  ['/signin', 'ok', 'ok', 'ok', 'shell'],
  ['/signout', 'ok', 'ok', 'ok', 'shell'],
  ['/bside', 'ok', 'ok', 'ok', 'mfe_programs'],
  ['/projects', 'ok', 'ok', 'ok', 'mfe_programs'],
  ['/projects/detail/12', 'ok', 'ok', 'ok', 'mfe_programs'],
  ['/story', 'ok', 'ok', 'ok', 'mfe_programs'],
  ['/story/detail/3', 'ok', 'ok', 'ok', 'mfe_programs'],
  ['/planx', 'ok', 'ok', 'ok', 'mfe_programs'],
  ['/faq', 'ok', 'ok', 'ok', 'mfe_programs'],
  ['/mypage', 'in', 'ok', 'ok', 'mfe_mypage'],
  ['/mypage/history', 'in', 'ok', 'ok', 'mfe_mypage'],
  ['/mypage/info', 'in', 'ok', 'ok', 'mfe_mypage'],
  ['/mypage/history/41', 'in', 'ok', 'ok', 'mfe_mypage'],
  ['/mypage/apply/77', 'in', 'ok', 'ok', 'mfe_mypage'],
  ['/change/password', 'ok', 'ok', 'ok', 'shell'],
  ['/change/password/abc-token', 'ok', 'ok', 'ok', 'shell'],
  ['/oauthreturn', 'ok', 'ok', 'ok', 'shell'],
  // Duplicate-application checks
  ['/bside/apply/5/dupcheck', 'in', 'ok', 'ok', 'mfe_programs'],
  ['/product/apply/5/dupcheck', 'in', 'ok', 'ok', 'mfe_programs'],
  ['/potenday/apply/5/dupcheck', 'in', 'ok', 'ok', 'mfe_programs'],
  ['/planx/apply/5/dupcheck', 'in', 'ok', 'ok', 'mfe_programs'],
  // Application wizards: first program
  ['/bside/apply/5', 'ok', 'ok', 'ok', 'mfe_programs'],
  ['/bside/apply/5/required', 'in', 'ok', 'ok'],
  ['/bside/apply/5/aside', 'in', 'ok', 'ok'],
  ['/bside/apply/5/bside', 'in', 'ok', 'ok'],
  ['/bside/apply/5/book', 'in', 'ok', 'ok'],
  ['/bside/apply/5/bookorder', 'in', 'ok', 'ok'],
  // second program
  ['/potenday/apply/5/required', 'in', 'ok', 'ok'],
  ['/potenday/apply/5/aside', 'in', 'ok', 'ok'],
  ['/potenday/apply/5/potenday', 'in', 'ok', 'ok'],
  ['/potenday/apply/5/book', 'in', 'ok', 'ok'],
  // generic
  ['/product/apply/5/required', 'in', 'ok', 'ok'],
  ['/product/apply/5/aside', 'in', 'ok', 'ok'],
  ['/product/apply/5/book', 'in', 'ok', 'ok'],
  // third program
  ['/planx/apply/5', 'ok', 'ok', 'ok'],
  ['/planx/apply/5/required', 'in', 'ok', 'ok'],
  ['/planx/apply/5/aside', 'in', 'ok', 'ok'],
  ['/planx/apply/5/planx', 'in', 'ok', 'ok'],
  ['/planx/apply/5/book', 'in', 'ok', 'ok'],
  ['/planx/apply/5/bookorder', 'in', 'ok', 'ok'],
  // recruit fallbacks
  ['/bside/recruit', 'ok', 'ok', 'ok'],
  ['/bside/recruit/anything/else', 'ok', 'ok', 'ok'],
  // Payment callbacks
  ['/product/cb/5', 'in', 'ok', 'ok'],
  ['/bisde/cb/5', 'in', 'ok', 'ok', 'mfe_programs'],
  ['/potenday/cb/5', 'in', 'ok', 'ok'],
  ['/planx/cb/5', 'in', 'ok', 'ok'],
  // Success and failure
  ['/potenday/book/success/ORD-1', 'ok', 'ok', 'ok'],
  ['/product/book/success/ORD-1', 'ok', 'ok', 'ok'],
  ['/bside/book/success/ORD-1', 'ok', 'ok', 'ok'],
  ['/planx/book/success/ORD-1', 'ok', 'ok', 'ok'],
  ['/bside/book/successorder', 'ok', 'ok', 'ok'],
  ['/bside/book/fail/5', 'ok', 'ok', 'ok'],
  // Recruit pages
  ['/planx/recruit/5', 'ok', 'ok', 'ok'],
  ['/planx/recruit', 'ok', 'ok', 'ok'],
  ['/potenday/recruit', 'ok', 'ok', 'ok'],
  ['/potenday/recruit/5', 'ok', 'ok', 'ok'],
  ['/potenday', 'ok', 'ok', 'ok'],
  ['/product/9', 'ok', 'ok', 'ok'],
  // Career card
  ['/careercard', 'ok', 'ok', 'ok', 'mfe_careercard'],
  ['/careercard/find-myprofile', 'in', 'ok', 'ok', 'mfe_careercard'],
  ['/careercard/side7', 'ok', 'ok', 'ok', 'mfe_careercard'],
  ['/careercard/side7/edit', 'in', 'ok', 'ok', 'mfe_careercard'],
  ['/careercard-error', 'ok', 'ok', 'ok', 'mfe_careercard'],
  ['/careercard/project/3', 'ok', 'ok', 'ok', 'mfe_careercard'],
  ['/careercard/onboarding/2', 'in', 'ok', 'ok', 'mfe_careercard'],
  // IT skill check-up and trends
  ['/itskillcheckup', 'ok', 'ok', 'ok', 'mfe_itskill'],
  ['/itskillcheckup/step-a', 'in', 'ok', 'ok'],
  ['/itskillcheckup/step-b', 'in', 'ok', 'ok'],
  ['/itskillcheckup/loading', 'in', 'ok', 'ok'],
  ['/itskillcheckup/result', 'ok', 'ok', 'ok'],
  ['/itskillcheckup/result/88', 'ok', 'ok', 'ok'],
  ['/itskilltrends', 'ok', 'ok', 'ok', 'mfe_itskill'],
  ['/itskilltrends/frontend/2025', 'ok', 'ok', 'ok', 'mfe_itskill'],
  // Admin: any path containing 'admin'
  ['/admin', 'in', 'home', 'ok', 'mfe_programs'],
  ['/admin/teams', 'in', 'home', 'ok', 'mfe_programs'],
  ['/admin/teams/12/replace', 'in', 'home', 'ok', 'mfe_programs'],
  // The spec's rule is a substring match, so even a career card id containing 'admin' is admin-only.
  ['/careercard/sysadmin', 'in', 'home', 'ok', 'mfe_careercard'],
  // Unknown paths show the public error page to everyone
  ['/no/such/page', '404', '404', '404'],
  ['/projects/detail', '404', '404', '404'],
  ['/mypage/unknown/deep', '404', '404', '404'],
  ['/itskillcheckup/step-c/x', '404', '404', '404'],
  // An unknown path containing 'admin' is still refused before the error page
  ['/nope/admin/x', 'in', 'home', '404'],
];

describe('decideRoute: every route of spec section 2 as visitor, member and admin', () => {
  it.each(TABLE)('%s -> visitor %s, member %s, admin %s', (path, visitor, member, admin, owner) => {
    expect(outcome(decideRoute(path, ctx('visitor')))).toBe(visitor);
    expect(outcome(decideRoute(path, ctx('member')))).toBe(member);
    const asAdmin = decideRoute(path, ctx('admin'));
    expect(outcome(asAdmin)).toBe(admin);
    if (owner && asAdmin.kind === 'allow') expect(asAdmin.route.owner).toBe(owner);
  });
});

describe('decideRoute: redirects', () => {
  it('sends a visitor to /signin with the path (and query) to return to', () => {
    expect(decideRoute('/mypage', ctx('visitor'))).toMatchObject({ kind: 'redirect', to: '/signin?to=/mypage' });
    expect(decideRoute('/mypage/history?page=2', ctx('visitor'))).toMatchObject({
      to: '/signin?to=/mypage/history%3Fpage%3D2',
    });
  });

  it('sends a member away from admin paths to /', () => {
    expect(decideRoute('/admin/teams', ctx('member'))).toMatchObject({
      kind: 'redirect',
      to: '/',
      reason: 'adminOnly',
    });
  });
});

describe('decideRoute: expired and invalid tokens', () => {
  const expired = token({ sub: '1', role: 'ROLE_ADMIN', exp: Math.floor(NOW / 1000) - 1 });

  it('treats an expired token as signed out and asks to clear the stored user', () => {
    const d = decideRoute('/mypage', { ...ctx('visitor'), token: expired });
    expect(d).toMatchObject({ kind: 'redirect', to: '/signin?to=/mypage', clearSession: true });
    expect(decideRoute('/admin/teams', { ...ctx('visitor'), token: expired })).toMatchObject({
      reason: 'signInRequired',
    });
  });

  it('clears an expired token on every route change, public ones included, without an alert', () => {
    const d = decideRoute('/projects', { ...ctx('visitor'), token: expired });
    expect(d).toMatchObject({ kind: 'allow', clearSession: true });
    expect(d).not.toHaveProperty('alert');
  });

  it('keeps a valid token', () => {
    expect(decideRoute('/projects', ctx('member'))).toMatchObject({ clearSession: false });
    expect(decideRoute('/projects', ctx('visitor'))).toMatchObject({ clearSession: false });
  });

  it('a token that expires one millisecond from now is still valid', () => {
    const edge = token({ sub: '1', role: 'ROLE_USER', exp: Math.floor(NOW / 1000) + 1 });
    expect(outcome(decideRoute('/mypage', { ...ctx('visitor'), token: edge, now: NOW + 999 }))).toBe('ok');
    expect(outcome(decideRoute('/mypage', { ...ctx('visitor'), token: edge, now: NOW + 1000 }))).toBe('in');
  });
});

describe('decideRoute: a malformed or tampered token (잘못된 접근입니다. 메인페이지로 이동합니다.)', () => {
  const raw = (header: unknown, claims: unknown) => `${b64(header)}.${b64(claims)}.sig`;
  const claims = { sub: '1', sid: 'session-1', role: 'ROLE_ADMIN', exp: inOneHour };
  const MALFORMED: [string, string][] = [
    ['garbage', 'garbage'],
    ['two parts', `${b64({ alg: 'ES256' })}.${b64(claims)}`],
    ['a header that is not JSON', `bm90LWpzb24.${b64(claims)}.sig`],
    ['another algorithm', raw({ alg: 'HS256' }, claims)],
    ['alg none', raw({ alg: 'none' }, claims)],
    ['no sid', raw({ alg: 'ES256' }, { sub: '1', role: 'ROLE_ADMIN', exp: inOneHour })],
    ['no sub', raw({ alg: 'ES256' }, { sid: 's', role: 'ROLE_ADMIN', exp: inOneHour })],
    ['a string exp', raw({ alg: 'ES256' }, { ...claims, exp: String(inOneHour) })],
    ['no exp', raw({ alg: 'ES256' }, { sub: '1', sid: 's', role: 'ROLE_ADMIN' })],
  ];

  it.each(MALFORMED)('a token with %s: alert, clear the stored user, go to / (on any route)', (_what, bad) => {
    for (const path of ['/mypage', '/projects', '/admin/teams', '/signin', '/no/such/page', '/']) {
      expect(decideRoute(path, { ...ctx('visitor'), token: bad })).toEqual({
        kind: 'redirect',
        to: '/',
        reason: 'wrongToken',
        alert: MESSAGES.wrongTokenOnRouting,
        clearSession: true,
        clearSnsRedirect: true,
      });
    }
  });

  it('an admin role claim in a malformed token never opens an admin page', () => {
    expect(decideRoute('/admin/teams', { ...ctx('visitor'), token: raw({ alg: 'HS256' }, claims) })).toMatchObject({
      to: '/',
      reason: 'wrongToken',
    });
  });

  it('an expired token is not "wrong": it keeps sending members to sign-in', () => {
    const expired = raw({ alg: 'ES256' }, { ...claims, exp: Math.floor(NOW / 1000) - 1 });
    expect(decideRoute('/mypage', { ...ctx('visitor'), token: expired })).toEqual({
      kind: 'redirect',
      to: '/signin?to=/mypage',
      reason: 'signInRequired',
      clearSession: true,
      clearSnsRedirect: true,
    });
  });
});

describe('decideRoute: under construction', () => {
  const list = ['/itskilltrends', 'potenday/apply'];

  it('sends any path containing a listed fragment to / with an alert', () => {
    for (const path of ['/itskilltrends', '/itskilltrends/frontend', '/potenday/apply/5/required']) {
      expect(decideRoute(path, ctx('admin', { underConstruction: list }))).toEqual({
        kind: 'redirect',
        to: '/',
        reason: 'underConstruction',
        alert: MESSAGES.underConstruction,
        clearSession: false,
        clearSnsRedirect: true,
      });
    }
    expect(outcome(decideRoute('/potenday', ctx('visitor', { underConstruction: list })))).toBe('ok');
  });

  it('is ignored in development', () => {
    expect(outcome(decideRoute('/itskilltrends', ctx('visitor', { underConstruction: list, isDev: true })))).toBe('ok');
  });

  it('never redirects / itself, and ignores empty fragments', () => {
    expect(outcome(decideRoute('/', ctx('visitor', { underConstruction: ['/', ''] })))).toBe('ok');
    expect(outcome(decideRoute('/faq', ctx('visitor', { underConstruction: [''] })))).toBe('ok');
  });
});

describe('decideRoute: social-login redirect path', () => {
  it.each([
    ['/signup', false],
    ['/signup/required_sns', false],
    ['/oauthreturn', false],
    ['/oauthreturn?code=x', false],
    ['/signin', true],
    ['/', true],
    ['/signupx', true],
    ['/no/such/page', true],
  ])('%s clears it: %s', (path, clears) => {
    expect(decideRoute(path, ctx('visitor')).clearSnsRedirect).toBe(clears);
  });
});
