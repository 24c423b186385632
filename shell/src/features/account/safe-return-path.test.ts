import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './safe-return-path';

describe('safeReturnPath', () => {
  it.each([
    [null, '/'],
    ['', '/'],
    ['/mypage', '/mypage'],
    ['/mypage/history?page=2', '/mypage/history?page=2'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example', '/'],
    ['/signin?to=/x', '/'],
    ['/signout', '/'],
  ])('%s -> %s', (to, expected) => {
    expect(safeReturnPath(to)).toBe(expected);
  });
});
