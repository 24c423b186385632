import { listen } from '@sq/service-kit';
import { buildGateway } from './app';
import { readGatewayConfig } from './config';
import { batchedLogStream } from './log-stream';

const config = readGatewayConfig();
const app = await buildGateway(config, { logger: { level: process.env.LOG_LEVEL ?? 'info', stream: batchedLogStream() } });
await listen(app, config.port, process.env.HOST ?? '0.0.0.0');
