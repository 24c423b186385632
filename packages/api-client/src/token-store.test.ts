import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSession,
  decodeClaims,
  getSession,
  isTokenValid,
  setSession,
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
  it('decodes the role and UTF-8 claims', () => {
    const claims = decodeClaims(makeToken({ role: 'ROLE_ADMIN', name: '김사이드', exp: 1 }));
    expect(claims).toMatchObject({ role: 'ROLE_ADMIN', name: '김사이드' });
  });
});

describe('session store', () => {
  const user = { userId: 7, userAlias: '사이드', profileId: 'side7', token: makeToken({ exp: seconds(NOW) + 3600 }) } as SignedInUser;

  it('stores the token and the user separately and notifies subscribers', () => {
    const seen: Session[] = [];
    const unsubscribe = subscribe((s) => seen.push(s));
    setSession(user);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(user.token);
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? '{}')).toEqual({ userId: 7, userAlias: '사이드', profileId: 'side7' });
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
