import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import knexFactory from 'knex';
import { ERROR_CODES, MESSAGES, codeForStatus, failure, ok } from '@sq/contracts';
import {
  PeerUnreachable,
  REQUEST_ID_HEADER,
  TRACEPARENT_HEADER,
  assertSchemaAtHead,
  databaseAnswers,
  formatTraceparent,
  gatewayTraceContext,
  migrateOnStart,
  migrationsApplied,
  opsPlugin,
  readPoolConfig,
  requestIdOptions,
} from '@sq/service-kit';
import type { GatewayConfig } from './config';
import { edgeRequestId } from './edge-ids';
import { liveFile } from './live-file';
import { GATEWAY_MIGRATIONS, migrateGateway } from './migrations';
import auth from './plugins/auth';
import consumerAuth from './consumers/consumer-auth';
import idempotency from './consumers/idempotency';
import publicDocs from './consumers/public-docs';
import { DEFAULT_CONSUMERS } from './consumers/config';
import cors from './plugins/cors';
import docs from './plugins/docs';
import inputGuard, { answerFrameworkError } from './plugins/input-guard';
import proxy, { UploadTooLargeError } from './plugins/proxy';
import site from './plugins/site';
import releases from './releases/releases-plugin';
import rateLimit from './plugins/rate-limit';
import rum from './plugins/rum';
import { assignmentKey } from './rum/assignment';
import { DEFAULT_RUM } from './rum/config';
import { registryDbState } from './rum/release-state';
import { shellVersionReader } from './rum/shell-version';
import { DEFAULT_REGISTRY_CACHE_MS } from './releases/releases-config';
import securityHeaders from './plugins/security-headers';
import { DEFAULT_SERVICE_CALLS, serviceClients } from './service-calls';

/** The gateway app: external plugins, then auth, proxy routes from the route table, docs and the site. */
export async function buildGateway(
  config: GatewayConfig,
  options: { logger?: boolean | object } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // request.ip (rate limits, the signed client address) reads X-Forwarded-For only from these peers.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: 12 * 1024 * 1024,
    // A request on a connection accepted before shutdown began is served, not answered 503: the listener is
    // closed by then, so no new connection arrives, and graceful shutdown loses no accepted request.
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError,
    // Request ids and traces are minted here, the edge, unless a trusted proxy sent them (edge-ids.ts); every log
    // line carries the id and the trace id of the traceparent the gateway sends on (proxy.ts).
    ...requestIdOptions(gatewayTraceContext),
    genReqId: edgeRequestId(config.trustedProxies),
  });
  const knex = knexFactory({ client: 'pg', connection: config.databaseUrl, pool: readPoolConfig() });
  app.addHook('onClose', () => knex.destroy());
  // MIGRATE_ON_START=false: the migrate role (a Kubernetes Job) brought the schema to head; only check it.
  if (migrateOnStart()) await migrateGateway(knex, config.databaseUrl);
  else await assertSchemaAtHead(knex, 'gateway', Object.keys(GATEWAY_MIGRATIONS));
  // /readyz (the ops port): the gateway's own database (rate limits, sessions) answers, its schema at head.
  const checks = [databaseAnswers(knex), migrationsApplied(knex, 'gateway', Object.keys(GATEWAY_MIGRATIONS))];
  await app.register(opsPlugin, { knex, checks, traceContext: gatewayTraceContext });
  // Every answer, the gateway's own and the services', names the request and the trace it belongs to.
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    reply.header(TRACEPARENT_HEADER, formatTraceparent(gatewayTraceContext(request.raw)));
  });
  const serviceCalls = { ...DEFAULT_SERVICE_CALLS, ...config.serviceCalls };
  const services = serviceClients(config.services, {
    internalSecret: config.internalSecret,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    retry: serviceCalls,
  });

  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 429) return reply.status(429).send(failure(ERROR_CODES.tooManyRequests, MESSAGES.tooManyRequests));
    // A service the gateway's own code needed (the account service's session check) did not answer in time.
    if (error instanceof PeerUnreachable) {
      request.log.warn({ err: error, service: error.peer }, 'service unavailable');
      return reply.status(503).send(failure(ERROR_CODES.unavailable, MESSAGES.serviceUnavailable));
    }
    if (error instanceof UploadTooLargeError)
      return reply
        .status(413)
        .send(failure(ERROR_CODES.badRequest, MESSAGES.uploadTooLarge, { file: MESSAGES.uploadTooLarge }));
    if (status === 503 || status >= 500) {
      request.log.error({ err: error }, 'gateway error');
      return reply
        .status(status === 503 ? 503 : 500)
        .send(failure(codeForStatus(status), status === 503 ? MESSAGES.serviceUnavailable : MESSAGES.defaultError));
    }
    return reply.status(status).send(failure(codeForStatus(status), MESSAGES.badRequest));
  });

  // First, so that every answer (pages, API, errors, preflights) carries the headers.
  await app.register(securityHeaders, {
    sources: config.contentSecurity,
    readShellPage: config.shellDir ? liveFile(path.join(config.shellDir, 'index.html')) : async () => null,
  });
  await app.register(cors, { origins: config.corsOrigins });
  await app.register(inputGuard, config.inputLimits);
  await app.register(rateLimit, { knex, ...config.rateLimit });
  await app.register(auth, {
    publicKey: config.jwtPublicKey,
    account: services.account,
    sessionCheckTimeoutMs: serviceCalls.sessionCheckTimeoutMs,
    knex,
    databaseUrl: config.databaseUrl,
    sessionCache: config.sessionCache,
  });
  // API consumers (personal access tokens): judged before the route's own access rule (consumers/).
  const consumers = config.consumers ?? DEFAULT_CONSUMERS;
  await app.register(consumerAuth, {
    knex,
    databaseUrl: config.databaseUrl,
    account: services.account,
    checkTimeoutMs: serviceCalls.sessionCheckTimeoutMs,
    config: consumers,
  });
  await app.register(idempotency, { knex, config: consumers });
  await app.register(proxy, {
    services: config.services,
    internalSecret: config.internalSecret,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    connectionRetries: config.upstreamConnectionRetries,
  });
  const rumConfig = { ...DEFAULT_RUM, ...config.rum };
  await app.register(rum, {
    knex,
    config: rumConfig,
    readReleaseState: registryDbState(knex, config.releases?.registryCacheMs ?? DEFAULT_REGISTRY_CACHE_MS),
    signingKey: assignmentKey(config.internalSecret),
    shellVersion: shellVersionReader(config.shellDir),
    siteOrigins: config.corsOrigins,
  });
  await app.register(docs, { services, timeoutMs: serviceCalls.apiDocsTimeoutMs });
  await app.register(publicDocs, { services, timeoutMs: serviceCalls.apiDocsTimeoutMs });

  app.get('/health', async () => ok({ status: 'ok', service: 'gateway' }));
  app.get('/health/services', async (_request, reply) => {
    const entries = await Promise.all(
      Object.entries(config.services).map(async ([name, url]) => {
        const up = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) })
          .then((r) => r.ok)
          .catch(() => false);
        return [name, up ? 'ok' : 'down'] as const;
      }),
    );
    const allUp = entries.every(([, state]) => state === 'ok');
    return reply
      .status(allUp ? 200 : 503)
      .send({ ErrorCode: allUp ? '00' : ERROR_CODES.unavailable, services: Object.fromEntries(entries) });
  });

  await app.register(releases, {
    knex,
    siteName: config.siteName,
    config: config.releases,
    assetOrigins: config.contentSecurity?.assetOrigins ?? [],
  });
  await app.register(site, {
    shellDir: config.shellDir,
    cdnDir: config.cdnDir,
    services,
    firstContentTimeoutMs: serviceCalls.firstContentTimeoutMs,
    linkPreviewTimeoutMs: serviceCalls.linkPreviewTimeoutMs,
    siteName: config.siteName,
    firstContentCacheMs: config.firstContentCacheMs,
    firstContentRemotes: config.firstContentRemotes ?? [],
    visitorRegistry: (request, reply) => app.visitorRegistry(request, reply),
    rumAssignment: (visitor, registry) => app.rumAssignment(visitor, registry),
    rum: rumConfig,
  });
  return app;
}
