import { useEffect, useState } from 'react';
import { isApiError, isCancel } from '@sq/api-client';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import type { AvailabilityCheck } from '../api/check-availability';

export type Availability =
  | { status: 'idle' }
  | { status: 'checking'; value: string }
  | { status: 'available'; value: string }
  | { status: 'taken'; value: string; message: string }
  | { status: 'error'; value: string; message: string };

/** Wait after the last keystroke before asking the server. */
export const AVAILABILITY_DEBOUNCE_MS = 400;

/**
 * A debounced duplicate check: once `value` is well-formed (`ready`) and has stopped changing for
 * AVAILABILITY_DEBOUNCE_MS, asks the server; a newer value aborts the older question, so an old answer never
 * marks a newer value as free. `available` means "checked and free for exactly this value".
 */
export function useAvailability(check: AvailabilityCheck, value: string, ready: boolean): Availability {
  const [state, setState] = useState<Availability>({ status: 'idle' });

  useEffect(() => {
    if (!ready || !value) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'checking', value });
    const timer = setTimeout(() => {
      check(value, controller.signal).then(
        () => !controller.signal.aborted && setState({ status: 'available', value }),
        (error: unknown) => {
          if (controller.signal.aborted || isCancel(error)) return;
          if (isApiError(error) && error.status === 409) setState({ status: 'taken', value, message: error.message });
          else
            setState({
              status: 'error',
              value,
              message: isApiError(error) ? error.message : CORE_MESSAGES.genericAlert,
            });
        },
      );
    }, AVAILABILITY_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [check, value, ready]);

  return state;
}

/** Free for exactly this value (a change since the check needs a new check). */
export function isAvailableFor(state: Availability, value: string): boolean {
  return state.status === 'available' && state.value === value;
}
