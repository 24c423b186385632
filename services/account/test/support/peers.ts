import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { build, type TestService } from '@sq/service-kit/testing';
import { startMailSink, type MailSink } from '@sq/stack/peers/mail-sink';
import { startOAuthProvider, type LocalOAuthProvider } from '@sq/stack/peers/oauth-provider';
import { careercardService } from '../../../careercard/src/service';
import { programsService } from '../../../programs/src/service';
import { accountService } from '../../src/service';
import { oauthStateAdapterFactory } from '../../src/repositories/oauth-state-adapter';

/** The real careercard service on a loopback port: the account service's peer in the sign-up saga. */
export async function startCareercard(): Promise<{ service: TestService; url: string; close(): Promise<void> }> {
  // Its uploads go to a scratch folder, not the stack's .data/uploads.
  process.env.UPLOAD_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'sq-account-uploads-'));
  const service = await build(careercardService);
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
  return { service, url, close: () => service.close() };
}

/** The real programs service on a loopback port: withdrawal asks it about the member's live applications. */
export async function startPrograms(): Promise<{ service: TestService; url: string; close(): Promise<void> }> {
  const service = await build(programsService);
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
  return { service, url, close: () => service.close() };
}

/** A stand-in careercard answering with `handler` and recording what it was asked. */
export async function startFakeCareercard(
  handler: (request: http.IncomingMessage, body: string, response: http.ServerResponse) => void,
) {
  const calls: { method: string; url: string; body: string }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      calls.push({ method: request.method ?? '', url: request.url ?? '', body });
      handler(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL where nothing listens. */
export async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

export const SITE_URL = 'http://localhost:8080';

/** The account service built against the given peers (configuration is read when the app is built). */
export async function buildAccount(peers: {
  careercardUrl: string;
  programsUrl?: string;
  smtpPort?: number;
  oauthUrl?: string;
  env?: Record<string, string>;
  seed?: boolean;
}): Promise<TestService> {
  process.env.CAREERCARD_SERVICE_URL = peers.careercardUrl;
  process.env.CAREERCARD_TIMEOUT_MS = '2000';
  // Without a programs peer, withdrawal cannot learn about live applications and answers 503.
  process.env.PROGRAMS_SERVICE_URL = peers.programsUrl ?? 'http://127.0.0.1:9';
  process.env.PROGRAMS_TIMEOUT_MS = '2000';
  // Tests run the withdrawal outbox themselves (deliverDue with their own clock).
  process.env.CAREERCARD_RETIRE_RETRY_MS = '0';
  process.env.SMTP_HOST = '127.0.0.1';
  process.env.SMTP_PORT = String(peers.smtpPort ?? 9);
  process.env.SMTP_TIMEOUT_MS = '2000';
  process.env.SITE_URL = SITE_URL;
  process.env.API_PUBLIC_URL = SITE_URL;
  if (peers.oauthUrl) process.env.OAUTH_LOCAL_PROVIDER_URL = peers.oauthUrl;
  else delete process.env.OAUTH_LOCAL_PROVIDER_URL;
  for (const [key, value] of Object.entries(peers.env ?? {})) process.env[key] = value;
  try {
    return await build(accountService, { seed: peers.seed });
  } finally {
    for (const key of Object.keys(peers.env ?? {})) delete process.env[key];
  }
}

export { startMailSink, startOAuthProvider, type MailSink, type LocalOAuthProvider };
export { freePort } from '@sq/stack/free-port';

let counter = 0;
/** A valid sign-up form with fresh unique values. */
export function newSignUp(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36).slice(-5)}${counter}`;
  return {
    email: `user${tag}@example.com`,
    contactEmail: `inbox${tag}@example.com`,
    password: 'sidequest1!',
    pw_confirm: 'sidequest1!',
    username: '홍길동',
    useralias: `길동${tag}`.slice(0, 20),
    careerCardId: `gd${tag}`.slice(0, 20),
    userphone: '010-5555-6666',
    jobGroup: 'JG_DEV',
    position: 'POS_BACKEND',
    careerYears: 'CY_1_3Y',
    termsAgreed: true,
    privacyAgreed: true,
    marketingAgreed: false,
    ...overrides,
  };
}

export async function countRows(service: TestService, table: string): Promise<number> {
  return Number((await service.app.knex(table).count({ n: '*' }))[0]!.n);
}

export function claimsOf(token: string): { sub: string; sid: string; exp: number; role: 'ROLE_USER' | 'ROLE_ADMIN' } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
}

/** Headers as the gateway sends them for the holder of this token. */
export function asHolder(service: TestService, token: string) {
  const claims = claimsOf(token);
  return {
    ...service.as({ userId: Number(claims.sub), role: claims.role, sid: claims.sid }),
    authorization: `Bearer ${token}`,
  };
}

/** Whether the account service still answers a personal access token as live (the gateway's check). */
export async function personalTokenActive(service: TestService, token: string): Promise<boolean> {
  const response = await service.app.inject({
    method: 'POST',
    url: '/internal/personal-tokens/check',
    headers: service.internalHeaders,
    payload: { token },
  });
  return response.json().active === true;
}

export async function sessionActive(service: TestService, token: string): Promise<boolean> {
  const claims = claimsOf(token);
  const response = await service.app.inject({
    method: 'POST',
    url: '/internal/sessions/check',
    headers: service.internalHeaders,
    payload: { sid: claims.sid, userId: Number(claims.sub), exp: claims.exp },
  });
  return response.json().active === true;
}

/**
 * A member's consent to a partner app as oidc-provider stores it, written through the service's own storage adapter
 * (the flows that make one run through the gateway in api-gateway/test/partner-apps-real.test.ts): the grant and an
 * access token issued under it. Answers how many of the two are still there.
 */
export async function partnerConsentOf(service: TestService, userId: number): Promise<() => Promise<number>> {
  const Adapter = oauthStateAdapterFactory(service.app.knex, { clientMetadata: async () => undefined });
  const grantId = `grant-${userId}-${Date.now()}`;
  const tokenId = `token-${userId}-${Date.now()}`;
  await new Adapter('Grant').upsert(
    grantId,
    {
      jti: grantId,
      kind: 'Grant',
      accountId: String(userId),
      clientId: 'sqa_test',
      resources: { 'http://localhost:8080/api': 'applications:read' },
    },
    3600,
  );
  await new Adapter('AccessToken').upsert(
    tokenId,
    {
      jti: tokenId,
      kind: 'AccessToken',
      accountId: String(userId),
      clientId: 'sqa_test',
      grantId,
      scope: 'applications:read',
    },
    3600,
  );
  return async () =>
    Number(Boolean(await new Adapter('Grant').find(grantId))) +
    Number(Boolean(await new Adapter('AccessToken').find(tokenId)));
}
