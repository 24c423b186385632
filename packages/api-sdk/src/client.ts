import createClient, { type Client } from 'openapi-fetch';
import { PUBLIC_API_VERSION } from './generated/public-api';
import { SDK_MESSAGES, SquadApiError, errorOf } from './errors';
import { rateLimitOf, type RateLimitInfo } from './rate-limit';
import type { PublicPaths } from './responses';

export interface SquadClientOptions {
  /** The site's origin, e.g. `https://sidequest.example` (the operations' paths start with /api). */
  baseUrl: string;
  /** A personal access token (`sqp_...`) from 마이페이지 > API 토큰. */
  token: string;
  /** The public API version to ask for (`Sidequest-Version`): by default the one these types were generated from. */
  version?: string;
  /** Another fetch (a proxy agent, a test peer); the global one by default. */
  fetch?: (request: Request) => Promise<Response>;
}

/** A successful answer: its body, and what its headers say about the quota, the version and the idempotency key. */
export interface SquadAnswer<T> {
  data: T;
  status: number;
  rateLimit: RateLimitInfo;
  /** The version the gateway answered with (`Sidequest-Version`). */
  version: string | null;
  /** The gateway repeated the first answer to this Idempotency-Key (`Idempotent-Replayed: true`). */
  replayed: boolean;
  /** Set when the version is going away: the `Sunset` date and the `Deprecation` instant, as the gateway sent them. */
  deprecation: { deprecation: string | null; sunset: string | null } | null;
}

export interface SquadClient {
  /** The typed openapi-fetch client (GET/POST of the public paths), with the token and version headers set. */
  api: Client<PublicPaths>;
  /** The version every request asks for. */
  version: string;
  /**
   * Waits for a call of `api` and answers its body with the quota and version it came with, or throws a
   * SquadApiError carrying the gateway's Korean message, status, ErrorCode and Retry-After.
   */
  call<T>(pending: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<SquadAnswer<T>>;
}

/** A client of the public API for one personal access token. */
export function createSquadClient(options: SquadClientOptions): SquadClient {
  if (!options.token?.trim()) throw new TypeError(SDK_MESSAGES.tokenMissing);
  let origin: string;
  try {
    origin = new URL(options.baseUrl).origin;
  } catch {
    throw new TypeError(SDK_MESSAGES.baseUrlInvalid);
  }
  const version = options.version ?? PUBLIC_API_VERSION;
  const api = createClient<PublicPaths>({
    baseUrl: origin,
    headers: {
      authorization: `Bearer ${options.token.trim()}`,
      'sidequest-version': version,
      accept: 'application/json',
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  async function call<T>(pending: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<SquadAnswer<T>> {
    let result: { data?: T; error?: unknown; response: Response };
    try {
      result = await pending;
    } catch (cause) {
      throw new SquadApiError({
        status: 0,
        code: null,
        message: SDK_MESSAGES.unreachable,
        rateLimit: { windows: [], retryAfterSeconds: null },
        cause,
      });
    }
    const { response } = result;
    const rateLimit = rateLimitOf(response.headers);
    if (!response.ok || result.data === undefined) throw errorOf(response, result.error, rateLimit);
    const deprecation = response.headers.get('deprecation');
    const sunset = response.headers.get('sunset');
    return {
      data: result.data,
      status: response.status,
      rateLimit,
      version: response.headers.get('sidequest-version'),
      replayed: response.headers.get('idempotent-replayed') === 'true',
      deprecation: deprecation || sunset ? { deprecation, sunset } : null,
    };
  }

  return { api, version, call };
}
