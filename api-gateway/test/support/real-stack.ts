import type { FastifyInstance } from 'fastify';
import { generateJwtKeys, type ServiceName } from '@sq/service-kit';
import { build, createTestDatabase, type TestService } from '@sq/service-kit/testing';
import { freePort } from '@sq/stack/free-port';
import { startMailSink } from '@sq/stack/peers/mail-sink';
import { startObjectStore } from '@sq/stack/peers/object-store';
import { startOAuthProvider } from '@sq/stack/peers/oauth-provider';
import { generateWebhookSecret, startSandboxPg } from '@sq/stack/peers/sandbox-pg';
import { accountService } from '../../../services/account/src/service';
import { careercardService } from '../../../services/careercard/src/service';
import { contentService } from '../../../services/content/src/service';
import { programsService } from '../../../services/programs/src/service';
import { itskillService } from '../../../services/itskill/src/service';
import { buildGateway } from '../../src/app';
import { testGatewayConfig } from '../helpers';
import type { ConsumerConfig } from '../../src/consumers/config';

const SERVICE_DEFINITIONS = {
  account: accountService,
  content: contentService,
  programs: programsService,
  careercard: careercardService,
  itskill: itskillService,
} as const;
const NAMES = Object.keys(SERVICE_DEFINITIONS) as ServiceName[];

export interface RealStack {
  /** The gateway's origin: the only address a test talks to, like the browser. */
  url: string;
  services: Record<ServiceName, TestService>;
  /** The gateway itself, for requests that need `inject` (e.g. a chosen client address). */
  gateway: FastifyInstance;
  stop(): Promise<void>;
}

/**
 * The real site's back end in this test process, without bundles: the five services (each on a fresh database
 * with its migrations, reference data and demo seeds), the loopback peers (SMTP sink, OAuth provider, sandbox
 * PG) and the gateway in front, all on free ports. Lighter than e2e's test site (no builds, no child
 * processes) but the same parts: the services read their configuration from the environment when built, so
 * every address is chosen first and set before anything is built.
 */
export async function startRealStack(
  options: { jobWorkers?: boolean; consumers?: ConsumerConfig } = {},
): Promise<RealStack> {
  const ports = Object.fromEntries(await Promise.all(NAMES.map(async (name) => [name, await freePort()]))) as Record<
    ServiceName,
    number
  >;
  const urls = Object.fromEntries(NAMES.map((name) => [name, `http://127.0.0.1:${ports[name]}`])) as Record<
    ServiceName,
    string
  >;
  const gatewayPort = await freePort();
  const siteUrl = `http://127.0.0.1:${gatewayPort}`;
  const keys = generateJwtKeys();
  // Uploaded images in an S3 bucket, as deployed (deploy/README.md "Uploaded images"), on the local object store.
  const objectStoreKeys = { accessKeyId: 'SQREALSTACK', secretAccessKey: 'real-stack-object-store-secret' };
  const objectStore = await startObjectStore({ buckets: ['sq-uploads'], ...objectStoreKeys });
  const mailSink = await startMailSink({ smtpPort: 0, httpPort: 0 });
  const oauthProvider = await startOAuthProvider({ port: 0 });
  const payment = {
    PG_API_SECRET: 'access-matrix-pg-secret',
    PG_STORE_ID: 'store-access-matrix',
    PG_WEBHOOK_SECRET: generateWebhookSecret(),
  };
  const sandboxPg = await startSandboxPg({
    apiSecret: payment.PG_API_SECRET,
    storeId: payment.PG_STORE_ID,
    webhookSecret: payment.PG_WEBHOOK_SECRET,
    webhookUrl: `${siteUrl}/api/payments/webhook`,
  });
  Object.assign(process.env, {
    ...Object.fromEntries(NAMES.map((name) => [`${name.toUpperCase()}_SERVICE_URL`, urls[name]])),
    ...payment,
    JWT_PRIVATE_KEY: keys.privateKey,
    JWT_PUBLIC_KEY: keys.publicKey,
    PG_API_URL: sandboxPg.url,
    PG_PUBLIC_URL: sandboxPg.url,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(mailSink.smtpPort),
    OAUTH_LOCAL_PROVIDER_URL: oauthProvider.url,
    SITE_URL: siteUrl,
    API_PUBLIC_URL: siteUrl,
    UPLOAD_STORAGE: 's3',
    S3_BUCKET: 'sq-uploads',
    S3_REGION: objectStore.region,
    S3_ENDPOINT: objectStore.endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: objectStoreKeys.accessKeyId,
    AWS_SECRET_ACCESS_KEY: objectStoreKeys.secretAccessKey,
    // The demo's open cohorts follow the calendar, as on the local stack.
    DEMO_CALENDAR: 'live',
    // Timed jobs run unless a test says otherwise (requests still enqueue them).
    PROGRAMS_JOB_WORKERS: options.jobWorkers === false ? 'false' : 'true',
  });

  const services = {} as Record<ServiceName, TestService>;
  let gateway: FastifyInstance | undefined;
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const close of stops.reverse()) await close().catch(() => undefined);
    await objectStore.close();
  };
  try {
    stops.push(
      () => mailSink.close(),
      () => oauthProvider.close(),
      () => sandboxPg.close(),
    );
    await Promise.all(
      NAMES.map(async (name) => {
        const service = await build(SERVICE_DEFINITIONS[name]);
        stops.push(() => service.close());
        await service.app.listen({ port: ports[name], host: '127.0.0.1' });
        services[name] = service;
      }),
    );
    const database = await createTestDatabase('gateway');
    stops.push(() => database.drop());
    const app = await buildGateway(
      testGatewayConfig(urls, database.url, {
        port: gatewayPort,
        jwtPublicKey: keys.publicKey,
        // Every request of the test comes from 127.0.0.1: the per-address limit would couple the rows.
        rateLimit: { max: 1_000_000, windowMs: 60_000 },
        upstreamTimeoutMs: 10_000,
        ...(options.consumers ? { consumers: options.consumers } : {}),
      }),
    );
    stops.push(() => app.close());
    await app.listen({ port: gatewayPort, host: '127.0.0.1' });
    gateway = app;
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: siteUrl, services, gateway: gateway!, stop };
}
