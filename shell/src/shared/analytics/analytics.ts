import type { Session } from '@sq/api-client';
import { isTokenValid } from '@sq/api-client';
import { ADMIN_ROLE } from '../constants';

/** Spec section 9: the analytics user properties are set 3 s after sign-in. */
export const USER_PROPERTIES_DELAY_MS = 3_000;

/** The user properties of spec section 6: who, which role, which job group. */
export interface UserProperties {
  userId: string;
  role: string;
  jobGroup: string | null;
}

export type AnalyticsEvent =
  { type: 'userProperties'; properties: UserProperties; debugMode: boolean } | { type: 'reset' };

/** Where events go. Only a configured endpoint gets a transport; otherwise nothing leaves the page. */
export type AnalyticsTransport = (endpoint: string, event: AnalyticsEvent) => void;

/** The browser's fire-and-forget POST (survives a page change right after sign-in). */
export const beaconTransport: AnalyticsTransport = (endpoint, event) => {
  const body = JSON.stringify({ ...event, sentAt: new Date().toISOString() });
  if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    navigator.sendBeacon(endpoint, new Blob([body], { type: 'application/json' }));
  } else {
    void fetch(endpoint, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      keepalive: true,
    }).catch(() => undefined);
  }
};

export interface AnalyticsOptions {
  /** The collector URL (build-time SQ_ANALYTICS_ENDPOINT). Empty or missing: nothing is ever sent. */
  endpoint?: string | undefined;
  transport?: AnalyticsTransport;
}

/**
 * The analytics adapter: an interface the site talks to, with no vendor SDK behind it. It remembers the
 * user properties and debug mode (admins) for whatever collector is configured, and sends them there only
 * when an endpoint is configured.
 */
export function createAnalytics({ endpoint, transport = beaconTransport }: AnalyticsOptions = {}) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let properties: UserProperties | null = null;
  let debugMode = false;

  const emit = (event: AnalyticsEvent) => {
    if (endpoint) transport(endpoint, event);
  };
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  return {
    /** A sign-in happened: USER_PROPERTIES_DELAY_MS later the user properties (and debug mode for admins) are set. */
    signedIn(user: UserProperties) {
      cancel();
      timer = setTimeout(() => {
        timer = undefined;
        properties = user;
        debugMode = user.role === ADMIN_ROLE;
        emit({ type: 'userProperties', properties: user, debugMode });
      }, USER_PROPERTIES_DELAY_MS);
    },
    /** Signed out: forget the user (a pending sign-in is dropped). */
    signedOut() {
      const had = properties !== null || timer !== undefined;
      cancel();
      properties = null;
      debugMode = false;
      if (had) emit({ type: 'reset' });
    },
    get userProperties(): UserProperties | null {
      return properties;
    },
    get debugMode(): boolean {
      return debugMode;
    },
  };
}

export type Analytics = ReturnType<typeof createAnalytics>;

/** The user properties of a session, or null when nobody is (validly) signed in. */
export function userPropertiesOf(session: Session, now = Date.now()): UserProperties | null {
  if (!isTokenValid(session.token, now)) return null;
  const userId = session.claims?.sub ?? (session.user ? String(session.user.userId) : null);
  if (!userId) return null;
  return {
    userId,
    role: session.claims?.role ?? session.user?.userRole ?? 'ROLE_USER',
    jobGroup: session.user?.userJobGroup ?? null,
  };
}

/**
 * Follows the token store: a different user signing in (or a page opened signed in) starts the 3 s timer,
 * a sign-out resets; token refreshes of the same user change nothing. Returns the unsubscribe.
 */
export function followSession(
  analytics: Analytics,
  store: { getSession(): Session; subscribe(listener: (session: Session) => void): () => void },
): () => void {
  let current: string | null = null;
  const onSession = (session: Session) => {
    const user = userPropertiesOf(session);
    if (user && user.userId !== current) analytics.signedIn(user);
    else if (!user && current !== null) analytics.signedOut();
    current = user?.userId ?? null;
  };
  onSession(store.getSession());
  return store.subscribe(onSession);
}
