import type { AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import { SUCCESS, codeForStatus } from '@sq/contracts/envelope';
import { CORE_MESSAGES as MESSAGES } from '@sq/contracts/core-messages';
import { config, type ApiClientConfig } from './config';
import { ApiError, CLIENT_CODES } from './errors';
import { takeFirstResponse } from './first-responses';
import { clearSession, getToken, setToken } from './token-store';

type Axios = typeof import('axios');

/**
 * The one axios instance of the site, made on the first request: axios arrives in its own chunk then, so a
 * page that asks nothing at load (the home page, whose answers come with its HTML) never downloads it.
 */
let client: Promise<{ axios: Axios; http: AxiosInstance }> | null = null;

function http(): Promise<{ axios: Axios; http: AxiosInstance }> {
  client ??= import('axios')
    .then((axios) => {
      const instance = axios.default.create({
        headers: { Accept: 'application/json' },
        // XMLHttpRequest everywhere the site runs; the bundles leave axios's fetch transport out (mf-config).
        adapter: 'xhr',
      });
      instance.interceptors.request.use((request) => {
        const token = getToken();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
        return request;
      });
      instance.interceptors.response.use(
        (response) => {
          takeRefreshedToken(axios, response);
          const body: unknown = response.data;
          if (isEnvelope(body) && body.ErrorCode !== SUCCESS) {
            throw new ApiError(body.ErrorCode, body.message || MESSAGES.defaultError, response.status, body);
          }
          // Spec section 8: ErrorCode '00' with message 'ExpiredJwt' is a success like any other '00'.
          return response;
        },
        (error: unknown) => {
          throw toApiError(axios, error);
        },
      );
      return { axios, http: instance };
    })
    .catch((error: unknown) => {
      // A chunk that failed to arrive is asked for again by the next request, not failed for good.
      client = null;
      throw error;
    });
  return client;
}

/** Sets the API host, credentials and time-out (read on every request, so it applies to any made after). */
export function configureApiClient(options: Partial<ApiClientConfig>): void {
  Object.assign(config, options);
}

/** True when a request was cancelled by its caller (axios' CanceledError), which is not an error to show. */
export function isCancel(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { __CANCEL__?: unknown }).__CANCEL__ === true;
}

interface Envelope {
  ErrorCode: string;
  message?: string;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).ErrorCode === 'string';
}

/** The gateway sends a refreshed token on every authenticated response. */
function takeRefreshedToken({ AxiosHeaders }: Axios, response: AxiosResponse | undefined) {
  const header =
    response?.headers instanceof AxiosHeaders
      ? response.headers.get('authorization')
      : response?.headers?.authorization;
  if (typeof header === 'string' && header.trim()) setToken(header.replace(/^Bearer\s+/i, '').trim());
}

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Pages that handle their own 401/500 (the sign-in form shows the message; sign-out goes home anyway). */
const NO_REDIRECT_PREFIXES = ['/signin', '/signout'];

/** Spec section 8: HTTP 401 and 500 send the user to sign-in (unless already there). */
function sendToSignIn(status: number) {
  if (status === 401) clearSession();
  if (typeof window === 'undefined' || NO_REDIRECT_PREFIXES.some((p) => window.location.pathname.startsWith(p))) return;
  config.onSignInRequired(currentPath());
}

/** Turns whatever a request failed with into an ApiError carrying the Korean message to show. */
function toApiError(axios: Axios, error: unknown): unknown {
  const { AxiosError } = axios;
  if (error instanceof ApiError) return error;
  // An abort by the caller is not an error to show; keep axios' own CanceledError.
  if (isCancel(error)) return error;
  if (!(error instanceof AxiosError)) {
    // Thrown before anything was sent (e.g. axios merging an unserialisable body).
    return new ApiError(CLIENT_CODES.networkPreparationFailed, MESSAGES.networkPreparationFailed);
  }
  const { response } = error;
  if (response) {
    const body: unknown = response.data;
    const status = response.status;
    if (status === 401 || status === 500) sendToSignIn(status);
    else takeRefreshedToken(axios, response);
    if (isEnvelope(body)) {
      // An unknown /api path is "operation not found" whether or not the gateway wrapped it.
      if (status === 404 && body.message === MESSAGES.operationNotFound) {
        return new ApiError(CLIENT_CODES.operationNotFound, MESSAGES.operationNotFound, status, body);
      }
      return new ApiError(body.ErrorCode, body.message || MESSAGES.defaultError, status, body);
    }
    if (status === 404) return new ApiError(CLIENT_CODES.operationNotFound, MESSAGES.operationNotFound, status, body);
    return new ApiError(codeForStatus(status), MESSAGES.defaultError, status, body);
  }
  // A request that was sent and never answered (refused, dropped, timed out) vs. one that never left.
  if (error.request || error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT) {
    return new ApiError(CLIENT_CODES.cannotReachServer, MESSAGES.cannotReachServer);
  }
  return new ApiError(CLIENT_CODES.networkPreparationFailed, MESSAGES.networkPreparationFailed);
}

async function send<T>(request: AxiosRequestConfig): Promise<T> {
  let loaded: Awaited<ReturnType<typeof http>>;
  try {
    loaded = await http();
  } catch {
    // The axios chunk itself could not be fetched: nothing was sent.
    throw new ApiError(CLIENT_CODES.cannotReachServer, MESSAGES.cannotReachServer);
  }
  try {
    const { baseURL, withCredentials, timeout } = config;
    const response = await loaded.http.request<T>({ baseURL, withCredentials, timeout, ...request });
    return response.data;
  } catch (error) {
    throw toApiError(loaded.axios, error);
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

/**
 * GET /api{path}; resolves with the success body (ErrorCode '00'), rejects with ApiError. The page's first
 * GET of a path the gateway already answered in the HTML resolves with that answer (first-responses.ts).
 */
export function apiGet<T>(path: string, params?: Query, options?: AxiosRequestConfig): Promise<T> {
  const first = params ? undefined : takeFirstResponse(path);
  if (first !== undefined) return Promise.resolve(first as T);
  return send<T>({ ...options, method: 'GET', url: path, params });
}

/** POST /api{path} with a JSON body; resolves with the success body, rejects with ApiError. */
export function apiPost<T>(path: string, body?: unknown, options?: AxiosRequestConfig): Promise<T> {
  return send<T>({ ...options, method: 'POST', url: path, data: body });
}

/** PUT /api{path} with a JSON body (e.g. editing one career card project). */
export function apiPut<T>(path: string, body?: unknown, options?: AxiosRequestConfig): Promise<T> {
  return send<T>({ ...options, method: 'PUT', url: path, data: body });
}

/** DELETE /api{path}. */
export function apiDelete<T>(path: string, options?: AxiosRequestConfig): Promise<T> {
  return send<T>({ ...options, method: 'DELETE', url: path });
}

/** Uploads may take longer than a JSON call: 5 MB over a slow mobile link. */
const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * POST /api{path} with a multipart body; resolves with the success body, rejects with ApiError (its message is
 * the service's Korean text: wrong type, too large, no file). The browser writes the multipart boundary.
 */
export function apiUpload<T>(path: string, form: FormData, options?: AxiosRequestConfig): Promise<T> {
  return send<T>({
    timeout: Math.max(config.timeout, UPLOAD_TIMEOUT_MS),
    ...options,
    method: 'POST',
    url: path,
    data: form,
  });
}
