import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_READINESS_DELAY_MS, generateJwtKeys } from '@sq/service-kit';
import { createTestDatabase } from '@sq/service-kit/testing';
import { freePort } from '@sq/stack/free-port';
import { startMailSink, type MailSink } from '@sq/stack/peers/mail-sink';
import { startRole, waitForOk, type RoleProcess } from '@sq/stack/role-process';
import { DEMO_ADMIN, DEMO_MEMBER } from '../src/session';
import type { Pod } from '../src/endpoints';
import { startServiceProxy, type ServiceProxy } from '../src/service-proxy';
import { steadyLoad } from '../src/steady-load';

/**
 * Several instances on one PostgreSQL, as the Kubernetes Deployments run them (deploy/): two gateways and two
 * programs web processes (no job workers), each pair behind a Service as kube-proxy makes it (service-proxy.ts:
 * plain TCP, keep-alive connections carried through, no retries, endpoints following readiness and deletion on
 * their own schedule), two programs workers, one of each other service, every one started by its role
 * (packages/stack/bin/role.mjs) from its environment.
 */
const RATE = { max: 60, batch: 5 };
/**
 * MULTI_INSTANCE_UNPROTECTED=delay runs the rolling restarts with no readiness delay (a stopping process closes
 * its listener at once): then they must lose requests, which shows the delay is what saves them.
 */
const UNPROTECTED = process.env.MULTI_INSTANCE_UNPROTECTED === 'delay';
/**
 * The manifests' delay (the default): longer than a deleted pod takes to leave the Services' endpoints (the
 * propagation, TEST_ENDPOINT_TIMING), and not shorter than the services' keep-alive (DEFAULT_KEEP_ALIVE_TIMEOUT_MS).
 */
const READINESS_DELAY_MS = UNPROTECTED ? 0 : DEFAULT_READINESS_DELAY_MS;
/** The manifests' terminationGracePeriodSeconds: a pod still running then is killed. */
const TERMINATION_GRACE_MS = 50_000;
const keys = generateJwtKeys();
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: pg.Client;
let sink: MailSink;
let smtp: PausableRelay;
let uploads: string;
let front: ServiceProxy;
let programsService: ServiceProxy;
const roles = new Map<string, { role: RoleProcess; env: Record<string, string>; args: string[]; pod: Pod | null }>();
const gatewayUrls: string[] = [];

/** A TCP relay to the mail sink that can hold new connections: a mail job stays active while it is held. */
interface PausableRelay {
  port: number;
  hold(on: boolean): void;
  close(): Promise<void>;
}
async function startRelay(targetPort: number): Promise<PausableRelay> {
  let holding = false;
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    const connect = () => {
      const upstream = net.connect(targetPort, '127.0.0.1');
      sockets.add(upstream);
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      client.pipe(upstream).pipe(client);
    };
    if (holding) held.push(connect);
    else connect();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    hold(on) {
      holding = on;
      if (!on) held.splice(0).forEach((connect) => connect());
    },
    close: () =>
      new Promise((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}

const base = () => ({
  DATABASE_URL: database.url,
  JWT_PRIVATE_KEY: keys.privateKey,
  JWT_PUBLIC_KEY: keys.publicKey,
  UPLOAD_DIR: uploads,
  LOG_LEVEL: 'warn',
  MIGRATE_ON_START: 'false',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(smtp.port),
  SMTP_TIMEOUT_MS: '120000',
  PROGRAMS_JOB_POLLING_SECONDS: '1',
  PROGRAMS_JOB_EXPIRE_SECONDS: '8',
  PROGRAMS_JOB_MAINTENANCE_SECONDS: '2',
  RATE_LIMIT_MAX: String(RATE.max),
  RATE_LIMIT_BATCH: String(RATE.batch),
  RATE_LIMIT_WINDOW_MS: '60000',
  TRUSTED_PROXIES: '127.0.0.1',
  SHUTDOWN_DRAIN_MS: '10000',
  SHUTDOWN_READINESS_DELAY_MS: String(READINESS_DELAY_MS),
  // The steady load's API consumer posts far more than a personal token's quota allows.
  CONSUMER_PERSONAL_PER_MINUTE: '1000000',
  CONSUMER_PERSONAL_PER_DAY: '1000000',
});

/** The pod a process with a public port makes: its address and its readiness probe. */
const podAt = (port: number | string, opsPort: number | string): Pod => ({
  url: `http://127.0.0.1:${port}`,
  readyUrl: `http://127.0.0.1:${opsPort}/readyz`,
});
const podOf = (env: Record<string, string>): Pod | null => (env.PORT ? podAt(env.PORT, env.OPS_PORT!) : null);

async function start(name: string, args: string[], env: Record<string, string>, opsPort?: number): Promise<void> {
  const ops = opsPort ?? (await freePort());
  const full = { ...env, OPS_PORT: String(ops) };
  const role = startRole(args, full);
  roles.set(name, { role, env: full, args, pod: podOf(full) });
  await waitForOk(`http://127.0.0.1:${ops}/readyz`, role, 240_000);
}

/** SIGTERM; SIGKILL if it is still running after the grace period. Its exit code (null when killed). */
async function terminate(role: RoleProcess): Promise<number | null> {
  const kill = setTimeout(() => role.child.kill('SIGKILL'), TERMINATION_GRACE_MS);
  try {
    return await role.stop();
  } finally {
    clearTimeout(kill);
  }
}

/**
 * One step of a Deployment's rolling update (maxSurge 1, maxUnavailable 0): a new pod on new ports; once its
 * readiness passes and the Service lists it, the old pod is deleted, which takes it out of the endpoints and
 * signals it at the same moment (the endpoints controller and the kubelet both act on the deletion). Nothing
 * tells the balancer sooner than its endpoints do.
 */
async function rollOut(name: string, service: ServiceProxy): Promise<void> {
  const old = roles.get(name)!;
  const env = { ...old.env, PORT: String(await freePort()), OPS_PORT: String(await freePort()) };
  const role = startRole(old.args, env);
  const pod = podOf(env)!;
  roles.set(name, { role, env, args: old.args, pod });
  service.endpoints.add(pod);
  await Promise.race([
    service.endpoints.untilListed(pod.url),
    role.exited.then((code) => {
      throw new Error(`${name} exited (${code}) before it was ready\n${role.output().slice(-3_000)}`);
    }),
  ]);
  service.endpoints.terminate(old.pod!.url);
  expect(await terminate(old.role), old.role.output().slice(-2_000)).toBe(0);
}

const address = (() => {
  let n = 0;
  return () => `10.77.${Math.floor(++n / 250) % 250}.${(n % 250) + 1}`;
})();

async function signIn(url: string, account: { email: string; password: string }): Promise<string> {
  const answer = await fetch(`${url}/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address() },
    body: JSON.stringify(account),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { userData: { token: string } }).userData.token;
}

beforeAll(async () => {
  // A database of its own on the test site's PostgreSQL server.
  process.env.DATABASE_URL ??= inject('databaseUrl');
  database = await createTestDatabase('multi');
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-multi-'));
  sink = await startMailSink({ smtpPort: 0, httpPort: 0 });
  smtp = await startRelay(sink.smtpPort);

  const migrate = startRole(['migrate', 'all'], base());
  expect(await migrate.exited, migrate.output()).toBe(0);

  const ports = {
    account: await freePort(),
    careercard: await freePort(),
    content: await freePort(),
    itskill: await freePort(),
    programsA: await freePort(),
    programsB: await freePort(),
    gatewayA: await freePort(),
    gatewayB: await freePort(),
  };
  const ops = {
    programsA: await freePort(),
    programsB: await freePort(),
    gatewayA: await freePort(),
    gatewayB: await freePort(),
  };
  programsService = await startServiceProxy([
    podAt(ports.programsA, ops.programsA),
    podAt(ports.programsB, ops.programsB),
  ]);
  const serviceUrls = {
    ACCOUNT_SERVICE_URL: `http://127.0.0.1:${ports.account}`,
    CAREERCARD_SERVICE_URL: `http://127.0.0.1:${ports.careercard}`,
    CONTENT_SERVICE_URL: `http://127.0.0.1:${ports.content}`,
    ITSKILL_SERVICE_URL: `http://127.0.0.1:${ports.itskill}`,
    PROGRAMS_SERVICE_URL: programsService.url,
  };
  const env = { ...base(), ...serviceUrls };
  // Services first (each once compiles what the next reuses), then the gateways in front of them.
  await start('account', ['account'], { ...env, PORT: String(ports.account) });
  await Promise.all([
    start('careercard', ['careercard'], { ...env, PORT: String(ports.careercard) }),
    start('content', ['content'], { ...env, PORT: String(ports.content) }),
  ]);
  await Promise.all([
    start('itskill', ['itskill'], { ...env, PORT: String(ports.itskill) }),
    start(
      'programs-a',
      ['programs'],
      { ...env, PORT: String(ports.programsA), PROGRAMS_JOB_WORKERS: 'false' },
      ops.programsA,
    ),
  ]);
  await Promise.all([
    start(
      'programs-b',
      ['programs'],
      { ...env, PORT: String(ports.programsB), PROGRAMS_JOB_WORKERS: 'false' },
      ops.programsB,
    ),
    start('worker-a', ['programs-worker'], env),
    start('worker-b', ['programs-worker'], env),
  ]);
  await Promise.all([
    start('gateway-a', ['gateway'], { ...env, PORT: String(ports.gatewayA) }, ops.gatewayA),
    start('gateway-b', ['gateway'], { ...env, PORT: String(ports.gatewayB) }, ops.gatewayB),
  ]);
  gatewayUrls.push(`http://127.0.0.1:${ports.gatewayA}`, `http://127.0.0.1:${ports.gatewayB}`);
  front = await startServiceProxy([podAt(ports.gatewayA, ops.gatewayA), podAt(ports.gatewayB, ops.gatewayB)]);
  await Promise.all([
    ...gatewayUrls.map((url) => front.endpoints.untilListed(url)),
    ...[ports.programsA, ports.programsB].map((port) =>
      programsService.endpoints.untilListed(`http://127.0.0.1:${port}`),
    ),
  ]);
}, 900_000);

afterAll(async () => {
  await Promise.all([...roles.values()].map(({ role }) => role.stop()));
  await front?.close();
  await programsService?.close();
  await smtp?.close();
  await sink?.close();
  await db?.end();
  await database?.drop();
  if (uploads) fs.rmSync(uploads, { recursive: true, force: true });
}, 120_000);

/** A demo application the mail jobs write about, given a contact address. */
async function mailTarget(): Promise<{ joinId: number; to: string }> {
  const to = 'multi-instance@example.com';
  const { rows } = await db.query<{ join_id: number }>(
    `update programs.application set answers = jsonb_build_object('required', jsonb_build_object('contactEmail', $1::text))
     where join_id = (select min(join_id) from programs.application) returning join_id`,
    [to],
  );
  return { joinId: rows[0]!.join_id, to };
}

async function withBoss<T>(work: (boss: PgBoss) => Promise<T>): Promise<T> {
  const boss = new PgBoss({
    connectionString: database.url,
    schema: 'programs_jobs',
    supervise: false,
    schedule: false,
    max: 2,
  });
  await boss.start();
  try {
    return await work(boss);
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}

const refundMails = (to: string) =>
  sink.messages().filter((mail) => mail.to.includes(to) && /환불되었어요/.test(mail.subject));
async function until<T>(
  what: string,
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('two of everything stateless, one PostgreSQL', () => {
  it('runs each job once across two workers', async () => {
    const { joinId, to } = await mailTarget();
    const amounts = Array.from({ length: 30 }, (_, i) => 10_000 + i * 1_000);
    await withBoss((boss) =>
      Promise.all(
        amounts.map((amountKrw) =>
          boss.send('application-mail', { joinId, kind: 'REFUNDED', amountKrw }, { retryLimit: 3 }),
        ),
      ),
    );
    const mails = await until(
      '30 mails',
      () => refundMails(to),
      (list) => list.length >= amounts.length,
    );
    // A moment more: a job run twice would show up as a second mail now.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const subjects = refundMails(to).map((mail) => mail.subject);
    expect(subjects).toHaveLength(amounts.length);
    expect(new Set(subjects).size).toBe(amounts.length);
    expect(mails.length).toBe(amounts.length);
    sink.clear();
  });

  it('refuses at once, through the other gateway, a session signed out through one', async () => {
    const [a, b] = gatewayUrls as [string, string];
    const token = await signIn(a, DEMO_MEMBER);
    const me = (url: string) =>
      fetch(`${url}/api/meOauth`, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address() } });
    expect((await me(b)).status).toBe(200);
    expect((await me(a)).status).toBe(200);
    expect(
      (await fetch(`${a}/api/logout`, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address() } }))
        .status,
    ).toBe(200);
    expect((await me(b)).status).toBe(401);
  });

  it('holds the documented rate-limit bound across both gateways: at most RATE_LIMIT_MAX + 2 × RATE_LIMIT_BATCH a window', async () => {
    const client = '10.99.0.1';
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        fetch(`${gatewayUrls[i % 2]}/api/products`, { headers: { 'x-forwarded-for': client } }).then((r) => r.status),
      ),
    );
    const admitted = answers.filter((status) => status !== 429).length;
    expect(answers.every((status) => status === 200 || status === 429)).toBe(true);
    expect(admitted).toBeGreaterThanOrEqual(RATE.max);
    expect(admitted).toBeLessThanOrEqual(RATE.max + 2 * RATE.batch);
  });

  it('serves a release made through one gateway from the other', async () => {
    const [a, b] = gatewayUrls as [string, string];
    const token = await signIn(a, DEMO_ADMIN);
    const version = `9.9.${Date.now() % 1_000}`;
    const released = await fetch(`${a}/api/releases/mfe_itskill`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-forwarded-for': address() },
      body: JSON.stringify({
        version,
        manifestUrl: `/bundles/mfe-itskill/${version}/mf-manifest.json`,
        routes: [
          { path: '/itskillcheckup', access: 'public', layout: 'default', title: 'IT 스킬 체크업', ready: true },
        ],
        shared: {},
      }),
    });
    expect(released.status, await released.clone().text()).toBe(200);
    const served = await until(
      'the release on the other gateway',
      async () => {
        const registry = (await (await fetch(`${b}/remotes.json`)).json()) as {
          remotes: { name: string; version: string }[];
        };
        return registry.remotes.find((remote) => remote.name === 'mfe_itskill')?.version;
      },
      (v) => v === version,
      5_000,
    );
    expect(served).toBe(version);
  });

  it(
    UNPROTECTED
      ? 'loses requests in rolling restarts without the readiness delay'
      : 'loses no request in rolling restarts of the gateways and the programs web processes under steady load',
    { timeout: 900_000 },
    async () => {
      const member = await signIn(front.url, DEMO_MEMBER);
      // The member's own application, for the POST that reads it (the demo member has none): the last demo one.
      const memberId = Number(
        (JSON.parse(Buffer.from(member.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub,
      );
      const { rows } = await db.query<{ join_id: number }>(
        'update programs.application set user_id = $1 where join_id = (select max(join_id) from programs.application) returning join_id',
        [memberId],
      );
      const load = await steadyLoad(front.url, { member, joinId: rows[0]!.join_id, address, clients: 6 });
      try {
        for (const name of ['gateway-a', 'gateway-b']) await rollOut(name, front);
        for (const name of ['programs-a', 'programs-b']) await rollOut(name, programsService);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      } finally {
        await load.stop();
      }
      const { sent, failed } = load.outcomes();
      console.log(
        `rolling restarts under steady load${UNPROTECTED ? ' (no readiness delay)' : ''}: ${sent} requests, ${failed.length} failed`,
        JSON.stringify(load.byKind()),
      );
      if (failed.length) console.log(failed.slice(0, 20).join('\n'));
      expect(sent).toBeGreaterThan(500);
      if (UNPROTECTED) expect(failed.length).toBeGreaterThan(0);
      else expect(failed).toEqual([]);
      // The new pods served (each Service gave every one of them connections).
      for (const name of ['gateway-a', 'gateway-b'])
        expect(front.served.get(roles.get(name)!.pod!.url) ?? 0).toBeGreaterThan(0);
      for (const name of ['programs-a', 'programs-b'])
        expect(programsService.served.get(roles.get(name)!.pod!.url) ?? 0).toBeGreaterThan(0);
    },
  );

  it(
    'retries a job whose worker was killed in the middle of it, and finishes it once',
    { timeout: 300_000 },
    async () => {
      const { joinId, to } = await mailTarget();
      sink.clear();
      // One worker left, so the job is in the one about to be killed.
      expect(await roles.get('worker-b')!.role.stop()).toBe(0);
      smtp.hold(true);
      const jobId = await withBoss((boss) =>
        boss.send(
          'application-mail',
          { joinId, kind: 'REFUNDED', amountKrw: 777_000 },
          { retryLimit: 3, expireInSeconds: 8 },
        ),
      );
      await until(
        'the job active',
        async () => (await db.query('select state from programs_jobs.job where id = $1', [jobId])).rows[0]?.state,
        (state) => state === 'active',
      );
      roles.get('worker-a')!.role.child.kill('SIGKILL');
      await roles.get('worker-a')!.role.exited;
      smtp.hold(false);
      const { env, args } = roles.get('worker-b')!;
      await start('worker-c', args, env);
      await until(
        'the retried mail',
        () => refundMails(to),
        (list) => list.length >= 1,
        120_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(refundMails(to).map((mail) => mail.subject)).toEqual([expect.stringContaining('777,000원')]);
      const job = (await db.query('select state, retry_count from programs_jobs.job where id = $1', [jobId]))
        .rows[0] as { state: string; retry_count: number };
      expect(job.state).toBe('completed');
      expect(job.retry_count).toBeGreaterThanOrEqual(1);
    },
  );

  it('fires each schedule once per slot, however many workers keep it', { timeout: 300_000 }, async () => {
    // payment-repair runs every minute (PAYMENT_REPAIR_CRON). Two workers keep the schedule from their start; the
    // earlier tests may have taken less than two minutes, so wait for a second slot rather than assume one.
    const slots = () =>
      db
        .query<{ slot: string; n: string }>(
          `select date_trunc('minute', created_on) as slot, count(*) as n
         from (select created_on from programs_jobs.job where name = 'payment-repair'
               union all select created_on from programs_jobs.archive where name = 'payment-repair') fired
        group by 1 order by 1`,
        )
        .then((result) => result.rows);
    const rows = await until('two payment-repair slots', slots, (list) => list.length >= 2, 240_000);
    expect(rows.filter((row) => Number(row.n) !== 1)).toEqual([]);
  });
});
