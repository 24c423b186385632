import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import fp from 'fastify-plugin';
import { request as send } from 'undici';
import type { FastifyRequest } from 'fastify';
import {
  IDENTITY_CLIENT_HEADER,
  IDENTITY_CLIENT_SIGNATURE_HEADER,
  IDENTITY_HEADER,
  IDENTITY_SIGNATURE_HEADER,
  INTERNAL_SECRET_HEADER,
} from '@sq/contracts';
import { signClient, signIdentity } from './identity';
import {
  REQUEST_ID_HEADER,
  TRACEPARENT_HEADER,
  formatTraceparent,
  serviceTraceContext,
  type TraceContext,
} from './request-id';

/**
 * The one way a service (or the gateway) calls another service directly (`/internal/*`, never through the
 * gateway): the internal secret, a time-out on every attempt, retries with backoff for calls that are safe to
 * repeat, and the current request's id, trace context and signed identity, so the callee's log lines and
 * access checks are those of the member's request that caused the call. Sent with undici's `request` on its
 * keep-alive pool: the gateway's session check runs on every authenticated request, and `fetch` costs several
 * times as much per call (docs/operating.md, "Configuration": service-to-service calls).
 */

/** Retry settings every service reads once at start (see README: INTERNAL_CALL_RETRIES, INTERNAL_CALL_BACKOFF_MS). */
export interface InternalCallConfig {
  /** Further attempts after the first, for idempotent calls only. */
  retries: number;
  /** The first retry waits about this long; each next one twice as long (with jitter). */
  backoffMs: number;
}

export const DEFAULT_INTERNAL_CALL: InternalCallConfig = { retries: 2, backoffMs: 100 };

export function readInternalCallConfig(env: NodeJS.ProcessEnv): InternalCallConfig {
  return {
    retries: wholeNumber('INTERNAL_CALL_RETRIES', env.INTERNAL_CALL_RETRIES, DEFAULT_INTERNAL_CALL.retries),
    backoffMs: wholeNumber('INTERNAL_CALL_BACKOFF_MS', env.INTERNAL_CALL_BACKOFF_MS, DEFAULT_INTERNAL_CALL.backoffMs),
  };
}

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  const parsed = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number (got ${value}).`);
  return parsed;
}

export type InternalMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Methods HTTP defines as idempotent: repeating one has the effect of sending it once. */
const IDEMPOTENT_METHODS: ReadonlySet<InternalMethod> = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);

/** A gateway or proxy in between gave up, or the peer said it is briefly unavailable: worth another try. */
const RETRY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

export interface InternalCall {
  method?: InternalMethod;
  /** Path and query under the peer's base URL, e.g. `/internal/users/7/skill-level?joinId=3`. */
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** A POST or PATCH the peer makes safe to repeat (an idempotency key): retried like a GET. */
  idempotent?: boolean;
  /**
   * A public API path read as any visitor reads it (the gateway's page-time reads): neither the internal
   * secret nor the request's identity or client address go with it, since its answer may be shared by every
   * visitor. The request id and trace context still do.
   */
  asVisitor?: boolean;
  /**
   * The request the call is made for, when the caller has it at hand (the gateway, which keeps no call context:
   * see internalCallContext); else the one the call context remembers, if any.
   */
  forRequest?: FastifyRequest;
  /**
   * The whole call, every attempt and the waits between them, is given up after this long (a page is waiting
   * on it); each attempt is still bounded by the client's `timeoutMs`. A retry that could not start in time is
   * not made: the last answer (or PeerUnreachable) stands.
   */
  withinMs?: number;
}

export interface InternalAnswer {
  status: number;
  /** The parsed JSON body; null when there is none or it is not JSON. */
  json: unknown;
}

/** The peer could not be reached or did not answer in time (after any retries): the call's outcome is unknown. */
export class PeerUnreachable extends Error {
  constructor(
    readonly peer: string,
    readonly path: string,
    options: { cause: unknown },
  ) {
    super(`${peer} unreachable (${path})`, options);
    this.name = 'PeerUnreachable';
  }
}

export interface InternalClientOptions {
  /** The peer's name, in errors and logs. */
  peer: string;
  baseUrl: string;
  internalSecret: string;
  /** Bound on each attempt, the body included. */
  timeoutMs: number;
  /** Default DEFAULT_INTERNAL_CALL; services pass their config's `internalCalls`. */
  retry?: InternalCallConfig;
  /** How this process reads a request's trace context: a service's own (the default), or the gateway's hop (gatewayTraceContext). */
  traceContext?: (raw: IncomingMessage) => TraceContext | null;
}

export interface InternalClient {
  /** Resolves with any answer the peer gave (the caller decides what a status means); throws PeerUnreachable. */
  call(request: InternalCall): Promise<InternalAnswer>;
}

const currentRequest = new AsyncLocalStorage<FastifyRequest>();

/**
 * Remembers which request the code runs for, so a client called from a route (or from anything the route
 * awaits) forwards that request's id, trace and identity without every call passing it along. The gateway
 * does not register it: on Node 20 an AsyncLocalStorage in use costs every promise of every request (there
 * about 0.02 ms of a 0.37 ms authenticated request, measured); its calls name their request (`forRequest`).
 */
export const internalCallContext = fp(
  async (app) => {
    app.addHook('onRequest', (request, _reply, done) => currentRequest.run(request, done));
  },
  { name: 'internal-call-context' },
);

/** Headers that carry the request (if the code runs for one) on to the peer. */
function forwardedHeaders(
  request: FastifyRequest | undefined,
  options: InternalClientOptions,
  asVisitor: boolean,
): Record<string, string> {
  if (!request) return {};
  const { internalSecret } = options;
  const headers: Record<string, string> = { [REQUEST_ID_HEADER]: request.id };
  const trace = (options.traceContext ?? serviceTraceContext)(request.raw);
  if (trace) headers[TRACEPARENT_HEADER] = formatTraceparent(trace);
  if (asVisitor) return headers;
  if (request.identity) {
    const { header, signature } = signIdentity(request.identity, internalSecret);
    headers[IDENTITY_HEADER] = header;
    headers[IDENTITY_SIGNATURE_HEADER] = signature;
  }
  if (request.clientIp) {
    const { header, signature } = signClient(request.clientIp, internalSecret);
    headers[IDENTITY_CLIENT_HEADER] = header;
    headers[IDENTITY_CLIENT_SIGNATURE_HEADER] = signature;
  }
  return headers;
}

export function createInternalClient(options: InternalClientOptions): InternalClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const retry = options.retry ?? DEFAULT_INTERNAL_CALL;

  async function attempt(call: InternalCall, method: InternalMethod, timeoutMs: number): Promise<InternalAnswer> {
    // The whole exchange, connecting and the body included (undici's own time-outs leave connecting out). A
    // timer cleared as soon as the answer is read: AbortSignal.timeout's lives on for its full time, and
    // thousands of them alive slowed every request of the gateway's session-check loop (about 0.03 ms of 0.37).
    const controller = new AbortController();
    const ms = Math.max(1, Math.ceil(timeoutMs));
    const timer = setTimeout(() => controller.abort(new DOMException(`no answer within ${ms} ms`, 'TimeoutError')), ms);
    let text: string;
    let status: number;
    try {
      const response = await send(`${baseUrl}${call.path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...forwardedHeaders(call.forRequest ?? currentRequest.getStore(), options, call.asVisitor === true),
          ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...call.headers,
          ...(call.asVisitor ? {} : { [INTERNAL_SECRET_HEADER]: options.internalSecret }),
        },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: controller.signal,
      });
      status = response.statusCode;
      text = await response.body.text();
    } finally {
      clearTimeout(timer);
    }
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a proxy's error page): the status still tells the caller what happened.
    }
    return { status, json };
  }

  return {
    async call(call) {
      const method = call.method ?? 'GET';
      const retries = call.idempotent || IDEMPOTENT_METHODS.has(method) ? retry.retries : 0;
      const ends = call.withinMs === undefined ? Infinity : performance.now() + call.withinMs;
      for (let tried = 0; ; tried += 1) {
        // Jitter: instances that failed together do not all come back at the same moment.
        const pause = retry.backoffMs * 2 ** tried * (0.5 + Math.random() / 2);
        const tryAgain = () => tried < retries && performance.now() + pause < ends;
        try {
          const answer = await attempt(call, method, Math.min(options.timeoutMs, ends - performance.now()));
          if (!RETRY_STATUSES.has(answer.status) || !tryAgain()) return answer;
        } catch (error) {
          if (!tryAgain()) throw new PeerUnreachable(options.peer, call.path, { cause: error });
        }
        await sleep(pause);
      }
    },
  };
}
