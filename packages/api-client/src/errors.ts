/** Client-side codes of spec section 8 (server codes come from the response's ErrorCode). */
export const CLIENT_CODES = {
  /** The gateway has no such endpoint (404 outside the envelope). */
  operationNotFound: '20',
  /** No response: network failure or time-out. */
  cannotReachServer: '21',
  /** The request could not even be prepared (bad options, unserialisable body). */
  networkPreparationFailed: '22',
} as const;

/** Every failed API call rejects with this: a code, the Korean message to show, and the HTTP status if any. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: string,
    message: string,
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(message);
  }

  /** Per-field form messages sent by the service, if any. */
  get fields(): Record<string, string> | undefined {
    const body = this.body as { fields?: Record<string, string> } | undefined;
    return body?.fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
