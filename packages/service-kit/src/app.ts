import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import type { Knex } from 'knex';
import { ERROR_CODES, MESSAGES, codeForStatus, failure, ok } from '@sq/contracts';
import { ApiError, badRequest } from './errors';
import { identityPlugin } from './identity';
import { internalCallContext } from './internal-client';
import { knexPlugin } from './knex';
import { databaseAnswers, migrationsApplied, opsPlugin, type ReadinessCheck } from './ops';
import { REQUEST_ID_HEADER, requestIdOptions } from './request-id';
import { ZodValidationError, findUnstorableText, isZodSchema, zodToOpenApi, zodValidatorCompiler } from './validation';

export interface ServiceAppOptions {
  /** Domain name, e.g. `content`; also the title of its OpenAPI document. */
  name: string;
  knex: Knex;
  internalSecret: string;
  /** Repositories first, then routes: the service's own plugin tree. */
  plugin: FastifyPluginAsync;
  logger?: FastifyServerOptions['logger'];
  /** The schema and migration names /readyz expects applied (buildService passes the definition's). */
  migrations?: { schema: string; names: string[] };
}

/**
 * The one shape of every domain service: external plugins, then app plugins (knex, identity), then the
 * service's own repositories and routes; one error handler and the ErrorCode envelope for every failure.
 */
export async function createServiceApp(options: ServiceAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    // A request on a connection accepted before shutdown began is served, not answered 503: the listener is
    // closed by then, so no new connection arrives, and graceful shutdown loses no accepted request.
    return503OnClosing: false,
    // No proxy is trusted: X-Forwarded-For is anyone's to write. The client's address comes only from the
    // gateway's signed x-identity-client (request.clientIp, see identity.ts).
    trustProxy: false,
    // The gateway's x-request-id becomes this request's id: the service's log lines carry the same id (and the
    // traceparent's trace id) as the gateway's.
    ...requestIdOptions(),
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true } },
    // Malformed URLs and the like fail before routing; they still get the envelope in Korean.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as { status(code: number): { send(body: unknown): unknown } })
        .status(400)
        .send(failure(ERROR_CODES.badRequest, MESSAGES.badRequest));
    },
  });
  app.setValidatorCompiler((req) => (isZodSchema(req.schema) ? zodValidatorCompiler(req as never) : acceptAsIs));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  await app.register(swagger, {
    openapi: { info: { title: `${options.name} service`, version: '1.0.0' } },
    transform: ({ schema, url }) => {
      if (!schema) return { schema, url };
      const out: Record<string, unknown> = { ...schema };
      for (const key of ['querystring', 'params', 'body', 'headers'] as const) {
        if (key in out) out[key] = zodToOpenApi(out[key]);
      }
      if (out.response && typeof out.response === 'object') {
        out.response = Object.fromEntries(
          Object.entries(out.response as Record<string, unknown>).map(([code, s]) => [code, zodToOpenApi(s)]),
        );
      }
      return { schema: out as typeof schema, url };
    },
  });
  await app.register(knexPlugin, { knex: options.knex });
  const checks: ReadinessCheck[] = [databaseAnswers(options.knex)];
  if (options.migrations)
    checks.push(migrationsApplied(options.knex, options.migrations.schema, options.migrations.names));
  await app.register(opsPlugin, { knex: options.knex, checks });
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  await app.register(identityPlugin, { internalSecret: options.internalSecret });
  await app.register(internalCallContext);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ZodValidationError || (error as { validation?: unknown }).validation) {
      const fields = error instanceof ZodValidationError ? error.fields : undefined;
      const cause = (error as { cause?: unknown }).cause;
      const zodFields = cause instanceof ZodValidationError ? cause.fields : fields;
      const first = zodFields ? Object.values(zodFields)[0] : undefined;
      return reply.status(400).send(failure(ERROR_CODES.badRequest, first ?? MESSAGES.badRequest, zodFields));
    }
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send(failure(error.errorCode, error.message, error.fields));
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type) get a Korean text too.
      const message = status === 429 ? MESSAGES.tooManyRequests : MESSAGES.badRequest;
      return reply.status(status).send(failure(codeForStatus(status), message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failure(ERROR_CODES.internal, MESSAGES.defaultError));
  });
  // Before any route's own validation: text PostgreSQL cannot store is the client's error, in one place.
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findUnstorableText(part);
      if (field !== null) throw badRequest(MESSAGES.textInvalidCharacters, { [field]: MESSAGES.textInvalidCharacters });
    }
  });
  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send(failure(ERROR_CODES.notFound, MESSAGES.operationNotFound));
  });

  app.get('/health', { schema: { hide: true } }, async () => {
    await app.knex.raw('select 1');
    return ok({ status: 'ok', service: options.name });
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(options.plugin);
  return app;
}

// Services declare zod schemas everywhere; a non-zod schema (none today) is documentation only.
const acceptAsIs = (data: unknown) => ({ value: data });
