/**
 * Run-time configuration. The shell calls configureApiClient() once at boot; remotes share this package
 * as a singleton, so they get the same settings. In production the API is a separate host and
 * credentials (cookies) are sent; in development everything is same-origin under /api.
 */
export interface ApiClientConfig {
  /** Where the `/api` paths live, e.g. "/api" or "https://api.example.kr/api". */
  baseURL: string;
  withCredentials: boolean;
  /** Milliseconds before a request counts as unreachable (code 21). */
  timeout: number;
  /** Called on HTTP 401 and 500 with the path to return to after signing in. */
  onSignInRequired: (returnTo: string) => void;
}

/** "/signin?to=/mypage" — the `to` value keeps its slashes readable and escapes the rest. */
export function signInUrl(returnTo: string): string {
  return `/signin?to=${encodeURIComponent(returnTo).replace(/%2F/gi, '/')}`;
}

export const config: ApiClientConfig = {
  baseURL: '/api',
  withCredentials: false,
  timeout: 30_000,
  onSignInRequired: (returnTo) => {
    window.location.assign(signInUrl(returnTo));
  },
};

/** Where the `/api` paths live now (e.g. for a full-page redirect to an API URL). */
export function apiBaseUrl(): string {
  return config.baseURL;
}
