import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyRequest } from 'fastify';
import type { ServiceName } from '@sq/service-kit';
import { ROUTE_TABLE } from '../route-table';
import type { ServiceClients } from '../service-calls';
import { RUM_OPENAPI_PATHS } from '../rum/openapi';
import { RELEASES_OPENAPI } from '../releases/openapi';

interface OpenApiDocument {
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown> };
}

/**
 * One OpenAPI document for gateway-level API consumers, merged from each service's own document and
 * limited to the paths the route table exposes (internal routes never appear).
 */
export async function aggregateOpenApi(
  services: Partial<ServiceClients>,
  withinMs: number,
  forRequest?: FastifyRequest,
): Promise<object> {
  const paths: Record<string, unknown> = { ...RUM_OPENAPI_PATHS };
  const exposed = ROUTE_TABLE.map((rule) => ({ ...rule, pattern: new RegExp(`^${rule.path.replace(/\*/g, '.+')}$`) }));
  await Promise.all(
    (Object.entries(services) as [ServiceName, ServiceClients[ServiceName]][]).map(async ([name, service]) => {
      // A service that does not answer (in time) is left out of the document, never the reason it fails.
      const answer = await service
        .call({ path: '/openapi.json', asVisitor: true, withinMs, forRequest })
        .catch(() => null);
      const document = (
        answer?.status === 200 && answer.json !== null && typeof answer.json === 'object' ? answer.json : {}
      ) as OpenApiDocument;
      for (const [path, operations] of Object.entries(document.paths ?? {})) {
        const gatewayPath = path.replace(/\{(\w+)\}/g, 'x');
        if (!exposed.some((rule) => rule.service === name && rule.pattern.test(gatewayPath))) continue;
        paths[path] = Object.fromEntries(
          Object.entries(operations).map(([method, operation]) => [method, { ...(operation as object), tags: [name] }]),
        );
      }
    }),
  );
  return {
    openapi: '3.0.3',
    info: {
      title: 'Side project platform API',
      version: '1.0.0',
      description: '모든 응답은 ErrorCode(성공 시 "00")를 담습니다.',
    },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        ...RELEASES_OPENAPI.securitySchemes,
      },
      schemas: RELEASES_OPENAPI.schemas,
    },
    security: [{ bearer: [] }],
    // The gateway's own operator API next to the services' paths.
    paths: Object.fromEntries(
      Object.entries({ ...paths, ...RELEASES_OPENAPI.paths }).sort(([a], [b]) => a.localeCompare(b)),
    ),
  };
}

export default fp<{ services: ServiceClients; timeoutMs: number }>(
  async (app, { services, timeoutMs }) => {
    // swagger-ui serves a document synchronously; it is rebuilt from the services on every docs request, so the
    // start does not wait for them (a slow or restarting service must not keep a gateway from starting).
    let document: object = await aggregateOpenApi({}, timeoutMs);
    // A callback hook, not an async one: every request passes here and most only need the two string tests.
    app.addHook('onRequest', (request, _reply, done) => {
      if (!request.url.startsWith('/api/docs/json') && !request.url.startsWith('/api/docs/yaml')) return done();
      aggregateOpenApi(services, timeoutMs, request).then((fresh) => {
        document = fresh;
        done();
      }, done);
    });
    await app.register(swagger, { openapi: { info: { title: 'gateway', version: '1.0.0' } }, hideUntagged: true });
    await app.register(swaggerUi, { routePrefix: '/api/docs', transformSpecification: () => document });
  },
  { name: 'docs' },
);
