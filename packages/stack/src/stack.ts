import fs from 'node:fs';
import path from 'node:path';
import { SERVICE_PORTS, isProduction, type ServiceName } from '@sq/service-kit';
import { buildBundle, sourceHash } from './build';
import { ensureDatabase, type Database } from './database';
import { CDN_DIR, prepareDataDir, REMOTES, ROOT, UPLOAD_DIR } from './paths';
import { runTs, stopAll, waitForHealth, type Managed } from './processes';
import { BUNDLES_URL, publishBundle, releaseCli, SHELL_SHARED_DEPS } from './registry';
import { devPaymentSecrets, stackSecrets } from './secrets';
import { startMailSink, type MailSink } from './peers/mail-sink';
import { startOAuthProvider, type LocalOAuthProvider } from './peers/oauth-provider';
import { readSandboxPgPace, startSandboxPg, type SandboxPg } from './peers/sandbox-pg';
import { refuseFetchBadPort } from './fetch-bad-ports';
import { embeddedPgPort, PEER_PORTS } from './ports';

export interface StackOptions {
  /** Gateway port; services take `servicePorts` when given, else their standard ports. */
  port: number;
  servicePorts?: Record<ServiceName, number>;
  database?: Database;
  cdnDir?: string;
  logDir?: string;
  /** Build the shell and remotes (skipped when their sources did not change). */
  build?: boolean;
  extraEnv?: Record<string, string>;
  /**
   * Loopback peers (SMTP sink + mailbox page, local OAuth provider, sandbox PG). Default: the fixed ports
   * of docs/operating.md ("Ports") when the services use their standard ports (`npm start`), else free ports.
   */
  peerPorts?: { smtp: number; mailbox: number; oauth: number; pg?: number };
}

export interface RunningStack {
  url: string;
  cdnDir: string;
  databaseUrl: string;
  services: Record<ServiceName, string>;
  /** The developer mailbox (GET / page, GET /api/messages JSON) of the local SMTP sink. */
  mailboxUrl: string;
  mailSink: MailSink;
  /** The local OAuth 2.0 / OIDC provider (Google, Kakao and Naver shapes). */
  oauthProvider: LocalOAuthProvider;
  /** The sandbox PG (PortOne V2 shapes): its overview page at `${paymentUrl}/`, JSON at /api/state. */
  paymentUrl: string;
  sandboxPg: SandboxPg;
  stop(): Promise<void>;
}

const SERVICES = Object.keys(SERVICE_PORTS) as ServiceName[];

/** Everything the site needs: bundles built and published, PostgreSQL, the five services and the gateway. */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const cdnDir = options.cdnDir ?? CDN_DIR;
  const peerPorts = options.peerPorts ?? (options.servicePorts ? { smtp: 0, mailbox: 0, oauth: 0, pg: 0 } : PEER_PORTS);
  // A port from the environment (PORT) could still be one fetch refuses; say so before building anything.
  refuseFetchBadPort(options.port, 'the gateway (PORT)');
  for (const [peer, port] of Object.entries(peerPorts)) refuseFetchBadPort(port ?? 0, `the ${peer} peer`);
  prepareDataDir();
  // Production refuses generated and development secrets here, before anything is built or started.
  const secrets = stackSecrets();
  if (options.build !== false) await buildAndPublishAll(cdnDir);

  const database = options.database ?? (await ensureDatabase({ name: 'sidequest', port: embeddedPgPort() }));
  const processes: Managed[] = [];
  const services = Object.fromEntries(
    SERVICES.map((name) => [name, `http://127.0.0.1:${options.servicePorts?.[name] ?? SERVICE_PORTS[name]}`]),
  ) as Record<ServiceName, string>;
  const serviceUrls = Object.fromEntries(SERVICES.map((name) => [`${name.toUpperCase()}_SERVICE_URL`, services[name]]));
  // The demo's open cohorts follow the calendar (services/programs/src/seeds/cohorts.ts).
  const demo = { DEMO_CALENDAR: process.env.DEMO_CALENDAR ?? 'live' };
  // A stack on chosen service ports (tests, several stacks on one machine) takes free ops ports too.
  const opsPorts: Record<string, string> = options.servicePorts ? { OPS_PORT: '0' } : {};
  // No balancer in front of these processes: a stopping one need not keep serving while endpoints update.
  const noBalancer = { SHUTDOWN_READINESS_DELAY_MS: '0' };
  const common = {
    ...secrets,
    ...serviceUrls,
    ...demo,
    DATABASE_URL: database.url,
    ...opsPorts,
    ...noBalancer,
    ...options.extraEnv,
  };
  const mailSink = await startMailSink({ smtpPort: peerPorts.smtp, httpPort: peerPorts.mailbox });
  const oauthProvider = await startOAuthProvider({ port: peerPorts.oauth });
  const siteUrl = `http://localhost:${options.port}`;
  // The sandbox PG sends its webhooks through the gateway, like a real PG would reach the site.
  const payment = devPaymentSecrets();
  // A real PG's pace when asked for (SANDBOX_PG_CHARGE_DELAY_MS, SANDBOX_PG_MAX_CHARGES_IN_FLIGHT: sandbox-pg/pace.ts).
  const { chargeDelayMs, pace } = readSandboxPgPace(process.env);
  const sandboxPg = await startSandboxPg({
    faults: { chargeDelayMs },
    pace,
    port: peerPorts.pg ?? 0,
    apiSecret: payment.PG_API_SECRET,
    storeId: payment.PG_STORE_ID,
    webhookSecret: payment.PG_WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${options.port}/api/payments/webhook`,
    allowedRedirectOrigins: [siteUrl, `http://127.0.0.1:${options.port}`],
  });
  const paymentEnv: Record<string, string> = { ...payment, PG_API_URL: sandboxPg.url, PG_PUBLIC_URL: sandboxPg.url };
  // Every service that writes to members sends through the same SMTP sink (service-kit's mailer).
  const mailEnv: Record<string, string> = { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(mailSink.smtpPort) };
  const accountEnv: Record<string, string> = {
    OAUTH_LOCAL_PROVIDER_URL: oauthProvider.url,
    SITE_URL: siteUrl,
    API_PUBLIC_URL: siteUrl,
  };
  const stopPeers = async () => {
    await mailSink.close();
    await oauthProvider.close();
    await sandboxPg.close();
  };

  try {
    // Services migrate their own schemas on start; they start together and are awaited together.
    const started = SERVICES.map((name) => {
      const env = {
        ...common,
        ...mailEnv,
        ...(name === 'account' ? { ...accountEnv, ...options.extraEnv } : {}),
        PORT: new URL(services[name]).port,
      };
      // Webhooks to a receiver on this machine (http://localhost:…) while developing; never in production.
      if (name === 'programs')
        Object.assign(
          env,
          paymentEnv,
          { SITE_URL: siteUrl },
          isProduction() ? {} : { WEBHOOK_ALLOW_LOOPBACK_HTTP: 'true' },
          options.extraEnv,
        );
      // The link in itskill's season-open mail.
      if (name === 'itskill') Object.assign(env, { SITE_URL: siteUrl });
      // careercard's uploaded images in the local folder (UPLOAD_STORAGE=local, its default): git-ignored, kept
      // between runs like the database.
      if (name === 'careercard') Object.assign(env, { UPLOAD_DIR: options.extraEnv?.UPLOAD_DIR ?? UPLOAD_DIR });
      const managed = runTs(name, `services/${name}/src/server.ts`, env, options.logDir);
      processes.push(managed);
      return waitForHealth(`${services[name]}/health`, managed);
    });
    await Promise.all(started);
    // Each remote's build from this checkout is live unless it already is (or runs as a canary).
    const bundles = REMOTES.map((remote) => path.join(cdnDir, 'bundles', remote, builtVersion(remote))).filter((dir) =>
      fs.existsSync(dir),
    );
    await releaseCli(
      ['sync', ...bundles, '--manifest-base', BUNDLES_URL, '--shell-deps', SHELL_SHARED_DEPS],
      database.url,
    );
    const gateway = runTs(
      'gateway',
      'api-gateway/src/server.ts',
      {
        // The canary watcher mails a remote's owners when it rolls a canary back (the dev mailbox here).
        ...mailEnv,
        RELEASE_OWNERS: '*=releases@sidequest.local',
        ...common,
        PORT: String(options.port),
        SHELL_DIR: path.join(ROOT, 'shell', 'dist'),
        CDN_DIR: cdnDir,
      },
      options.logDir,
    );
    processes.push(gateway);
    await waitForHealth(`http://127.0.0.1:${options.port}/health`, gateway);
  } catch (error) {
    await stopAll(processes);
    await stopPeers();
    if (!options.database) await database.stop();
    throw error;
  }

  return {
    url: `http://localhost:${options.port}`,
    cdnDir,
    databaseUrl: database.url,
    services,
    mailboxUrl: mailSink.mailboxUrl,
    mailSink,
    oauthProvider,
    paymentUrl: sandboxPg.url,
    sandboxPg,
    stop: async () => {
      await stopAll(processes);
      await stopPeers();
      if (!options.database) await database.stop();
    },
  };
}

/**
 * Builds the shell and every remote, and publishes each remote's build to the CDN folder (its registry entry
 * follows when the site starts).
 */
export async function buildAndPublishAll(cdnDir: string = CDN_DIR): Promise<void> {
  // Field figures name the shell's version next to each remote's: the package version and a source hash.
  await buildBundle('shell', { SHELL_VERSION: `${readVersion('shell')}-${sourceHash('shell').slice(0, 8)}` });
  for (const remote of REMOTES) {
    const version = builtVersion(remote);
    await buildBundle(remote, { REMOTE_VERSION: version });
    publishBundle(remote, version, cdnDir);
  }
}

/** A remote's version as built from this checkout: its package version and a hash of its sources. */
function builtVersion(remote: string): string {
  return `${readVersion(remote)}-${sourceHash(remote).slice(0, 8)}`;
}

function readVersion(remote: string): string {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, remote, 'package.json'), 'utf8')) as { version: string }).version;
}
