import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSession,
  decodeClaims,
  getSession,
  isTokenValid,
  setSession,
  tokenStatus,
  setToken,
  subscribe,
  TOKEN_STORAGE_KEY,
  USER_STORAGE_KEY,
  type Session,
} from './token-store';
import { makeToken } from './test-server';
import type { SignedInUser } from '@sq/contracts';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);
const seconds = (ms: number) => Math.floor(ms / 1000);

beforeEach(() => {
  clearSession();
  localStorage.clear();
});

describe('token expiry', () => {
  it('is valid while exp lies in the future', () => {
    expect(isTokenValid(makeToken({ exp: seconds(NOW) + 60 }), NOW)).toBe(true);
  });
  it('is expired at or after exp', () => {
    expect(isTokenValid(makeToken({ exp: seconds(NOW) }), NOW)).toBe(false);
    expect(isTokenValid(makeToken({ exp: seconds(NOW) - 1 }), NOW)).toBe(false);
  });
  it('is not valid without exp, when malformed, or absent', () => {
    expect(isTokenValid(makeToken({ sub: '1' }), NOW)).toBe(false);
    expect(isTokenValid('not-a-jwt', NOW)).toBe(false);
    expect(isTokenValid('a.%%%.c', NOW)).toBe(false);
    expect(isTokenValid(null, NOW)).toBe(false);
  });
});

describe('token structure (the browser has no key: what the gateway issues, or not)', () => {
  const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
  const future = seconds(NOW) + 3600;
  const raw = (header: unknown, claims: unknown, signature = 'c2ln') => `${b64(header)}.${b64(claims)}.${signature}`;
  const good = { sub: '7', sid: 's-1', role: 'ROLE_USER', exp: future };

  it('tells valid, expired and absent tokens apart', () => {
    expect(tokenStatus(raw({ alg: 'ES256', typ: 'JWT' }, good), NOW)).toBe('valid');
    expect(tokenStatus(raw({ alg: 'ES256' }, { ...good, exp: seconds(NOW) }), NOW)).toBe('expired');
    expect(tokenStatus(null, NOW)).toBe('none');
    expect(tokenStatus('', NOW)).toBe('none');
  });

  it.each([
    ['not three parts', 'not-a-jwt'],
    ['four parts', `${raw({ alg: 'ES256' }, good)}.x`],
    ['an empty signature', raw({ alg: 'ES256' }, good, '')],
    ['characters outside base64url', `${b64({ alg: 'ES256' })}.${b64(good)}.c2ln+/=`],
    ['a header that is not JSON', raw('garbage', good)],
    ['another algorithm', raw({ alg: 'HS256' }, good)],
    ['no algorithm', raw({ alg: 'none' }, good)],
    ['a payload that is not JSON', raw({ alg: 'ES256' }, '{"exp":')],
    ['a payload that is an array', raw({ alg: 'ES256' }, [good])],
    ['a string exp', raw({ alg: 'ES256' }, { ...good, exp: String(future) })],
    ['no exp', raw({ alg: 'ES256' }, { sub: '7', sid: 's-1' })],
    ['no sub', raw({ alg: 'ES256' }, { sid: 's-1', exp: future })],
    ['no sid', raw({ alg: 'ES256' }, { sub: '7', exp: future })],
    ['an empty sid', raw({ alg: 'ES256' }, { ...good, sid: '' })],
  ])('a token with %s is malformed, and not valid', (_what, token) => {
    expect(tokenStatus(token, NOW)).toBe('malformed');
    expect(isTokenValid(token, NOW)).toBe(false);
  });

  it('an expired token stays "expired" even when other parts are off (the session is over either way)', () => {
    expect(tokenStatus(raw({ alg: 'HS256' }, { sub: '7', exp: seconds(NOW) - 60 }), NOW)).toBe('expired');
  });

  it('decodes the role and UTF-8 claims', () => {
    const claims = decodeClaims(makeToken({ role: 'ROLE_ADMIN', name: '김사이드', exp: 1 }));
    expect(claims).toMatchObject({ role: 'ROLE_ADMIN', name: '김사이드' });
  });
});

describe('session store', () => {
  const user = {
    userId: 7,
    userAlias: '사이드',
    profileId: 'side7',
    token: makeToken({ exp: seconds(NOW) + 3600 }),
  } as SignedInUser;

  it('stores the token and the user separately and notifies subscribers', () => {
    const seen: Session[] = [];
    const unsubscribe = subscribe((s) => seen.push(s));
    setSession(user);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(user.token);
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? '{}')).toEqual({
      userId: 7,
      userAlias: '사이드',
      profileId: 'side7',
    });
    expect(seen.at(-1)?.user?.userAlias).toBe('사이드');
    clearSession();
    expect(seen.at(-1)).toEqual({ token: null, user: null, claims: null });
    unsubscribe();
    setToken('x.y.z');
    expect(seen).toHaveLength(2);
  });

  it('returns the same snapshot until something changes', () => {
    const a = getSession();
    expect(getSession()).toBe(a);
    setToken('a.b.c');
    expect(getSession()).not.toBe(a);
  });

  it('follows changes made in another tab', () => {
    const seen: Session[] = [];
    const unsubscribe = subscribe((s) => seen.push(s));
    localStorage.setItem(TOKEN_STORAGE_KEY, 'other.tab.token');
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_STORAGE_KEY }));
    expect(seen.at(-1)?.token).toBe('other.tab.token');
    unsubscribe();
  });
});
