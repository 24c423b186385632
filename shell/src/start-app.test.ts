import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_CONTENT_ID } from '@sq/contracts/first-content';
import startApp from './start-app.cjs';

const SCRIPTS = ['/federation-runtime.2.9.2.js', '/main.0123abcd.js'];
const inserted = () =>
  [...document.head.querySelectorAll('script')].map((s) => ({ src: s.getAttribute('src'), async: s.async }));

/** A browser that reports paints: the observer's callback is what the test calls when "the page painted". */
function reportingPaints() {
  const observers: Array<(list: { getEntriesByName: (name: string) => unknown[] }) => void> = [];
  class Observer {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    constructor(callback: (typeof observers)[number]) {
      observers.push(callback);
    }
    observe() {}
  }
  vi.stubGlobal('PerformanceObserver', Observer);
  return {
    paint: (name: string) =>
      observers.forEach((callback) => callback({ getEntriesByName: (n) => (n === name ? [{ name }] : []) })),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="root"></div>';
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the shell page starting its scripts (start-app.cjs, inlined into index.html)', () => {
  it('uses the id the gateway writes its first content under', () => {
    expect(startApp.FIRST_CONTENT_ID).toBe(FIRST_CONTENT_ID);
  });

  it('starts a page without first content at once, the federation runtime first and in order', () => {
    reportingPaints();
    startApp(SCRIPTS, FIRST_CONTENT_ID, 300);
    expect(inserted()).toEqual([
      { src: SCRIPTS[0], async: false },
      { src: SCRIPTS[1], async: false },
    ]);
  });

  it('on a first-content page, waits for the first contentful paint, then starts once', () => {
    document.getElementById('root')!.innerHTML = `<div id="${FIRST_CONTENT_ID}"><p>서버가 그린 홈</p></div>`;
    const browser = reportingPaints();
    startApp(SCRIPTS, FIRST_CONTENT_ID, 300);
    expect(inserted()).toEqual([]);

    browser.paint('first-paint');
    vi.advanceTimersByTime(0);
    expect(inserted()).toEqual([]);

    browser.paint('first-contentful-paint');
    vi.advanceTimersByTime(0);
    expect(inserted().map((s) => s.src)).toEqual(SCRIPTS);

    // The longest wait passing later starts nothing twice.
    vi.advanceTimersByTime(startApp.FIRST_PAINT_WAIT_MAX_MS);
    expect(inserted()).toHaveLength(2);
  });

  it('starts a first-content page that never reports its paint (a hidden tab) after the longest wait', () => {
    document.getElementById('root')!.innerHTML = `<div id="${FIRST_CONTENT_ID}"></div>`;
    reportingPaints();
    startApp(SCRIPTS, FIRST_CONTENT_ID, 300);
    vi.advanceTimersByTime(299);
    expect(inserted()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(inserted().map((s) => s.src)).toEqual(SCRIPTS);
  });

  it('starts at once when the browser refuses to observe paints that way', () => {
    document.getElementById('root')!.innerHTML = `<div id="${FIRST_CONTENT_ID}"></div>`;
    class OldObserver {
      static supportedEntryTypes = ['paint'];
      observe() {
        throw new TypeError('observe() needs entryTypes');
      }
    }
    vi.stubGlobal('PerformanceObserver', OldObserver);
    startApp(SCRIPTS, FIRST_CONTENT_ID, 300);
    expect(inserted().map((s) => s.src)).toEqual(SCRIPTS);
    vi.advanceTimersByTime(300);
    expect(inserted()).toHaveLength(2);
  });

  it('starts at once in a browser that does not report paints', () => {
    document.getElementById('root')!.innerHTML = `<div id="${FIRST_CONTENT_ID}"></div>`;
    vi.stubGlobal('PerformanceObserver', undefined);
    startApp(SCRIPTS, FIRST_CONTENT_ID, 300);
    expect(inserted().map((s) => s.src)).toEqual(SCRIPTS);
  });
});
