import type { RateLimitInfo } from './rate-limit';

/** The client's own Korean messages, for failures the gateway could not word (it words all the others). */
export const SDK_MESSAGES = {
  tokenMissing: 'API 토큰이 없어요. 마이페이지 > API 토큰에서 만든 토큰(sqp_...)을 넘겨 주세요.',
  baseUrlInvalid: '사이트 주소가 올바르지 않아요. 예: https://sidequest.example',
  unreachable: 'API 서버에 연결하지 못했어요. 주소와 네트워크를 확인해 주세요.',
  unreadable: 'API 서버의 응답을 읽지 못했어요. 잠시 후 다시 시도해 주세요.',
} as const;

/**
 * A refused or failed public API call: the HTTP status, the gateway's or service's `ErrorCode` and Korean
 * `message` (e.g. 401 유효하지 않거나 만료된 API 토큰입니다., 403 naming the missing scope, 429 with Retry-After),
 * per-field messages for form errors, and the quota headers the answer carried.
 */
export class SquadApiError extends Error {
  override readonly name = 'SquadApiError';
  /** 0 when no answer came (the server could not be reached). */
  readonly status: number;
  /** The answer's `ErrorCode` (e.g. '41', '43', '29'); null when the answer carried none. */
  readonly code: string | null;
  readonly fields: Record<string, string> | undefined;
  readonly rateLimit: RateLimitInfo;

  constructor(init: {
    status: number;
    code: string | null;
    message: string;
    fields?: Record<string, string>;
    rateLimit: RateLimitInfo;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
    this.rateLimit = init.rateLimit;
  }

  /** Seconds to wait before sending again (429), else null. */
  get retryAfterSeconds(): number | null {
    return this.rateLimit.retryAfterSeconds;
  }

  /** The token is unknown, expired or revoked (401). */
  get unauthorized(): boolean {
    return this.status === 401;
  }

  /** The token may not do this: an operation outside the public API, or a missing scope (403). */
  get forbidden(): boolean {
    return this.status === 403;
  }

  /** Over the token's quota (429): retry after `retryAfterSeconds`. */
  get overQuota(): boolean {
    return this.status === 429;
  }
}

interface FailureBody {
  ErrorCode?: unknown;
  message?: unknown;
  fields?: unknown;
}

/** The error of an answer that is not a success, from its JSON body (the envelope every answer carries). */
export function errorOf(response: Response, body: unknown, rateLimit: RateLimitInfo): SquadApiError {
  const envelope = (typeof body === 'object' && body !== null ? body : {}) as FailureBody;
  const fields =
    typeof envelope.fields === 'object' && envelope.fields !== null
      ? (envelope.fields as Record<string, string>)
      : undefined;
  return new SquadApiError({
    status: response.status,
    code: typeof envelope.ErrorCode === 'string' ? envelope.ErrorCode : null,
    message:
      typeof envelope.message === 'string' && envelope.message
        ? envelope.message
        : `${SDK_MESSAGES.unreadable} (HTTP ${response.status})`,
    ...(fields ? { fields } : {}),
    rateLimit,
  });
}
