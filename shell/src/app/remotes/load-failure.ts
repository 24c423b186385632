/**
 * What loadRemote resolves to when a remote cannot be loaded (the MF runtime plugin turns the failure into
 * this marker instead of a rejection). Kept free of any shared module: runtime plugins run before the
 * share scope exists.
 */
export const LOAD_FAILURE = '__sqRemoteLoadFailure';

export interface RemoteLoadFailure {
  [LOAD_FAILURE]: true;
  id: string;
  error: unknown;
}

export function isRemoteLoadFailure(value: unknown): value is RemoteLoadFailure {
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>)[LOAD_FAILURE] === true;
}
