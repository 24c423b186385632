import type { SignedInUser, UserRole } from '@sq/contracts';

/**
 * The signed-in state lives in localStorage so every tab and every bundle sees it:
 *   sq.token  the raw JWT (sent as "Authorization: Bearer <token>")
 *   sq.user   the signed-in user's display data (SignedInUser without the token), JSON
 * It is a tiny store with subscribe() so the shell's jotai atoms can wrap it without this package
 * depending on jotai.
 */
export const TOKEN_STORAGE_KEY = 'sq.token';
export const USER_STORAGE_KEY = 'sq.user';

export type StoredUser = Omit<SignedInUser, 'token'>;

export interface TokenClaims {
  sub?: string;
  role?: UserRole;
  exp?: number;
  iat?: number;
  [claim: string]: unknown;
}

export interface Session {
  token: string | null;
  user: StoredUser | null;
  claims: TokenClaims | null;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the claims of a JWT without verifying it (only the gateway can verify); null if malformed. */
export function decodeClaims(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(parts[1]));
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/**
 * What a stored token is, as far as the browser can tell (it has no key, so no signature check):
 *  - 'none': no token;
 *  - 'malformed': not what the gateway issues (three base64url parts, a JSON header with alg ES256, a JSON
 *    payload with a numeric exp, a sub and a sid): tampered with or garbage;
 *  - 'expired': well formed enough to read, and its expiry has passed (whatever else is wrong with it, the
 *    session is over: the spec's expired-token behaviour applies);
 *  - 'valid': well formed and unexpired (the gateway still verifies the signature and the session).
 */
export type TokenStatus = 'none' | 'malformed' | 'expired' | 'valid';

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function jsonObject(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(base64UrlDecode(segment));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const nonEmptyString = (value: unknown) => typeof value === 'string' && value.length > 0;

export function tokenStatus(token: string | null | undefined, now: number = Date.now()): TokenStatus {
  if (!token) return 'none';
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return 'malformed';
  const header = jsonObject(parts[0]!);
  const claims = jsonObject(parts[1]!);
  if (!header || !claims || typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return 'malformed';
  if (claims.exp * 1000 <= now) return 'expired';
  if (header.alg !== 'ES256' || !nonEmptyString(claims.sub) || !nonEmptyString(claims.sid)) return 'malformed';
  return 'valid';
}

/** Spec section 4: a token is valid if its expiry lies in the future (and it is well formed: tokenStatus). */
export function isTokenValid(token: string | null | undefined, now: number = Date.now()): boolean {
  return tokenStatus(token, now) === 'valid';
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can throw when the browser blocks it (privacy modes); behave as signed out.
    return null;
  }
}

type Listener = (session: Session) => void;
const listeners = new Set<Listener>();
let snapshot: Session | null = null;
let snapshotRaw: [string | null, string | null] = [null, null];

function readRaw(): [string | null, string | null] {
  const s = storage();
  return [s?.getItem(TOKEN_STORAGE_KEY) ?? null, s?.getItem(USER_STORAGE_KEY) ?? null];
}

function readSession(): Session {
  const [token, rawUser] = readRaw();
  snapshotRaw = [token, rawUser];
  let user: StoredUser | null = null;
  if (rawUser) {
    try {
      user = JSON.parse(rawUser) as StoredUser;
    } catch {
      user = null;
    }
  }
  return { token, user, claims: decodeClaims(token) };
}

function emit() {
  snapshot = readSession();
  for (const listener of listeners) listener(snapshot);
}

/** The current session; the same object until it changes (safe for useSyncExternalStore). */
export function getSession(): Session {
  // Re-read when storage was changed behind the store's back (another script, devtools).
  const [token, rawUser] = readRaw();
  if (!snapshot || token !== snapshotRaw[0] || rawUser !== snapshotRaw[1]) snapshot = readSession();
  return snapshot;
}

export function getToken(): string | null {
  return getSession().token;
}

/** Replaces only the token (the gateway refreshes it on every response). */
export function setToken(token: string): void {
  if (token === getSession().token) return;
  storage()?.setItem(TOKEN_STORAGE_KEY, token);
  emit();
}

/** Stores a fresh sign-in: the token and the user's display data. */
export function setSession(user: SignedInUser): void {
  const { token, ...rest } = user;
  const s = storage();
  s?.setItem(TOKEN_STORAGE_KEY, token);
  s?.setItem(USER_STORAGE_KEY, JSON.stringify(rest));
  emit();
}

/** Forgets the signed-in user (logout, 401, or an invalid token found on a route change). */
export function clearSession(): void {
  const s = storage();
  if (!s?.getItem(TOKEN_STORAGE_KEY) && !s?.getItem(USER_STORAGE_KEY)) return;
  s.removeItem(TOKEN_STORAGE_KEY);
  s.removeItem(USER_STORAGE_KEY);
  emit();
}

/** Calls `listener` whenever the session changes, in this tab or another one. Returns the unsubscribe. */
export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TOKEN_STORAGE_KEY || event.key === USER_STORAGE_KEY) emit();
  });
}
