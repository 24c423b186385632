import { listen } from '@sq/service-kit';
import { buildGateway } from './app';
import { readGatewayConfig } from './config';

const config = readGatewayConfig();
const app = await buildGateway(config, { logger: { level: process.env.LOG_LEVEL ?? 'info' } });
await listen(app, config.port, process.env.HOST ?? '0.0.0.0');
