import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@sq/api-client';
import type { UserRole } from '@sq/contracts';
import { createAnalytics, followSession, USER_PROPERTIES_DELAY_MS } from './analytics';

/** A token shaped like the gateway's (ES256, sub, sid) with the given claims; the browser never verifies it. */
function token(claims: Record<string, unknown>): string {
  const b64 = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'ES256' })}.${b64(claims)}.sig`;
}

function session(sub: string | null, role: UserRole = 'ROLE_USER', jobGroup: string | null = 'JG_DEV'): Session {
  if (!sub) return { token: null, user: null, claims: null };
  const claims = { sub, sid: `session-${sub}`, role, exp: Math.floor(Date.now() / 1000) + 600 };
  return {
    token: token(claims),
    claims,
    user: { userId: Number(sub), userJobGroup: jobGroup, userRole: role } as Session['user'],
  };
}

function fakeStore(initial: Session) {
  let current = initial;
  const listeners = new Set<(s: Session) => void>();
  return {
    getSession: () => current,
    subscribe: (l: (s: Session) => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    set(next: Session) {
      current = next;
      for (const l of listeners) l(next);
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('analytics adapter', () => {
  it('sets the user properties exactly 3 s after sign-in, not before', () => {
    const transport = vi.fn();
    const analytics = createAnalytics({ endpoint: 'https://collector.example/e', transport });
    const store = fakeStore(session(null));
    followSession(analytics, store);

    store.set(session('7', 'ROLE_USER', 'JG_PLAN'));
    vi.advanceTimersByTime(USER_PROPERTIES_DELAY_MS - 1);
    expect(analytics.userProperties).toBeNull();
    expect(transport).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    expect(USER_PROPERTIES_DELAY_MS).toBe(3_000);
    expect(analytics.userProperties).toEqual({ userId: '7', role: 'ROLE_USER', jobGroup: 'JG_PLAN' });
    expect(analytics.debugMode).toBe(false);
    expect(transport).toHaveBeenCalledTimes(1);
    expect(transport).toHaveBeenCalledWith('https://collector.example/e', {
      type: 'userProperties',
      properties: { userId: '7', role: 'ROLE_USER', jobGroup: 'JG_PLAN' },
      debugMode: false,
    });
  });

  it('turns debug mode on for admins', () => {
    const analytics = createAnalytics({ endpoint: 'https://collector.example/e', transport: vi.fn() });
    analytics.signedIn({ userId: '1', role: 'ROLE_ADMIN', jobGroup: null });
    vi.advanceTimersByTime(3_000);
    expect(analytics.debugMode).toBe(true);
    expect(analytics.userProperties?.role).toBe('ROLE_ADMIN');
  });

  it('sends nothing anywhere when no endpoint is configured', () => {
    const transport = vi.fn();
    const beacon = vi.fn();
    const fetchSpy = vi.fn();
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    vi.stubGlobal('fetch', fetchSpy);
    for (const analytics of [
      createAnalytics({ endpoint: '', transport }),
      createAnalytics({ endpoint: undefined }),
      createAnalytics(),
    ]) {
      const store = fakeStore(session(null));
      followSession(analytics, store);
      store.set(session('7', 'ROLE_ADMIN'));
      vi.advanceTimersByTime(10_000);
      store.set(session(null));
      // The adapter still knows the properties; nothing left the page.
    }
    expect(transport).not.toHaveBeenCalled();
    expect(beacon).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('ignores token refreshes of the same user and drops a pending sign-in on sign-out', () => {
    const transport = vi.fn();
    const analytics = createAnalytics({ endpoint: 'https://collector.example/e', transport });
    const store = fakeStore(session(null));
    followSession(analytics, store);
    store.set(session('7'));
    vi.advanceTimersByTime(2_000);
    store.set(session('7')); // refreshed token, same user: the timer keeps running
    vi.advanceTimersByTime(1_000);
    expect(transport).toHaveBeenCalledTimes(1);

    store.set(session(null));
    expect(transport).toHaveBeenLastCalledWith('https://collector.example/e', { type: 'reset' });
    store.set(session('8'));
    vi.advanceTimersByTime(1_000);
    store.set(session(null));
    vi.advanceTimersByTime(5_000);
    expect(analytics.userProperties).toBeNull();
    expect(transport.mock.calls.filter(([, e]) => e.type === 'userProperties')).toHaveLength(1);
  });

  it('identifies a page opened already signed in, 3 s after start', () => {
    const analytics = createAnalytics({ endpoint: 'https://collector.example/e', transport: vi.fn() });
    followSession(analytics, fakeStore(session('9')));
    vi.advanceTimersByTime(2_999);
    expect(analytics.userProperties).toBeNull();
    vi.advanceTimersByTime(1);
    expect(analytics.userProperties?.userId).toBe('9');
  });
});
