import { createHmac, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { IDENTITY_HEADER, IDENTITY_SIGNATURE_HEADER, INTERNAL_SECRET_HEADER, type Identity } from '@sq/contracts';
import { forbidden, unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling, as verified by the gateway; null for visitors. */
    identity: Identity | null;
  }
}

export function signIdentity(identity: Identity, secret: string): { header: string; signature: string } {
  const header = Buffer.from(JSON.stringify(identity)).toString('base64url');
  return { header, signature: createHmac('sha256', secret).update(header).digest('base64url') };
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function readIdentity(header: unknown, signature: unknown, secret: string): Identity | null {
  if (typeof header !== 'string' || typeof signature !== 'string') return null;
  const expected = createHmac('sha256', secret).update(header).digest('base64url');
  if (!safeEqual(expected, signature)) return null;
  try {
    const value = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Identity;
    if (typeof value.userId !== 'number' || typeof value.sid !== 'string') return null;
    return value;
  } catch {
    return null;
  }
}

export const identityPlugin = fp<{ internalSecret: string }>(
  async (app, { internalSecret }) => {
    app.decorateRequest('identity', null);
    app.addHook('onRequest', async (request) => {
      request.identity = readIdentity(
        request.headers[IDENTITY_HEADER],
        request.headers[IDENTITY_SIGNATURE_HEADER],
        internalSecret,
      );
    });
    app.decorate('internalSecret', internalSecret);
  },
  { name: 'identity' },
);

declare module 'fastify' {
  interface FastifyInstance {
    internalSecret: string;
  }
}

/** preHandler: the route needs a signed-in member. */
export async function requireMember(request: FastifyRequest): Promise<void> {
  if (!request.identity) throw unauthorized();
}

/** preHandler: the route needs ROLE_ADMIN. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.identity) throw unauthorized();
  if (request.identity.role !== 'ROLE_ADMIN') throw forbidden();
}

/** preHandler: a service-to-service call (`/internal/*`), never reachable through the gateway. */
export async function requireInternal(this: { internalSecret: string } | undefined, request: FastifyRequest): Promise<void> {
  const secret = request.server.internalSecret;
  const sent = request.headers[INTERNAL_SECRET_HEADER];
  if (typeof sent !== 'string' || !safeEqual(sent, secret)) throw forbidden();
}
