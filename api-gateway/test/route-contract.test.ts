import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceName } from '@sq/service-kit';
import { ROUTE_TABLE, type Method, type RouteRule } from '../src/route-table';
import { startRealStack, type RealStack } from './support/real-stack';

/**
 * The route table against the services' own OpenAPI documents: the gateway must not route a method and path
 * that no service implements, and every documented public operation must be routed to the service that
 * implements it. (route-table.test.ts checks the forwarding itself, against stand-in upstreams.)
 */
interface Operation {
  service: ServiceName;
  method: Method;
  /** The documented path with every `{param}` filled with a sample segment, as a client would call it. */
  url: string;
  documented: string;
}

let stack: RealStack;
const operations: Operation[] = [];
beforeAll(async () => {
  stack = await startRealStack({ jobWorkers: false });
  for (const [service, { app }] of Object.entries(stack.services) as [
    ServiceName,
    RealStack['services'][ServiceName],
  ][]) {
    const document = (await app.inject({ url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [documented, methods] of Object.entries(document.paths)) {
      for (const method of Object.keys(methods)) {
        operations.push({
          service,
          method: method.toUpperCase() as Method,
          url: documented.replace(/\{[^}]+\}/g, 'x'),
          documented,
        });
      }
    }
  }
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

const matches = (rule: RouteRule, url: string) =>
  rule.path.endsWith('*')
    ? url.startsWith(rule.path.slice(0, -1)) && url.length > rule.path.length - 1
    : url === rule.path;

/** The rule the gateway's router picks for a request: the exact path, else the wildcard with the longest prefix. */
function ruleFor(method: Method, url: string): RouteRule | undefined {
  const candidates = ROUTE_TABLE.filter((rule) => rule.methods.includes(method) && matches(rule, url));
  return (
    candidates.find((rule) => !rule.path.endsWith('*')) ?? candidates.sort((a, b) => b.path.length - a.path.length)[0]
  );
}

/** Spec section 7's calls, verbatim (`{x}` marks a path value): each must be implemented and routed. */
const SPEC_CALLS = [
  'GET /api/setting/gnb',
  'GET /api/project/getLeftMenu',
  'GET /api/project/getLeftMenuByProductId',
  'GET /api/getBanner',
  'GET /api/open/main-page',
  'POST /api/signUp',
  'POST /api/snsSignUp',
  'POST /api/signin',
  'POST /api/updateUser',
  'POST /api/password-reset',
  'POST /api/findEmail',
  'POST /api/user/detail',
  'GET /api/logout',
  'GET /api/meOauth',
  'GET /api/change/{x}',
  'PUT /api/change/password',
  'POST /api/change/password',
  'POST /api/setWithdrawal/{x}',
  'GET /api/findByIdMyinfo',
  'POST /api/insertMyinfo',
  'POST /api/updateMyinfo',
  'GET /api/common/getCodeGroupDetail',
  'GET /api/profile/job-group/position',
  'POST /api/fileUpload',
  'GET /api/profile/{x}',
  'POST /api/profile',
  'POST /api/profile/cover',
  'POST /api/profile/intro',
  'GET /api/join/history',
  'POST /api/join/history/one',
  'GET /api/getJoinProject',
  'POST /api/getMyinfoSkill',
  'POST /api/setSurveyAlarm',
  'GET /api/getIsAlarm',
  'POST /api/point/skill',
  'GET /api/point/skill',
  'GET /api/open/check/email',
  'GET /api/open/check/contact-email',
  'GET /api/open/isCheckId',
  'GET /api/open/check/careercard',
];

const isPublic = (url: string) => url.startsWith('/api/') || url.startsWith('/media/');
/** The partner apps' authorization server (oidc-provider): described by its own discovery document, tested in partner-apps-real.test.ts. */
const AUTHORIZATION_SERVER = new Set(['/oauth2', '/oauth2/*']);

describe('route table and service contracts', () => {
  it('every routed method and path has an operation in the service it goes to', () => {
    const served = new Set<string>();
    for (const op of operations.filter((o) => isPublic(o.url))) {
      const rule = ruleFor(op.method, op.url);
      if (rule?.service === op.service) served.add(`${op.method} ${rule.path}`);
    }
    const unserved = ROUTE_TABLE.filter((rule) => !AUTHORIZATION_SERVER.has(rule.path))
      .flatMap((rule) => rule.methods.map((method) => `${method} ${rule.path} -> ${rule.service}`))
      .filter((entry) => !served.has(entry.split(' -> ')[0]!));
    expect(operations.length).toBeGreaterThan(50);
    expect(unserved).toEqual([]);
  });

  it('every documented public operation is routed to the service that implements it', () => {
    const misrouted = operations
      .filter((op) => isPublic(op.url))
      .filter((op) => ruleFor(op.method, op.url)?.service !== op.service)
      .map(
        (op) =>
          `${op.method} ${op.documented} (${op.service}) -> ${ruleFor(op.method, op.url)?.service ?? 'not routed'}`,
      );
    expect(misrouted).toEqual([]);
  });

  it("implements and routes every call of the spec's section 7", () => {
    const missing = SPEC_CALLS.filter((call) => {
      const [method, path] = call.split(' ') as [Method, string];
      const pattern = new RegExp(`^${path.replace(/[.]/g, '\\.').replace('{x}', '\\{[^}]+\\}')}$`);
      const op = operations.find((o) => o.method === method && pattern.test(o.documented));
      return !op || ruleFor(method, op.url)?.service !== op.service;
    });
    expect(missing).toEqual([]);
  });

  it('internal operations are never routed', () => {
    const exposed = operations.filter((op) => !isPublic(op.url) && ruleFor(op.method, op.url));
    expect(exposed).toEqual([]);
  });
});
