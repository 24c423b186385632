import { listen, readOpsConfig, startTracing } from '@sq/service-kit';
import { buildGateway } from './app';
import { readGatewayConfig } from './config';
import { batchedLogStream } from './log-stream';

const config = readGatewayConfig();
// OpenTelemetry when OTEL_EXPORTER_OTLP_ENDPOINT is set (service-kit tracing.ts), before the app is built.
await startTracing('gateway');
const app = await buildGateway(config, {
  logger: { level: process.env.LOG_LEVEL ?? 'info', stream: batchedLogStream() },
});
// The ops port (OPS_PORT, default 9180) stays on loopback unless OPS_HOST says otherwise: never the public one.
await listen(app, config.port, process.env.HOST ?? '0.0.0.0', readOpsConfig('gateway'), 'gateway');
