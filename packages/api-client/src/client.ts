import axios, { AxiosError, AxiosHeaders, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { SUCCESS, codeForStatus } from '@sq/contracts/envelope';
import { CORE_MESSAGES as MESSAGES } from '@sq/contracts/core-messages';
import { config, type ApiClientConfig } from './config';
import { ApiError, CLIENT_CODES } from './errors';
import { clearSession, getToken, setToken } from './token-store';

/** The one axios instance of the site. */
export const http = axios.create({
  baseURL: config.baseURL,
  withCredentials: config.withCredentials,
  timeout: config.timeout,
  headers: { Accept: 'application/json' },
  // XMLHttpRequest everywhere the site runs; the bundles leave axios's fetch transport out (mf-config).
  adapter: 'xhr',
});

export function configureApiClient(options: Partial<ApiClientConfig>): void {
  Object.assign(config, options);
  http.defaults.baseURL = config.baseURL;
  http.defaults.withCredentials = config.withCredentials;
  http.defaults.timeout = config.timeout;
}

interface Envelope {
  ErrorCode: string;
  message?: string;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).ErrorCode === 'string';
}

http.interceptors.request.use((request) => {
  const token = getToken();
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  return request;
});

/** The gateway sends a refreshed token on every authenticated response. */
function takeRefreshedToken(response: AxiosResponse | undefined) {
  const header = response?.headers instanceof AxiosHeaders ? response.headers.get('authorization') : response?.headers?.authorization;
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

http.interceptors.response.use(
  (response) => {
    takeRefreshedToken(response);
    const body: unknown = response.data;
    if (isEnvelope(body) && body.ErrorCode !== SUCCESS) {
      throw new ApiError(body.ErrorCode, body.message || MESSAGES.defaultError, response.status, body);
    }
    // Spec section 8: ErrorCode '00' with message 'ExpiredJwt' is a success like any other '00'.
    return response;
  },
  (error: unknown) => {
    throw toApiError(error);
  },
);

/** Turns whatever a request failed with into an ApiError carrying the Korean message to show. */
function toApiError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  // An abort by the caller is not an error to show; keep axios' own CanceledError.
  if (axios.isCancel(error)) return error;
  if (!(error instanceof AxiosError)) {
    // Thrown before anything was sent (e.g. axios merging an unserialisable body).
    return new ApiError(CLIENT_CODES.networkPreparationFailed, MESSAGES.networkPreparationFailed);
  }
  const { response } = error;
  if (response) {
    const body: unknown = response.data;
    const status = response.status;
    if (status === 401 || status === 500) sendToSignIn(status);
    else takeRefreshedToken(response);
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
  try {
    const response = await http.request<T>(request);
    return response.data;
  } catch (error) {
    throw toApiError(error);
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

/** GET /api{path}; resolves with the success body (ErrorCode '00'), rejects with ApiError. */
export function apiGet<T>(path: string, params?: Query, options?: AxiosRequestConfig): Promise<T> {
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
  return send<T>({ timeout: Math.max(config.timeout, UPLOAD_TIMEOUT_MS), ...options, method: 'POST', url: path, data: form });
}
