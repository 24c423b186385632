import { isProduction } from '@sq/service-kit';

/**
 * The service's clock. Normally the real time. With PROGRAMS_CLOCK_CONTROL=true (the e2e site only; refused
 * in production) the internal route PUT /internal/clock moves it, so a browser test can run a sprint day's
 * check-in (closes at 22:00 Asia/Seoul) whatever the hour it runs at. The moved clock keeps ticking.
 */
export interface ControlledClock {
  now(): Date;
  /** Jumps to `at` (then ticks on); null: back to the real time. */
  set(at: Date | null): void;
}

export function clockControlEnabled(env: NodeJS.ProcessEnv): boolean {
  if (env.PROGRAMS_CLOCK_CONTROL !== 'true') return false;
  if (isProduction(env)) throw new Error('PROGRAMS_CLOCK_CONTROL must not be set in production.');
  return true;
}

export function controlledClock(): ControlledClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    set(at) {
      offsetMs = at ? at.getTime() - Date.now() : 0;
    },
  };
}
