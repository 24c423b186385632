import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Span } from '@opentelemetry/api';
import { activeTracing } from './tracing';

/**
 * Request ids and W3C trace context. The gateway takes a client's `x-request-id` when it is well formed (else
 * makes one), returns it, logs it and passes it to the service with a `traceparent`; the service uses the same
 * id as its own request id, so one id finds a request's log lines in every process.
 */
export const REQUEST_ID_HEADER = 'x-request-id';
export const TRACEPARENT_HEADER = 'traceparent';

/**
 * Longest request id accepted: room for a UUID, a ULID or a load balancer's own id, not for a payload
 * smuggled into every log line.
 */
export const REQUEST_ID_MAX_LENGTH = 128;
/** Characters a request id may use: nothing that could break a log line or a header (no spaces, quotes, controls). */
const REQUEST_ID_PATTERN = new RegExp(`^[A-Za-z0-9._:@/+=-]{1,${REQUEST_ID_MAX_LENGTH}}$`);

export const wellFormedRequestId = (value: unknown): value is string =>
  typeof value === 'string' && REQUEST_ID_PATTERN.test(value);

/** Fastify's `genReqId`: the caller's well-formed `x-request-id`, else a new UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return wellFormedRequestId(given) ? given : randomUUID();
}

export interface TraceContext {
  traceId: string;
  /** The span this hop is in (the parent-id field of the traceparent it sends on). */
  spanId: string;
  flags: string;
}

/** version 00: `00-<32 hex trace-id>-<16 hex parent-id>-<2 hex flags>`; all-zero ids are invalid (W3C Trace Context). */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

export function parseTraceparent(value: unknown): TraceContext | null {
  if (typeof value !== 'string') return null;
  const match = TRACEPARENT.exec(value.trim());
  if (!match) return null;
  const [, traceId, spanId, flags] = match as unknown as [string, string, string, string];
  if (/^0+$/.test(traceId) || /^0+$/.test(spanId)) return null;
  return { traceId, spanId, flags };
}

export const formatTraceparent = (context: TraceContext): string =>
  `00-${context.traceId}-${context.spanId}-${context.flags}`;

interface RequestTrace {
  context: TraceContext;
  /** The request's OpenTelemetry span (only when tracing is on). */
  span: Span | null;
}

const traces = new WeakMap<IncomingMessage, RequestTrace | null>();

/**
 * A request's trace context, decided once per request. `hop`: this process is a hop of its own (the gateway):
 * a new span id under the caller's, or a new trace when the caller sent no valid traceparent (not sampled:
 * nothing records spans unless tracing is on). Not a hop (a service): the caller's context as is, or none.
 * With OpenTelemetry on, either way the request's own SERVER span (child of the caller's) gives the context.
 */
function traceOf(raw: IncomingMessage, hop: boolean): RequestTrace | null {
  if (traces.has(raw)) return traces.get(raw)!;
  const incoming = parseTraceparent(raw.headers[TRACEPARENT_HEADER]);
  const tracing = activeTracing();
  let trace: RequestTrace | null;
  if (tracing) {
    const span = tracing.startSpan(raw, incoming);
    const { traceId, spanId, traceFlags } = span.spanContext();
    trace = { context: { traceId, spanId, flags: traceFlags.toString(16).padStart(2, '0') }, span };
  } else if (hop) {
    trace = {
      context: {
        traceId: incoming?.traceId ?? randomBytes(16).toString('hex'),
        spanId: randomBytes(8).toString('hex'),
        flags: incoming?.flags ?? '00',
      },
      span: null,
    };
  } else {
    trace = incoming ? { context: incoming, span: null } : null;
  }
  traces.set(raw, trace);
  return trace;
}

/** The gateway's hop of a request's trace (the traceparent it sends on and returns). The same for the whole request. */
export const gatewayTraceContext = (raw: IncomingMessage): TraceContext => traceOf(raw, true)!.context;

/** A service's trace context of a request: the gateway's traceparent (or, with tracing on, its own span under it). */
export const serviceTraceContext = (raw: IncomingMessage): TraceContext | null => traceOf(raw, false)?.context ?? null;

/** Ends the request's span, if tracing is on, named by its route pattern and marked with its status. */
export function endRequestSpan(raw: IncomingMessage, route: string, status: number): void {
  const span = traces.get(raw)?.span;
  if (!span) return;
  span.updateName(`${raw.method} ${route}`);
  span.setAttribute('http.route', route);
  span.setAttribute('http.response.status_code', status);
  // SpanStatusCode.ERROR (2), a server's own failure; a 4xx is the client's (OpenTelemetry HTTP conventions).
  if (status >= 500) span.setStatus({ code: 2 });
  span.end();
}

/**
 * Fastify options that make the request id the caller's (or a new one) and put the trace id on every log line
 * of the request. `trace` reads the request's trace context (gatewayTraceContext or serviceTraceContext).
 */
export function requestIdOptions(
  trace: (raw: IncomingMessage) => TraceContext | null = serviceTraceContext,
): Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader' | 'childLoggerFactory'> {
  return {
    // genReqId reads and checks the header itself; Fastify's own requestIdHeader would take any value. The id
    // is logged as `reqId` (Fastify's default label).
    requestIdHeader: false,
    genReqId: requestIdOf,
    childLoggerFactory(logger: FastifyBaseLogger, bindings, options, raw) {
      const context = trace(raw as IncomingMessage);
      return logger.child(
        context ? { ...bindings, traceId: context.traceId, spanId: context.spanId } : bindings,
        options,
      );
    },
  };
}
