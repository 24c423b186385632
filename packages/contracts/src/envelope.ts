import { CORE_MESSAGES } from './core-messages';

/**
 * Every JSON response carries `ErrorCode` ('00' = success). On failure it also carries a Korean `message`.
 * HTTP status codes stay meaningful next to it.
 */
export const SUCCESS = '00' as const;

/** Server-side error codes (the spec names only '00'; these are ours, stable for API consumers). */
export const ERROR_CODES = {
  badRequest: '40',
  unauthorized: '41',
  forbidden: '43',
  notFound: '44',
  conflict: '49',
  unprocessable: '42',
  tooManyRequests: '29',
  internal: '50',
  unavailable: '53',
} as const;

export type ErrorCode = typeof SUCCESS | (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export type Success<T extends object> = { ErrorCode: typeof SUCCESS } & T;
export interface Failure {
  ErrorCode: Exclude<ErrorCode, typeof SUCCESS>;
  message: string;
  /** Per-field messages for form errors, keyed by field name. */
  fields?: Record<string, string>;
}

export function ok<T extends object>(body: T): Success<T> {
  return { ErrorCode: SUCCESS, ...body };
}

export function failure(
  code: Failure['ErrorCode'],
  message: string = CORE_MESSAGES.defaultError,
  fields?: Failure['fields'],
): Failure {
  return fields ? { ErrorCode: code, message, fields } : { ErrorCode: code, message };
}

const STATUS_TO_CODE: Record<number, Failure['ErrorCode']> = {
  400: ERROR_CODES.badRequest,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  422: ERROR_CODES.unprocessable,
  429: ERROR_CODES.tooManyRequests,
  503: ERROR_CODES.unavailable,
};

/** Other client errors (413 body too large, 415 content type, ...) are the client's: '40', never '50'. */
export function codeForStatus(status: number): Failure['ErrorCode'] {
  return STATUS_TO_CODE[status] ?? (status >= 400 && status < 500 ? ERROR_CODES.badRequest : ERROR_CODES.internal);
}
