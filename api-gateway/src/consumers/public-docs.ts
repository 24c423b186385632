import fp from 'fastify-plugin';
import type { ServiceClients } from '../service-calls';
import { buildPublicOpenApi, fetchServiceDocuments } from './public-openapi';
import { DEFAULT_PUBLIC_API_VERSION } from './versions';

/**
 * GET /api/public/openapi.json: the public API's own document (consumers' view), built from the services' documents
 * on each request like /api/docs (which stays the whole API, operators' operations included).
 */
export default fp<{ services: ServiceClients; timeoutMs: number }>(
  async (app, { services, timeoutMs }) => {
    app.get('/api/public/openapi.json', async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return buildPublicOpenApi(await fetchServiceDocuments(services, timeoutMs, request), DEFAULT_PUBLIC_API_VERSION);
    });
  },
  { name: 'public-docs' },
);
