import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOTES as REMOTE_LIST } from '@sq/contracts/remotes';
import { generateJwtKeys } from '@sq/service-kit';
import { createTestDatabase } from '@sq/service-kit/testing';
import { freePort } from '../src/free-port';
import { SCHEMAS } from '../src/migrate';
import { ROLES } from '../src/roles';
import { startRole, waitForOk, type RoleProcess } from '../src/role-process';
import { NEVER_SHIPPED, SERVER_RUNTIME_DIR, buildServer, type ServerBuild } from '../src/server-build';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: pg.Client;
let uploads: string;
const keys = generateJwtKeys();

let server: ServerBuild;
/** Every role here runs as the image runs it: compiled JavaScript, npm packages from the server runtime's install. */
const compiledRole = (args: string[], env: Record<string, string>) => startRole(args, env, { compiled: server.outdir });

beforeAll(async () => {
  server = await buildServer();
  database = await createTestDatabase('roles');
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-roles-'));
});
afterAll(async () => {
  await db?.end();
  await database?.drop();
  fs.rmSync(uploads, { recursive: true, force: true });
}, 60_000);

/** What a Deployment's ConfigMap and Secret give a role, on this test's database. */
const environment = (extra: Record<string, string> = {}) => ({
  DATABASE_URL: database.url,
  JWT_PRIVATE_KEY: keys.privateKey,
  JWT_PUBLIC_KEY: keys.publicKey,
  UPLOAD_DIR: uploads,
  LOG_LEVEL: 'warn',
  ...extra,
});

const appliedNames = async (schema: string) =>
  (await db.query<{ name: string }>(`select name from ${schema}.knex_migrations`)).rows.map((row) => row.name);

describe('the compiled roles', () => {
  it('import exactly the npm packages the server runtime installs, and none of the build or development tools', async () => {
    const runtime = JSON.parse(fs.readFileSync(path.join(SERVER_RUNTIME_DIR, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(
      Object.keys(runtime.dependencies).sort(),
      'packages/server-runtime/package.json against what the roles import',
    ).toEqual(server.packages);
    for (const tool of NEVER_SHIPPED) expect(server.packages).not.toContain(tool);
  });
});

describe('migrations as their own step', () => {
  it('a service told not to migrate refuses to start on a schema behind head, naming what to run', async () => {
    const role = compiledRole(
      ['content'],
      environment({ MIGRATE_ON_START: 'false', PORT: String(await freePort()), OPS_PORT: String(await freePort()) }),
    );
    expect(await role.exited).toBe(1);
    expect(role.output()).toMatch(/schema "content" is not at head .*migrations pending: 001_navigation/);
    expect(role.output()).toContain('migrate content');
    expect((await db.query(`select 1 from information_schema.tables where table_schema = 'content'`)).rowCount).toBe(0);
  });

  it('three `migrate all` at once on a fresh database all exit 0, and each migration is applied once', async () => {
    const runs = [0, 1, 2].map(() => compiledRole(['migrate', 'all'], environment()));
    const codes = await Promise.all(runs.map((run) => run.exited));
    expect(codes, runs.map((run) => run.output()).join('\n---\n')).toEqual([0, 0, 0]);
    for (const schema of SCHEMAS) {
      const names = await appliedNames(schema);
      expect(names.length).toBeGreaterThan(0);
      expect(new Set(names).size, `${schema}: a migration recorded twice`).toBe(names.length);
      // The one run that got the schema's lock first applied everything; the others found it at head.
      const appliers = runs.filter((run) =>
        run.output().includes(`[migrate] ${schema}: applied ${names.length} of ${names.length}`),
      );
      const atHead = runs.filter((run) =>
        run.output().includes(`[migrate] ${schema}: at head (${names.length} migrations)`),
      );
      expect([appliers.length, atHead.length], `${schema}\n${runs.map((run) => run.output()).join('\n---\n')}`).toEqual(
        [1, 2],
      );
    }
  });

  it('a later run finds every schema at head and exits 0; an unknown schema is a usage error', async () => {
    const again = compiledRole(['migrate', 'all'], environment());
    expect(await again.exited).toBe(0);
    expect(again.output().match(/: at head/g)).toHaveLength(SCHEMAS.length);
    const wrong = compiledRole(['migrate', 'billing'], environment());
    expect(await wrong.exited).toBe(2);
    expect(wrong.output()).toMatch(/usage: role/);
  });
});

describe('every role from the environment alone', () => {
  it(
    'starts each role on the migrated database; /healthz and /readyz answer on its ops port; SIGTERM ends it with 0',
    { timeout: 600_000 },
    async () => {
      const started: Array<{ name: string; role: RoleProcess }> = [];
      try {
        // One after another, so a slow start is named.
        for (const name of Object.keys(ROLES)) {
          const ops = `http://127.0.0.1:${await freePort()}`;
          const role = compiledRole(
            [name],
            environment({
              MIGRATE_ON_START: 'false',
              PORT: String(await freePort()),
              OPS_PORT: new URL(ops).port,
              // The web role beside a worker, as the Deployments run them.
              PROGRAMS_JOB_WORKERS: 'false',
            }),
          );
          started.push({ name, role });
          await waitForOk(`${ops}/healthz`, role, 180_000);
          expect(await (await fetch(`${ops}/healthz`)).json(), name).toEqual({ status: 'ok', service: name });
          await waitForOk(`${ops}/readyz`, role, 60_000);
        }
        const codes = await Promise.all(started.map(({ role }) => role.stop()));
        expect(Object.fromEntries(started.map(({ name }, i) => [name, codes[i]]))).toEqual(
          Object.fromEntries(started.map(({ name }) => [name, 0])),
        );
      } finally {
        await Promise.all(started.map(({ role }) => role.stop()));
      }
    },
  );
});

describe('the registry-sync role', () => {
  const cdns: string[] = [];
  afterAll(() => {
    for (const cdn of cdns) fs.rmSync(cdn, { recursive: true, force: true });
  });
  /** An image's CDN folder: one published build per remote, as its build stage leaves it. */
  function imageCdn(version: string): string {
    const cdn = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-roles-cdn-'));
    cdns.push(cdn);
    for (const remote of REMOTE_LIST) {
      const dir = path.join(cdn, 'bundles', remote.folder, version);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(
        path.join(dir, 'routes.json'),
        JSON.stringify({
          name: remote.name,
          routes: [{ path: `/${remote.folder}`, access: 'public', layout: 'default', title: remote.name, ready: true }],
        }),
      );
    }
    return cdn;
  }
  const pointers = async () =>
    Object.fromEntries(
      (
        await db.query<{ remote: string; live_version: string }>(
          'select remote, live_version from gateway.remote_pointer',
        )
      ).rows.map((row) => [row.remote, row.live_version]),
    );

  it(
    'makes a fresh registry serve the image’s remotes, then leaves a remote its CI released alone',
    { timeout: 180_000 },
    async () => {
      const migrated = compiledRole(['migrate', 'gateway'], environment());
      expect(await migrated.exited, migrated.output()).toBe(0);
      const first = imageCdn('1.0.0-aaaa');
      const sync = compiledRole(
        ['registry-sync'],
        environment({ CDN_DIR: first, REGISTRY_MANIFEST_BASE: 'https://cdn.example.com/bundles' }),
      );
      expect(await sync.exited, sync.output()).toBe(0);
      expect(await pointers()).toEqual(Object.fromEntries(REMOTE_LIST.map((remote) => [remote.name, '1.0.0-aaaa'])));
      const [manifest] = (
        await db.query<{ manifest_url: string }>(`select manifest_url from gateway.remote_release where remote = $1`, [
          REMOTE_LIST[0]!.name,
        ])
      ).rows;
      expect(manifest!.manifest_url).toBe(
        `https://cdn.example.com/bundles/${REMOTE_LIST[0]!.folder}/1.0.0-aaaa/mf-manifest.json`,
      );

      // A remote's CI releases through the operator API (the same transaction, written here directly).
      const owned = REMOTE_LIST[0]!.name;
      await db.query(
        `insert into gateway.remote_release (remote, version, manifest_url, routes, shared, released_by) select remote, '2.0.0', 'https://static.example.com/m.json', routes, shared, 'ci:team#1' from gateway.remote_release where remote = $1`,
        [owned],
      );
      await db.query(
        `update gateway.remote_pointer set live_version = '2.0.0', revision = revision + 1 where remote = $1`,
        [owned],
      );
      const next = compiledRole(['registry-sync'], environment({ CDN_DIR: imageCdn('1.0.0-bbbb') }));
      expect(await next.exited, next.output()).toBe(0);
      expect(next.output()).toContain(`${owned} 1.0.0-bbbb: left alone (released by another: ci:team#1)`);
      expect(await pointers()).toEqual(
        Object.fromEntries(REMOTE_LIST.map((remote) => [remote.name, remote.name === owned ? '2.0.0' : '1.0.0-bbbb'])),
      );

      // Two builds of a remote in the folder: not the image's own, so nothing is guessed.
      fs.mkdirSync(path.join(first, 'bundles', REMOTE_LIST[0]!.folder, '1.0.0-cccc'));
      const ambiguous = compiledRole(['registry-sync'], environment({ CDN_DIR: first }));
      expect(await ambiguous.exited).toBe(1);
      expect(ambiguous.output()).toMatch(/holds 2 builds .*expects the image's one build per remote/);
    },
  );
});

describe('the create-operator role', () => {
  it("makes a site's first operator on the migrated database, the password from the environment", async () => {
    const made = compiledRole(
      ['create-operator', '--email', 'first-ops@example.com', '--name', '김운영'],
      environment({ OPERATOR_PASSWORD: 'operator-pass-1!' }),
    );
    expect(await made.exited, made.output()).toBe(0);
    expect(made.output()).toContain('first-ops@example.com: operator created (ROLE_ADMIN).');
    const { rows } = await db.query<{ user_role: string }>(
      `select user_role from account.user_account where email = 'first-ops@example.com'`,
    );
    expect(rows.map((row) => row.user_role)).toEqual(['ROLE_ADMIN']);
  });
});
