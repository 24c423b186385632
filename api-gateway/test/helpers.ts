import Fastify, { type FastifyInstance } from 'fastify';
import knexFactory from 'knex';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { createSigner } from 'fast-jwt';
import { SESSION_EVENTS_CHANNEL, TOKEN_AUDIENCE, TOKEN_ISSUER, type UserRole } from '@sq/contracts';
import { DEV_INTERNAL_SECRET, generateJwtKeys, readClient, readIdentity, type ServiceName } from '@sq/service-kit';
import { createTestDatabase } from '@sq/service-kit/testing';
import { buildGateway } from '../src/app';
import { DEFAULT_INPUT_LIMITS, type GatewayConfig } from '../src/config';

export const keys = generateJwtKeys();
export const otherKeys = generateJwtKeys();

export interface Received {
  service: ServiceName;
  method: string;
  url: string;
  headers: Record<string, unknown>;
  identity: ReturnType<typeof readIdentity>;
  /** The client address the gateway signed (null when missing or not signed with the internal secret). */
  client: string | null;
}

/**
 * A stand-in upstream per service that records what reached it. The account one also answers the session
 * check like the real one (with `until`, so the gateway may cache the answer), with sessions revocable from
 * the test, and, once `logout.revokes` is set, revokes the caller's session on `/api/logout` as the real one does.
 */
export async function startUpstreams() {
  const received: Received[] = [];
  const revoked = new Set<string>();
  const roles = new Map<string, UserRole>();
  /** Session checks answered, and an optional gate the next checks wait for (a check in flight). */
  const checks = { count: 0, hold: null as Promise<void> | null };
  const logout = { revokes: false };
  const servers = {} as Record<ServiceName, FastifyInstance>;
  const urls = {} as Record<ServiceName, string>;
  for (const service of ['account', 'content', 'programs', 'careercard', 'itskill'] as ServiceName[]) {
    const server = Fastify();
    server.post('/internal/sessions/check', async (request) => {
      const { sid, exp } = request.body as { sid: string; exp: number };
      checks.count += 1;
      const active = !revoked.has(sid);
      const role = roles.get(sid) ?? (sid.startsWith('admin') ? 'ROLE_ADMIN' : 'ROLE_USER');
      await checks.hold;
      return active ? { ErrorCode: '00', active: true, role, until: exp - 60 } : { ErrorCode: '00', active: false };
    });
    server.all('/*', async (request) => {
      const identity = readIdentity(
        request.headers['x-identity'],
        request.headers['x-identity-signature'],
        DEV_INTERNAL_SECRET,
      );
      if (logout.revokes && service === 'account' && request.url.startsWith('/api/logout') && identity)
        revoked.add(identity.sid);
      received.push({
        service,
        method: request.method,
        url: request.url,
        headers: request.headers,
        identity,
        client: readClient(
          request.headers['x-identity-client'],
          request.headers['x-identity-client-signature'],
          DEV_INTERNAL_SECRET,
        ),
      });
      return { ErrorCode: '00', service, url: request.url };
    });
    urls[service] = await server.listen({ port: 0, host: '127.0.0.1' });
    servers[service] = server;
  }
  return {
    urls,
    received,
    revoked,
    roles,
    checks,
    logout,
    stop: async (service?: ServiceName) => {
      for (const [name, server] of Object.entries(servers)) if (!service || service === name) await server.close();
    },
  };
}

/** The gateway's configuration for tests: every setting given, none read from the environment. */
export function testGatewayConfig(
  services: Record<ServiceName, string>,
  databaseUrl: string,
  overrides: Partial<GatewayConfig> = {},
): GatewayConfig {
  return {
    port: 0,
    jwtPublicKey: keys.publicKey,
    internalSecret: DEV_INTERNAL_SECRET,
    services,
    shellDir: null,
    cdnDir: null,
    databaseUrl,
    rateLimit: { max: 10_000, windowMs: 60_000 },
    upstreamTimeoutMs: 2_000,
    corsOrigins: [],
    trustedProxies: [],
    contentSecurity: { assetOrigins: [], connectOrigins: [], imageOrigins: [] },
    siteName: '사이드퀘스트',
    inputLimits: DEFAULT_INPUT_LIMITS,
    ...overrides,
  };
}

export async function startGateway(services: Record<ServiceName, string>, overrides: Partial<GatewayConfig> = {}) {
  const database = await createTestDatabase('gateway');
  const config = testGatewayConfig(services, database.url, overrides);
  const app = await buildGateway(config);
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * The usual set-up of a test file: the stand-in services and a gateway in front of them, started before the
 * file's tests and stopped after them. The tests read `site.upstreams` and `site.gateway`.
 */
export function setUpGateway(overrides: Partial<GatewayConfig> = {}) {
  const site = {} as {
    upstreams: Awaited<ReturnType<typeof startUpstreams>>;
    gateway: Awaited<ReturnType<typeof startGateway>>;
  };
  beforeAll(async () => {
    site.upstreams = await startUpstreams();
    site.gateway = await startGateway(site.upstreams.urls, overrides);
  });
  afterAll(async () => {
    await site.gateway?.close();
    await site.upstreams?.stop();
  });
  return site;
}

/**
 * What the account service's triggers do on a revocation (migration 006): announce it through PostgreSQL.
 * Resolves once this gateway instance has heard it.
 */
export async function announce(
  gateway: { app: FastifyInstance; config: GatewayConfig },
  payload: string,
): Promise<void> {
  const heard = gateway.app.sessions.announcements;
  const db = knexFactory({ client: 'pg', connection: gateway.config.databaseUrl, pool: { min: 0, max: 1 } });
  try {
    await db.raw('select pg_notify(?, ?)', [SESSION_EVENTS_CHANNEL, payload]);
  } finally {
    await db.destroy();
  }
  await vi.waitFor(() => expect(gateway.app.sessions.announcements).toBeGreaterThan(heard), { timeout: 5_000 });
}

interface TokenOptions {
  role?: UserRole;
  sid?: string;
  key?: string;
  algorithm?: 'ES256' | 'HS256';
  iss?: string;
  aud?: string;
  expiresInSeconds?: number;
  sub?: string;
}

export function token(options: TokenOptions = {}): string {
  const role = options.role ?? 'ROLE_USER';
  const sign = createSigner({
    key: options.key ?? keys.privateKey,
    algorithm: options.algorithm ?? 'ES256',
    iss: options.iss ?? TOKEN_ISSUER,
    aud: options.aud ?? TOKEN_AUDIENCE,
    expiresIn: (options.expiresInSeconds ?? 1800) * 1000,
  });
  return sign({
    sub: options.sub ?? '7',
    role,
    sid: options.sid ?? (role === 'ROLE_ADMIN' ? 'admin-session' : 'member-session'),
  });
}

/** An `alg: none` token with otherwise valid claims. */
export function unsignedToken(): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: '7', role: 'ROLE_ADMIN', sid: 'admin-session', iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, iat: now, exp: now + 600 })}.`;
}
