import type { ServiceName } from '@sq/service-kit';

/**
 * The gateway's declarative route table: which service answers each public `/api` path (spec section 7's
 * paths verbatim) and who may call it. Services re-check access to every record; this is the first gate.
 *  - public: anyone; a valid token still forwards the caller's identity.
 *  - member: a valid, unrevoked token.
 *  - admin: a valid token with ROLE_ADMIN.
 * Every method and path routed here is implemented by its service (test/route-contract.test.ts checks the
 * table against the services' OpenAPI documents).
 */
export type Access = 'public' | 'member' | 'admin';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteRule {
  path: string;
  methods: Method[];
  service: ServiceName;
  access: Access;
  /** The body goes to the service byte for byte (it verifies a signature over the raw body, e.g. PG webhooks). */
  rawBody?: boolean;
}

const rule = (service: ServiceName, access: Access, methods: Method[], ...paths: string[]): RouteRule[] =>
  paths.map((path) => ({ path, methods, service, access }));

const GET: Method[] = ['GET'];
const POST: Method[] = ['POST'];

export const ROUTE_TABLE: RouteRule[] = [
  // Setting, menu and content
  ...rule('content', 'public', GET, '/api/setting/gnb', '/api/setting/site', '/api/getBanner', '/api/open/main-page'),
  ...rule(
    'content',
    'public',
    GET,
    '/api/project/getLeftMenu',
    '/api/project/getLeftMenuByProductId',
    '/api/projects',
    '/api/projects/*',
  ),
  ...rule(
    'content',
    'public',
    GET,
    '/api/stories',
    '/api/stories/*',
    '/api/faq',
    '/api/legal/*',
    '/api/program-intros/*',
  ),
  ...rule('content', 'public', GET, '/media/content/*'),
  // Content management: drafts, publish, order and the audit log of every kind of public content.
  ...rule('content', 'admin', ['GET', 'PUT', 'POST', 'DELETE'], '/api/admin/content/*'),

  // Account
  ...rule(
    'account',
    'public',
    POST,
    '/api/signUp',
    '/api/snsSignUp',
    '/api/signin',
    '/api/password-reset',
    '/api/findEmail',
    '/api/change/password',
  ),
  // Spec section 7: GET with the reset token in the path, PUT to change the password (POST above).
  ...rule('account', 'public', ['GET', 'PUT'], '/api/change/*'),
  ...rule('account', 'public', ['GET', 'POST'], '/api/oauth/*'),
  ...rule('account', 'public', GET, '/api/open/check/email', '/api/open/check/contact-email', '/api/open/isCheckId'),
  ...rule('account', 'public', GET, '/api/logout'),
  ...rule('account', 'member', GET, '/api/meOauth'),
  ...rule(
    'account',
    'member',
    POST,
    '/api/updateUser',
    '/api/user/detail',
    '/api/setWithdrawal/*',
    '/api/user/password',
  ),
  ...rule('account', 'member', ['GET', 'POST'], '/api/point/skill'),
  // Personal access tokens (my page's API 토큰); GET /api/tokens/usage is the gateway's own (consumers/usage.ts).
  ...rule('account', 'member', ['GET', 'POST'], '/api/tokens'),
  ...rule('account', 'member', ['DELETE'], '/api/tokens/*'),
  // Partner apps: members' consents (my page, 연결된 앱) and the operators' registry of apps.
  ...rule('account', 'member', GET, '/api/partner-consents'),
  ...rule('account', 'member', ['DELETE'], '/api/partner-consents/*'),
  ...rule('account', 'admin', ['GET', 'POST'], '/api/admin/partner-apps'),
  ...rule('account', 'admin', ['GET', 'POST', 'PUT'], '/api/admin/partner-apps/*'),
  // The authorization server of partner apps (oidc-provider in the account service): its form bodies and
  // client authentication pass untouched.
  ...rule('account', 'public', ['GET', 'POST'], '/oauth2', '/oauth2/*').map((r) => ({ ...r, rawBody: true })),

  // Career card and profile
  ...rule(
    'careercard',
    'public',
    GET,
    '/api/profile/*',
    '/api/common/getCodeGroupDetail',
    '/api/open/check/careercard',
  ),
  ...rule('careercard', 'member', GET, '/api/findByIdMyinfo'),
  ...rule(
    'careercard',
    'member',
    POST,
    '/api/insertMyinfo',
    '/api/updateMyinfo',
    '/api/fileUpload',
    '/api/profile',
    '/api/profile/cover',
    '/api/profile/intro',
  ),
  ...rule('careercard', 'public', GET, '/media/uploads/*', '/api/careercard/examples'),
  ...rule(
    'careercard',
    'member',
    POST,
    '/api/profile/skills',
    '/api/profile/skill-visibility',
    '/api/profile/project',
    '/api/profile/project/order',
  ),
  ...rule('careercard', 'member', ['PUT', 'DELETE'], '/api/profile/project/*'),

  // Programs, applications and operators
  ...rule('programs', 'public', GET, '/api/products', '/api/products/*', '/api/cohorts/*'),
  // Sprint projects whose judging results are published (/projects).
  ...rule('programs', 'public', GET, '/api/sprint-projects'),
  ...rule('programs', 'member', GET, '/api/join/history', '/api/getJoinProject'),
  ...rule('programs', 'member', POST, '/api/join/history/one'),
  // Apply wizard: dupcheck, draft, steps (PUT), book, payment confirm; the member's own cancellation.
  ...rule('programs', 'member', GET, '/api/apply/*'),
  ...rule('programs', 'member', POST, '/api/apply/*', '/api/applications/*'),
  ...rule('programs', 'member', ['PUT'], '/api/apply/*'),
  // Operators' issue: the member's team, the sprint's daily check-in (POST above) and final submission.
  ...rule('programs', 'member', GET, '/api/applications/*'),
  ...rule('programs', 'member', ['PUT'], '/api/applications/*'),
  // Webhooks out: a member's subscriptions, their test event and delivery log (public API, webhooks:manage).
  ...rule('programs', 'member', ['GET', 'POST'], '/api/webhooks'),
  ...rule('programs', 'member', ['GET', 'POST', 'DELETE'], '/api/webhooks/*'),
  // The PG's signed webhooks (Standard Webhooks): public, body forwarded untouched for the signature.
  ...rule('programs', 'public', POST, '/api/payments/webhook').map((r) => ({ ...r, rawBody: true })),
  ...rule('programs', 'admin', ['GET', 'POST', 'PUT'], '/api/admin/*'),

  // IT skill check-up and trends
  ...rule('itskill', 'public', GET, '/api/itskill/*'),
  ...rule('itskill', 'member', GET, '/api/itskill/checkup/run', '/api/itskill/my-result'),
  ...rule(
    'itskill',
    'member',
    POST,
    '/api/itskill/checkup/run',
    '/api/itskill/checkup/run/answers',
    '/api/itskill/checkup/run/submit',
  ),
  ...rule('itskill', 'member', POST, '/api/getMyinfoSkill', '/api/setSurveyAlarm'),
  ...rule('itskill', 'member', GET, '/api/getIsAlarm'),
  ...rule('itskill', 'admin', ['GET', 'POST'], '/api/admin/itskill/seasons'),
  ...rule('itskill', 'admin', POST, '/api/admin/itskill/seasons/*'),
];
