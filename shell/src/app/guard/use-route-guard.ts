import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { clearSession } from '@sq/api-client';
import { GUARD_NOT_READY_DELAY_MS, GUARD_READY_DELAY_MS, SNS_REDIRECT_PATH_KEY } from '../../shared/constants';
import { appReadyAtom } from '../../shared/state/ready';
import { sessionAtom } from '../../shared/state/session';
import { decide, platformAtom } from '../remotes/platform';
import type { RouteDecision } from './decide-route';

/**
 * Applies decideRoute() on every route change: clears an invalid stored user and a stale social-login
 * redirect path, performs redirects (with the under-construction alert), and runs the ready timings.
 * Returns the decision (null while the registry is still loading) for the layout to render.
 */
export function useRouteGuard(): RouteDecision | null {
  const location = useLocation();
  const navigate = useNavigate();
  const store = useStore();
  const platform = useAtomValue(platformAtom);
  const { token } = useAtomValue(sessionAtom);
  const setReady = useSetAtom(appReadyAtom);
  const path = `${location.pathname}${location.search}`;

  const decision = useMemo(
    () => (platform.status === 'loading' ? null : decide(store, path)),
    // token: signing in or out re-decides the current page.
    [store, path, platform, token],
  );

  useLayoutEffect(() => {
    if (!decision) return;
    if (decision.clearSession) clearSession();
    if (decision.clearSnsRedirect) localStorage.removeItem(SNS_REDIRECT_PATH_KEY);
    if (decision.kind === 'redirect') {
      if (decision.alert) window.alert(decision.alert);
      navigate(decision.to, { replace: true });
    }
  }, [decision, navigate]);

  // Spec section 4: not ready ~300 ms after a navigation, ready again ~1 s after it. Navigations only: the
  // page's first load shows its content as soon as it has it (its own loading states cover the wait).
  const navigated = useRef(false);
  useEffect(() => {
    if (!navigated.current) {
      navigated.current = true;
      return;
    }
    const notReady = setTimeout(() => setReady(false), GUARD_NOT_READY_DELAY_MS);
    const ready = setTimeout(() => setReady(true), GUARD_READY_DELAY_MS);
    return () => {
      clearTimeout(notReady);
      clearTimeout(ready);
      setReady(true);
    };
  }, [location.pathname, setReady]);

  return decision;
}
