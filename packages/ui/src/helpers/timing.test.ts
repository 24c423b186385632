import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, throttle } from './timing';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('debounce', () => {
  it('calls once after the quiet period with the last arguments', () => {
    const calls: string[] = [];
    const d = debounce((v: string) => calls.push(v), 200);
    d('a');
    vi.advanceTimersByTime(100);
    d('b');
    vi.advanceTimersByTime(199);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['b']);
  });
  it('can be cancelled', () => {
    const calls: number[] = [];
    const d = debounce((v: number) => calls.push(v), 50);
    d(1);
    d.cancel();
    vi.advanceTimersByTime(100);
    expect(calls).toEqual([]);
  });
});

describe('throttle', () => {
  it('runs immediately, then at most once per window with the latest arguments', () => {
    const calls: number[] = [];
    const t = throttle((v: number) => calls.push(v), 100);
    t(1);
    t(2);
    t(3);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(100);
    expect(calls).toEqual([1, 3]);
    vi.advanceTimersByTime(100);
    expect(calls).toEqual([1, 3]);
    t(4);
    expect(calls).toEqual([1, 3, 4]);
  });
  it('drops the trailing call when cancelled', () => {
    const calls: number[] = [];
    const t = throttle((v: number) => calls.push(v), 100);
    t(1);
    t(2);
    t.cancel();
    vi.advanceTimersByTime(200);
    expect(calls).toEqual([1]);
  });
});
