import { randomUUID } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailSink, type MailSink } from '@sq/stack/peers/mail-sink';
import { buildGateway } from '../src/app';
import { checkCanaries } from '../src/releases/canary-watcher';
import { releaseRemote } from '../src/releases/release-actions';
import { readRegistryState } from '../src/releases/registry-store';
import { VISITOR_COOKIE } from '@sq/contracts';
import { canaryBucket } from '../src/releases/visitor-version';
import { startGateway, startUpstreams } from './helpers';

/**
 * Automatic rollback: page views and errors are rows of gateway.rum_event as POST /api/rum writes them,
 * inserted here directly; the owners' mail goes to the local SMTP sink.
 */
const WATCH = { intervalMs: 100, windowMs: 60_000, margin: 0.05, minViews: 20 };
let upstreams: Awaited<ReturnType<typeof startUpstreams>>;
let gateway: Awaited<ReturnType<typeof startGateway>>;
let sink: MailSink;
let knex: Knex;

beforeAll(async () => {
  sink = await startMailSink();
  upstreams = await startUpstreams();
  gateway = await startGateway(upstreams.urls, {
    releases: {
      watch: WATCH,
      owners: { mfe_watched: ['owner@example.kr', 'lead@example.kr'] },
      smtp: { host: '127.0.0.1', port: sink.smtpPort, secure: false, from: '사이드퀘스트 <no-reply@example.kr>', timeoutMs: 5_000 },
    },
  });
  knex = knexFactory({ client: 'pg', connection: gateway.config.databaseUrl, pool: { min: 0, max: 4 } });
});
afterAll(async () => {
  await knex?.destroy();
  await gateway?.close();
  await upstreams?.stop();
  await sink?.close();
});

const routes = [{ path: '/watched', access: 'public' as const, layout: 'default' as const, title: '화면', ready: true }];
const build = (remote: string, version: string) => ({ remote, version, manifestUrl: `/bundles/${remote}/${version}/mf-manifest.json`, routes, shared: {} });

async function startCanary(remote: string) {
  await releaseRemote(knex, { build: build(remote, 'stable'), actor: 'tester', shellProvides: null });
  await releaseRemote(knex, { build: build(remote, 'canary'), actor: 'tester', shellProvides: null, canaryPercent: 50 });
}

async function visits(remote: string, version: string, views: number, errors: number) {
  const row = { route: '/watched', remote, remote_version: version, shell_version: 'test' };
  const rows = [...Array.from({ length: views }, () => ({ ...row, kind: 'view' })), ...Array.from({ length: errors }, () => ({ ...row, kind: 'error', message: 'mount failed' }))];
  if (rows.length) await knex('gateway.rum_event').insert(rows);
}

const state = async (remote: string) => (await readRegistryState(knex)).find((s) => s.remote === remote)!;

describe('automatic rollback of a canary', () => {
  it('leaves a canary alone while it has fewer page views than the minimum, however bad its first ones', async () => {
    await startCanary('mfe_young');
    await visits('mfe_young', 'stable', 100, 0);
    await visits('mfe_young', 'canary', WATCH.minViews - 1, WATCH.minViews - 1);
    expect(await checkCanaries(knex, WATCH)).toEqual([]);
    expect((await state('mfe_young')).canary?.version).toBe('canary');
  });

  it('leaves a canary whose error rate is within the margin of the stable one', async () => {
    await startCanary('mfe_fine');
    await visits('mfe_fine', 'stable', 100, 10);
    await visits('mfe_fine', 'canary', 100, 14);
    expect(await checkCanaries(knex, WATCH)).toEqual([]);
    expect((await state('mfe_fine')).canary?.version).toBe('canary');
  });

  it('rolls back exactly once when several gateways look at the same moment', async () => {
    await startCanary('mfe_raced');
    // Within the running gateway's margin (it leaves this canary alone), beyond the stricter one of these looks.
    const strict = { ...WATCH, margin: 0.01 };
    await visits('mfe_raced', 'stable', 100, 0);
    await visits('mfe_raced', 'canary', 100, 3);
    const results = await Promise.all([checkCanaries(knex, strict), checkCanaries(knex, strict), checkCanaries(knex, strict)]);
    expect(results.flat().filter((r) => r.remote === 'mfe_raced')).toHaveLength(1);
    const raced = await state('mfe_raced');
    expect(raced.canary).toBeNull();
    expect(raced.events.filter((e) => e.kind === 'auto_rollback')).toHaveLength(1);
  });

  it('rolls a failing canary back by itself on a running gateway, logs why and mails the owners', async () => {
    // A second gateway on the same database watches too: still one rollback, one mail per owner.
    const second = await buildGateway(gateway.config);
    try {
      await startCanary('mfe_watched');
      await visits('mfe_watched', 'stable', 40, 1);
      await visits('mfe_watched', 'canary', 40, 30);
      const mail = await sink.waitFor('owner@example.kr', 10_000);
      expect(mail.subject).toContain('mfe_watched canary 카나리 출시가 자동으로 되돌려졌어요');
      expect(mail.text).toContain('안정 버전 stable');
      await sink.waitFor('lead@example.kr', 10_000);

      const watched = await state('mfe_watched');
      expect(watched.live.version).toBe('stable');
      expect(watched.canary).toBeNull();
      const [event] = watched.events;
      expect(event).toMatchObject({ kind: 'auto_rollback', actor: 'release-watcher', before: { live: 'stable', canary: { version: 'canary', percent: 50 } }, after: { live: 'stable', canary: null } });
      expect(event!.reason).toContain('페이지뷰 40, 오류 30');
      // A visitor who had the canary is back on the stable version.
      const canaryVisitor = Array.from({ length: 100 }, () => randomUUID()).find((id) => canaryBucket(id, 'mfe_watched') < 50)!;
      const registry = (await gateway.app.inject({ url: '/remotes.json', headers: { cookie: `${VISITOR_COOKIE}=${canaryVisitor}` } })).json() as { remotes: Array<{ name: string; version: string }> };
      expect(registry.remotes.find((r) => r.name === 'mfe_watched')?.version).toBe('stable');
      await new Promise((resolve) => setTimeout(resolve, WATCH.intervalMs * 3));
      expect(sink.messages().filter((m) => m.to.includes('owner@example.kr'))).toHaveLength(1);
      // Counted once, by whichever gateway made it (the alert on canary rollbacks reads the sum).
      const counted = async (app: typeof gateway.app) => ((await app.metrics.registry.getSingleMetric('release_canary_rollbacks_total')?.get())?.values ?? [])
        .filter((v) => v.labels.remote === 'mfe_watched').reduce((sum, v) => sum + v.value, 0);
      expect((await counted(gateway.app)) + (await counted(second))).toBe(1);
    } finally {
      await second.close();
    }
  });
});
