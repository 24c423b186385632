import { ERROR_CODES, MESSAGES, codeForStatus, type Failure } from '@sq/contracts';

/**
 * An error a route throws on purpose: it becomes the envelope `{ErrorCode, message}` with the given HTTP
 * status. Anything else that escapes a route is logged and answered with the default text.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errorCode: Failure['ErrorCode'] = codeForStatus(statusCode),
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string = MESSAGES.badRequest, fields?: Record<string, string>) =>
  new ApiError(400, message, ERROR_CODES.badRequest, fields);
export const unauthorized = (message: string = MESSAGES.signInRequired) => new ApiError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new ApiError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new ApiError(404, message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new ApiError(409, message, ERROR_CODES.conflict, fields);
