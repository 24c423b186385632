import fp from 'fastify-plugin';
import { Pool } from 'undici';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ERROR_CODES,
  IDENTITY_CLIENT_HEADER,
  IDENTITY_CLIENT_SIGNATURE_HEADER,
  IMAGE_UPLOAD,
  MESSAGES,
  failure,
  type Identity,
} from '@sq/contracts';
import {
  REQUEST_ID_HEADER,
  TRACEPARENT_HEADER,
  formatTraceparent,
  gatewayTraceContext,
  signClient,
  signIdentity,
  type ServiceName,
} from '@sq/service-kit';
import { ROUTE_TABLE, type RouteRule } from '../route-table';
import { TOKEN_MESSAGES } from './auth';
import { CONNECTION_RETRIES, forward as forwardTo } from './forward';

export interface ProxyOptions {
  services: Record<ServiceName, string>;
  internalSecret: string;
  upstreamTimeoutMs: number;
  /** UPSTREAM_CONNECTION_RETRIES (forward.ts); absent: CONNECTION_RETRIES. */
  connectionRetries?: number;
}

/** Headers only the gateway may set; whatever a client sends under these names is dropped. */
const RESERVED = /^(x-identity|x-internal|x-forwarded-|forwarded$)/i;

/** The largest image the services accept, plus room for the multipart framing and a few small fields. */
const MULTIPART_MAX_BYTES = IMAGE_UPLOAD.maxBytes + 64 * 1024;

/** Signed bodies (PG webhooks) are small; the service applies its own, lower limit. */
const SIGNED_BODY_MAX_BYTES = 256 * 1024;

/** A multipart body declared larger than any accepted upload; answered 413 with the upload message. */
export class UploadTooLargeError extends Error {
  readonly statusCode = 413;
  readonly code = 'SQ_UPLOAD_TOO_LARGE';
}

/** Registers every route-table entry as a proxied route to its service. */
export default fp<ProxyOptions>(
  async (app, options) => {
    // One connection pool per service (forward.ts sends the requests and brings the answers back).
    const upstreams = {} as Record<ServiceName, { pool: Pool; host: string; basePath: string }>;
    const pools = new Map<string, Pool>();
    for (const [service, address] of Object.entries(options.services) as [ServiceName, string][]) {
      const url = new URL(address);
      let pool = pools.get(url.origin);
      if (!pool) {
        pool = new Pool(url.origin, {
          connections: 128,
          pipelining: 1,
          keepAliveTimeout: 30_000,
          headersTimeout: options.upstreamTimeoutMs,
          bodyTimeout: options.upstreamTimeoutMs,
        });
        pools.set(url.origin, pool);
      }
      upstreams[service] = { pool, host: url.host, basePath: url.pathname.replace(/\/$/, '') };
    }
    app.addHook('onClose', async () => {
      await Promise.all([...pools.values()].map((pool) => pool.destroy()));
    });

    // Uploads (POST /api/fileUpload) stream through untouched, boundary and all: the service reads them and
    // enforces its own limits. A declared length far beyond any accepted image is refused without reading it.
    app.addContentTypeParser('multipart/form-data', (request, payload, done) => {
      if (Number(request.headers['content-length'] ?? 0) > MULTIPART_MAX_BYTES)
        return done(new UploadTooLargeError(), undefined);
      done(null, payload);
    });

    // A cached session hands out the same identity object on every hit (session-cache.ts): sign it once.
    const signatures = new WeakMap<Identity, { header: string; signature: string }>();
    const signed = (identity: Identity) => {
      let value = signatures.get(identity);
      if (!value) signatures.set(identity, (value = signIdentity(identity, options.internalSecret)));
      return value;
    };

    const forward = (rule: RouteRule) => async (request: FastifyRequest, reply: FastifyReply) => {
      await app.authenticate(request, reply);
      if (request.tokenProblem && rule.access !== 'public') {
        return reply.status(401).send(failure(ERROR_CODES.unauthorized, TOKEN_MESSAGES[request.tokenProblem]));
      }
      if (rule.access !== 'public' && !request.caller) {
        return reply.status(401).send(failure(ERROR_CODES.unauthorized, MESSAGES.signInRequired));
      }
      if (rule.access === 'admin' && request.caller?.role !== 'ROLE_ADMIN') {
        return reply.status(403).send(failure(ERROR_CODES.forbidden, MESSAGES.forbidden));
      }
      const caller = request.caller;
      // The client's address, signed: services never read X-Forwarded-For (anyone can write it).
      const client = signClient(request.ip, options.internalSecret);
      const extraHeaders: Record<string, string> = {
        [IDENTITY_CLIENT_HEADER]: client.header,
        [IDENTITY_CLIENT_SIGNATURE_HEADER]: client.signature,
        // The request's id (checked or made by the gateway, never a client's malformed one) and the gateway's
        // hop of its trace: the service logs both.
        [REQUEST_ID_HEADER]: request.id,
        [TRACEPARENT_HEADER]: formatTraceparent(gatewayTraceContext(request.raw)),
      };
      if (caller) {
        const { header, signature } = signed(caller);
        extraHeaders['x-identity'] = header;
        extraHeaders['x-identity-signature'] = signature;
      }
      const upstream = upstreams[rule.service];
      forwardTo(request, reply, {
        dispatcher: upstream.pool,
        host: upstream.host,
        basePath: upstream.basePath,
        timeoutMs: options.upstreamTimeoutMs,
        connectionRetries: options.connectionRetries ?? CONNECTION_RETRIES,
        reserved: RESERVED,
        extraHeaders,
        // The account service may just have ended this member's sessions (logout, password change,
        // withdrawal): forget them here before the answer leaves, so this client never sees them accepted
        // even if the announcement (session-cache.ts) is still on its way.
        onAnswer: rule.service === 'account' && caller ? () => app.sessions.forgetMember(caller.userId) : undefined,
        onFailure: (error) => {
          request.log.warn({ err: error, service: rule.service }, 'service unavailable');
          void reply.status(503).send(failure(ERROR_CODES.unavailable, MESSAGES.serviceUnavailable));
        },
      });
      return reply;
    };

    for (const rule of ROUTE_TABLE.filter((r) => !r.rawBody)) {
      app.route({ method: rule.methods, url: rule.path, handler: forward(rule) });
    }
    // Signed bodies pass byte for byte (a re-serialised JSON body would no longer match its signature).
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      // The request stream itself goes upstream (a parsed JSON body would be re-encoded).
      raw.addContentTypeParser('*', (request, payload, done) => {
        if (Number(request.headers['content-length'] ?? 0) > SIGNED_BODY_MAX_BYTES)
          return done(Object.assign(new Error('signed body too large'), { statusCode: 413 }), undefined);
        done(null, payload);
      });
      for (const rule of ROUTE_TABLE.filter((r) => r.rawBody)) {
        raw.route({ method: rule.methods, url: rule.path, handler: forward(rule) });
      }
    });
  },
  { name: 'proxy', dependencies: ['auth'] },
);
