import { isApiError } from '@sq/api-client';
import { CORE_MESSAGES as MESSAGES } from '@sq/contracts/core-messages';

/** The Korean message of a failed call and its per-field messages (the envelope's `fields`). */
export function failure(error: unknown): { message: string; fields: Record<string, string> } {
  if (isApiError(error)) return { message: error.message || MESSAGES.genericAlert, fields: error.fields ?? {} };
  return { message: MESSAGES.genericAlert, fields: {} };
}
