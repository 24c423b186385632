import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DEV_INTERNAL_SECRET, buildService, type ServiceDefinition, type ServiceName } from '@sq/service-kit';
import { createTestDatabase } from '@sq/service-kit/testing';
import { freePort } from '@sq/stack/free-port';
import { startMailSink } from '@sq/stack/peers/mail-sink';
import { startOAuthProvider } from '@sq/stack/peers/oauth-provider';
import { generateWebhookSecret, startSandboxPg } from '@sq/stack/peers/sandbox-pg';
import { accountService } from '../../services/account/src/service';
import { careercardService } from '../../services/careercard/src/service';
import { contentService } from '../../services/content/src/service';
import { itskillService } from '../../services/itskill/src/service';
import { programsService } from '../../services/programs/src/service';
import { keys } from './helpers';

const DEFINITIONS: Record<ServiceName, ServiceDefinition> = {
  account: accountService,
  content: contentService,
  programs: programsService,
  careercard: careercardService,
  itskill: itskillService,
};

export interface RealServices {
  urls: Record<ServiceName, string>;
  apps: Record<ServiceName, FastifyInstance>;
  close(): Promise<void>;
}

/**
 * The five real services, seeded, on one fresh database (one schema each, as in the stack) and loopback
 * ports, with the stack's local peers (SMTP sink, OAuth provider, sandbox PG). They sign tokens with the
 * test key pair of helpers.ts, so a gateway from `startGateway` accepts their sign-ins. Configuration is
 * read from the environment when a service is built, so everything is set before the first one is.
 */
export async function startRealServices(): Promise<RealServices> {
  const database = await createTestDatabase('gwreal');
  const mail = await startMailSink({ smtpPort: 0, httpPort: 0 });
  const oauth = await startOAuthProvider({ port: 0 });
  const webhookSecret = generateWebhookSecret();
  const pg = await startSandboxPg({ apiSecret: 'test-pg-secret', storeId: 'store-test', webhookSecret, webhookUrl: null });
  const names = Object.keys(DEFINITIONS) as ServiceName[];
  const urls = Object.fromEntries(await Promise.all(names.map(async (name) => [name, `http://127.0.0.1:${await freePort()}`]))) as Record<ServiceName, string>;
  Object.assign(process.env, {
    ...Object.fromEntries(names.map((name) => [`${name.toUpperCase()}_SERVICE_URL`, urls[name]])),
    JWT_PRIVATE_KEY: keys.privateKey,
    JWT_PUBLIC_KEY: keys.publicKey,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(mail.smtpPort),
    OAUTH_LOCAL_PROVIDER_URL: oauth.url,
    SITE_URL: 'http://localhost:8080',
    API_PUBLIC_URL: 'http://localhost:8080',
    PG_API_URL: pg.url,
    PG_PUBLIC_URL: pg.url,
    PG_API_SECRET: 'test-pg-secret',
    PG_STORE_ID: 'store-test',
    PG_WEBHOOK_SECRET: webhookSecret,
    // Timed jobs are not what these tests look at; requests still enqueue them.
    PROGRAMS_JOB_WORKERS: 'false',
    DEMO_CALENDAR: 'live',
    UPLOAD_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sq-gateway-uploads-')),
  });
  const apps = {} as Record<ServiceName, FastifyInstance>;
  try {
    for (const name of names) {
      apps[name] = await buildService(DEFINITIONS[name], { databaseUrl: database.url, internalSecret: DEV_INTERNAL_SECRET, runSeed: true });
      await apps[name].listen({ port: Number(new URL(urls[name]).port), host: '127.0.0.1' });
    }
  } catch (error) {
    await Promise.all(Object.values(apps).map((app) => app.close()));
    throw error;
  }
  return {
    urls,
    apps,
    close: async () => {
      await Promise.all(Object.values(apps).map((app) => app.close()));
      await Promise.all([mail.close(), oauth.close(), pg.close()]);
      await database.drop();
    },
  };
}
