import { signInUrl, decodeClaims, tokenStatus } from '@sq/api-client';
import { CORE_MESSAGES as MESSAGES } from '@sq/contracts/core-messages';
import { ADMIN_PATH_MARKER, ADMIN_ROLE, SNS_FLOW_PREFIXES } from '../../shared/constants';
import type { RouteRecord, RouteTable } from '../registry/route-table';

export interface GuardContext {
  /** The stored token (null when signed out). */
  token: string | null;
  /** Epoch milliseconds. */
  now: number;
  /** The under-construction list is ignored in development (spec section 4). */
  isDev: boolean;
  underConstruction: readonly string[];
  routeTable: RouteTable;
}

/** Side effects every navigation carries, whatever the outcome. */
interface Cleanup {
  /** The stored token is present but invalid: forget the signed-in user. */
  clearSession: boolean;
  /** Left the sign-up/oauth flow: forget the social-login redirect path. */
  clearSnsRedirect: boolean;
}

export type RouteDecision =
  | (Cleanup & { kind: 'allow'; route: RouteRecord; params: Record<string, string | undefined> })
  | (Cleanup & { kind: 'notFound' })
  | (Cleanup & {
      kind: 'redirect';
      to: string;
      reason: 'wrongToken' | 'underConstruction' | 'signInRequired' | 'adminOnly';
      alert?: string;
    });

/**
 * The route guard of spec sections 2 and 4 as a pure function of the target path and the context:
 *  0. a stored token that is malformed (not what the gateway issues: see tokenStatus) -> the stored user is
 *     cleared, alert 잘못된 접근입니다. 메인페이지로 이동합니다., then '/'. An expired token is not this case: it
 *     only counts as signed out (and is cleared), as below;
 *  1. a path containing an under-construction fragment -> alert, then '/' (not in development);
 *  2. a path containing 'admin' -> needs a valid token (else sign-in) with role ROLE_ADMIN (else '/');
 *  3. a path no manifest knows -> the public error page;
 *  4. a non-public route -> needs a valid (unexpired) token, else /signin?to={path};
 *     an 'admin' route always needs ROLE_ADMIN.
 * `path` is the pathname with its query; the query is kept in the sign-in return path.
 */
export function decideRoute(path: string, ctx: GuardContext): RouteDecision {
  const queryAt = path.indexOf('?');
  const pathname = queryAt === -1 ? path : path.slice(0, queryAt);
  const status = tokenStatus(ctx.token, ctx.now);
  const valid = status === 'valid';
  const role = valid ? decodeClaims(ctx.token)?.role : undefined;
  const cleanup: Cleanup = {
    clearSession: status === 'malformed' || status === 'expired',
    clearSnsRedirect: !SNS_FLOW_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`)),
  };

  if (status === 'malformed') {
    return { ...cleanup, kind: 'redirect', to: '/', reason: 'wrongToken', alert: MESSAGES.wrongTokenOnRouting };
  }

  if (
    !ctx.isDev &&
    pathname !== '/' &&
    ctx.underConstruction.some((fragment) => fragment && pathname.includes(fragment))
  ) {
    return { ...cleanup, kind: 'redirect', to: '/', reason: 'underConstruction', alert: MESSAGES.underConstruction };
  }

  const signIn = () => ({
    ...cleanup,
    kind: 'redirect' as const,
    to: signInUrl(path),
    reason: 'signInRequired' as const,
  });
  const home = () => ({ ...cleanup, kind: 'redirect' as const, to: '/', reason: 'adminOnly' as const });

  if (pathname.includes(ADMIN_PATH_MARKER)) {
    if (!valid) return signIn();
    if (role !== ADMIN_ROLE) return home();
  }

  const match = ctx.routeTable.match(pathname);
  if (!match) return { ...cleanup, kind: 'notFound' };

  const { access } = match.route;
  if (access !== 'public' && !valid) return signIn();
  if (access === 'admin' && role !== ADMIN_ROLE) return home();
  return { ...cleanup, kind: 'allow', route: match.route, params: match.params };
}
