import type { IncomingMessage } from 'node:http';
import type { Span, Tracer } from '@opentelemetry/api';

/**
 * OpenTelemetry tracing, on only when OTEL_EXPORTER_OTLP_ENDPOINT is set: every request gets a SERVER span,
 * child of the caller's traceparent, exported over OTLP/HTTP (JSON) to `<endpoint>/v1/traces` (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT). When it is unset nothing of the SDK is imported (the imports below are
 * type-only; `startTracing` loads the SDK dynamically) and a request costs one null check.
 */
export interface Tracing {
  /** Starts the request's span under `parent` (the caller's context, if any). */
  startSpan(raw: IncomingMessage, parent: { traceId: string; spanId: string; flags: string } | null): Span;
  /** Sends the spans still buffered and stops (shutdown). */
  shutdown(): Promise<void>;
}

let active: Tracing | null = null;

/** The process's tracing, or null when it is off. */
export const activeTracing = (): Tracing | null => active;

/**
 * Turns tracing on for this process when OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
 * is set; call it before the app is built. `service` names the process (OTEL_SERVICE_NAME overrides it).
 */
export async function startTracing(service: string, env: NodeJS.ProcessEnv = process.env): Promise<Tracing | null> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return null;
  if (active) return active;
  const [api, sdk, otlp, resources] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]);
  const provider = new sdk.TracerProvider({
    resource: resources.resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME ?? service }),
    // Batched: a request never waits for the collector.
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter: new otlp.OTLPTraceExporter() })],
  });
  const tracer: Tracer = provider.getTracer('@sq/service-kit');
  active = {
    startSpan(raw, parent) {
      const context = parent
        ? api.trace.setSpanContext(api.ROOT_CONTEXT, {
            traceId: parent.traceId,
            spanId: parent.spanId,
            traceFlags: parseInt(parent.flags, 16),
            isRemote: true,
          })
        : api.ROOT_CONTEXT;
      // Named by method until routed; the route pattern replaces the URL when the answer goes (endRequestSpan).
      return tracer.startSpan(
        raw.method ?? 'HTTP',
        { kind: api.SpanKind.SERVER, attributes: { 'http.request.method': raw.method ?? '' } },
        context,
      );
    },
    async shutdown() {
      active = null;
      await provider.shutdown();
    },
  };
  return active;
}
