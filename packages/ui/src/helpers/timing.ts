/** Rate limiters for inputs (debounce: search boxes, resize) and scroll handlers (throttle), and shared timings. */

/** Spec section 9: a share button's tooltip ("링크가 복사되었어요") stays 2 s, in the shell's header and on a career card. */
export const SHARE_TOOLTIP_MS = 2_000;

export interface Cancellable<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

/** Runs `fn` once, `wait` ms after the last call, with the last call's arguments. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait: number): Cancellable<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, wait);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}

/**
 * Runs `fn` at most once per `wait` ms: immediately on the first call, then once more at the end of the
 * window with the latest arguments if calls arrived meanwhile (so the final position of a scroll is seen).
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, wait: number): Cancellable<A> {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const run = (args: A) => {
    last = Date.now();
    fn(...args);
  };
  const throttled = (...args: A) => {
    const elapsed = Date.now() - last;
    if (elapsed >= wait && timer === undefined) {
      run(args);
      return;
    }
    pending = args;
    if (timer === undefined) {
      timer = setTimeout(
        () => {
          timer = undefined;
          if (pending) {
            const next = pending;
            pending = undefined;
            run(next);
          }
        },
        Math.max(0, wait - elapsed),
      );
    }
  };
  throttled.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return throttled;
}
