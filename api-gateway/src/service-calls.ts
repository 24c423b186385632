import {
  DEFAULT_INTERNAL_CALL,
  createInternalClient,
  gatewayTraceContext,
  readInternalCallConfig,
  type InternalCallConfig,
  type InternalClient,
  type ServiceName,
} from '@sq/service-kit';

/**
 * The gateway's own reads from the services: the session check, a page's first content and link preview, and
 * the services' OpenAPI documents. All go through service-kit's one client, so each carries the request id and
 * trace of the request that caused it, is retried when it is a read, and is given up in time; each caller
 * then falls back as before (docs/operating.md, "Configuration": service-to-service calls). The reverse proxy (proxy.ts, forward.ts)
 * is not one of them: it streams requests through its own pools.
 */
export interface ServiceCallsConfig extends InternalCallConfig {
  /** The session check of an authenticated request, retries included (SESSION_CHECK_TIMEOUT_MS); past it, the Korean 503. */
  sessionCheckTimeoutMs: number;
  /** A page's first content (FIRST_CONTENT_TIMEOUT_MS); past it, the plain shell page goes out. */
  firstContentTimeoutMs: number;
  /** A link preview's read (LINK_PREVIEW_TIMEOUT_MS); past it, the page keeps the site's own title and description. */
  linkPreviewTimeoutMs: number;
  /** A service's OpenAPI document for /api/docs (API_DOCS_TIMEOUT_MS); past it, the docs leave that service out. */
  apiDocsTimeoutMs: number;
}

export const DEFAULT_SERVICE_CALLS: ServiceCallsConfig = {
  ...DEFAULT_INTERNAL_CALL,
  sessionCheckTimeoutMs: 5_000,
  // A slow service costs the page its head start, never the page: the plain page is as good as before.
  firstContentTimeoutMs: 300,
  linkPreviewTimeoutMs: 2_000,
  apiDocsTimeoutMs: 3_000,
};

/** INTERNAL_CALL_RETRIES and INTERNAL_CALL_BACKOFF_MS as the services read them, and the four time limits. */
export function readServiceCallsConfig(env: NodeJS.ProcessEnv): ServiceCallsConfig {
  const limit = (name: string, fallback: number) => {
    const value = env[name] === undefined ? fallback : Number(env[name]);
    if (!Number.isInteger(value) || value <= 0)
      throw new Error(`${name} must be a positive whole number of milliseconds (got ${env[name]}).`);
    return value;
  };
  return {
    ...readInternalCallConfig(env),
    sessionCheckTimeoutMs: limit('SESSION_CHECK_TIMEOUT_MS', DEFAULT_SERVICE_CALLS.sessionCheckTimeoutMs),
    firstContentTimeoutMs: limit('FIRST_CONTENT_TIMEOUT_MS', DEFAULT_SERVICE_CALLS.firstContentTimeoutMs),
    linkPreviewTimeoutMs: limit('LINK_PREVIEW_TIMEOUT_MS', DEFAULT_SERVICE_CALLS.linkPreviewTimeoutMs),
    apiDocsTimeoutMs: limit('API_DOCS_TIMEOUT_MS', DEFAULT_SERVICE_CALLS.apiDocsTimeoutMs),
  };
}

export type ServiceClients = Record<ServiceName, InternalClient>;

/**
 * One client per service. Every call names the request it is made for (`forRequest`: the gateway keeps no
 * call context, see service-kit's internalCallContext) and its time in all (`withinMs`, one of the limits
 * above); no attempt waits longer than the proxy waits for a service either. The trace context sent on is the
 * gateway's hop, the one the proxy sends.
 */
export function serviceClients(
  services: Record<ServiceName, string>,
  options: { internalSecret: string; upstreamTimeoutMs: number; retry: InternalCallConfig },
): ServiceClients {
  return Object.fromEntries(
    (Object.entries(services) as [ServiceName, string][]).map(([name, baseUrl]) => [
      name,
      createInternalClient({
        peer: name,
        baseUrl,
        internalSecret: options.internalSecret,
        timeoutMs: options.upstreamTimeoutMs,
        retry: options.retry,
        traceContext: gatewayTraceContext,
      }),
    ]),
  ) as ServiceClients;
}
