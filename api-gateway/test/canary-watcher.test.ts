import { randomUUID } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMailSink, type MailSink } from '@sq/stack/peers/mail-sink';
import { buildGateway } from '../src/app';
import { checkCanaries } from '../src/releases/canary-watcher';
import { releaseRemote } from '../src/releases/release-actions';
import { DEFAULT_WATCH } from '../src/releases/releases-config';
import { readRegistryState } from '../src/releases/registry-store';
import { VISITOR_COOKIE } from '@sq/contracts';
import { canaryBucket } from '../src/releases/visitor-version';
import { startGateway, startUpstreams } from './helpers';

/**
 * Automatic rollback: page views and errors are rows of gateway.rum_event as POST /api/rum writes them (each
 * naming its visitor and address group), inserted here directly; the owners' mail goes to the local SMTP sink.
 */
const WATCH = { ...DEFAULT_WATCH, intervalMs: 100, windowMs: 60_000, margin: 0.05, minViews: 20, minVisitors: 20 };
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
      owners: { mfe_watched: ['owner@example.kr', 'lead@example.kr'], mfe_flooded: ['flood-owner@example.kr'] },
      smtp: {
        host: '127.0.0.1',
        port: sink.smtpPort,
        secure: false,
        from: '사이드퀘스트 <no-reply@example.kr>',
        timeoutMs: 5_000,
      },
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

/** Each remote its own page: remotes may not share routes. */
const routes = (remote: string) => [
  { path: `/${remote}`, access: 'public' as const, layout: 'default' as const, title: '화면', ready: true },
];
const build = (remote: string, version: string) => ({
  remote,
  version,
  manifestUrl: `/bundles/${remote.replace(/_/g, '-')}/${version}/mf-manifest.json`,
  routes: routes(remote),
  shared: {},
});

async function startCanary(remote: string) {
  await releaseRemote(knex, { build: build(remote, 'stable'), actor: 'tester', shellProvides: null });
  await releaseRemote(knex, {
    build: build(remote, 'canary'),
    actor: 'tester',
    shellProvides: null,
    canaryPercent: 50,
  });
}

/**
 * `visitors` distinct visitors of `version`, each with `views` page views and `errors` errors; from `sources`
 * address groups in turn (one, as on a single machine, unless told).
 */
async function visits(remote: string, version: string, visitors: number, views: number, errors: number, sources = 1) {
  const row = { route: '/watched', remote, remote_version: version, shell_version: 'test' };
  const rows = Array.from({ length: visitors }, (_, n) => {
    const sender = { visitor: randomUUID(), source: `source-${n % sources}` };
    return [
      ...Array.from({ length: views }, () => ({ ...row, ...sender, kind: 'view' })),
      ...Array.from({ length: errors }, () => ({ ...row, ...sender, kind: 'error', message: 'mount failed' })),
    ];
  }).flat();
  if (rows.length) await knex.batchInsert('gateway.rum_event', rows, 1_000);
}

const anomalyOf = async (remote: string) =>
  (
    await knex('gateway.rum_anomaly')
      .where({ remote })
      .select('canary_version', knex.raw("detail->>'reason' as reason"))
  )[0] as { canary_version: string; reason: string } | undefined;

const state = async (remote: string) => (await readRegistryState(knex)).find((s) => s.remote === remote)!;

describe('automatic rollback of a canary', () => {
  it('leaves a canary alone while either side has fewer distinct visitors than the minimum, however many rows they sent', async () => {
    await startCanary('mfe_young');
    await visits('mfe_young', 'stable', 100, 1, 0);
    // Few visitors, each failing on every page: many rows, but not enough people to decide.
    await visits('mfe_young', 'canary', WATCH.minVisitors - 1, 5, 5);
    expect(await checkCanaries(knex, WATCH)).toEqual({ rollbacks: [], anomalies: [] });
    expect((await state('mfe_young')).canary?.version).toBe('canary');

    await startCanary('mfe_lonely');
    await visits('mfe_lonely', 'stable', WATCH.minVisitors - 1, 5, 0);
    await visits('mfe_lonely', 'canary', 100, 1, 1);
    expect((await checkCanaries(knex, WATCH)).rollbacks).toEqual([]);
    expect((await state('mfe_lonely')).canary?.version).toBe('canary');
  });

  it('leaves a canary whose error rate is within the margin of the stable one', async () => {
    await startCanary('mfe_fine');
    await visits('mfe_fine', 'stable', 90, 1, 0);
    await visits('mfe_fine', 'stable', 10, 1, 1);
    await visits('mfe_fine', 'canary', 86, 1, 0);
    await visits('mfe_fine', 'canary', 14, 1, 1);
    expect(await checkCanaries(knex, WATCH)).toEqual({ rollbacks: [], anomalies: [] });
    expect((await state('mfe_fine')).canary?.version).toBe('canary');
  });

  it("counts each visitor's page views and errors only up to the cap: one visitor's flood does not decide", async () => {
    await startCanary('mfe_capped');
    await visits('mfe_capped', 'stable', 30, 1, 0);
    await visits('mfe_capped', 'canary', 30, 1, 0);
    // One visitor with a page view and a hundred errors counts as one view with one error: 1 of 31, within the margin.
    await visits('mfe_capped', 'canary', 1, 1, 100);
    // Rows without a visitor (sent before reports were checked) count for nothing.
    await knex('gateway.rum_event').insert(
      Array.from({ length: 50 }, () => ({
        route: '/watched',
        remote: 'mfe_capped',
        remote_version: 'canary',
        shell_version: 'test',
        kind: 'error',
        message: 'x',
      })),
    );
    expect(await checkCanaries(knex, WATCH)).toEqual({ rollbacks: [], anomalies: [] });
    expect((await state('mfe_capped')).canary?.version).toBe('canary');
  });

  it("alerts instead of acting when a side's reports come from few visitors, once per canary", async () => {
    await startCanary('mfe_pumped');
    await visits('mfe_pumped', 'stable', 30, 1, 0);
    await visits('mfe_pumped', 'canary', 25, 1, 0);
    // Two visitors, a thousand reports: capped they would make 2 of 27 views errors, beyond the margin.
    await visits('mfe_pumped', 'canary', 2, 1, 500);
    // This look or the running gateway's finds it first: either way it is recorded once, and nothing is decided.
    expect((await checkCanaries(knex, WATCH)).rollbacks).toEqual([]);
    expect(await anomalyOf('mfe_pumped')).toEqual({
      canary_version: 'canary',
      reason: '카나리의 보고 1027건이 방문자 27명에게서 왔어요 (한 명당 30건 초과).',
    });
    expect((await checkCanaries(knex, WATCH)).anomalies.filter((a) => a.remote === 'mfe_pumped')).toEqual([]);
    expect((await state('mfe_pumped')).canary?.version).toBe('canary');
  });

  it("alerts instead of acting when one address group holds most of a side's visitors, where visitors come from many", async () => {
    await startCanary('mfe_sybil');
    await visits('mfe_sybil', 'stable', 40, 1, 0, 10);
    await visits('mfe_sybil', 'canary', 10, 1, 0, 10);
    // Thirty fresh visitors from one address group, every page failing.
    await visits('mfe_sybil', 'canary', 30, 1, 1, 1);
    expect((await checkCanaries(knex, WATCH)).rollbacks).toEqual([]);
    expect(await anomalyOf('mfe_sybil')).toEqual({
      canary_version: 'canary',
      reason: '카나리 방문자 40명 중 31명이 한 주소 대역에서 왔어요 (50.0% 초과).',
    });
    expect((await state('mfe_sybil')).canary?.version).toBe('canary');
  });

  it("mails the owners of a running gateway's anomaly, logs it and counts it in /metrics", async () => {
    const warn = vi.spyOn(gateway.app.log, 'warn');
    await startCanary('mfe_flooded');
    await visits('mfe_flooded', 'stable', 30, 1, 0);
    await visits('mfe_flooded', 'canary', 3, 1, 200);
    const mail = await sink.waitFor('flood-owner@example.kr', 10_000);
    expect(mail.subject).toContain('mfe_flooded canary 카나리의 성능 보고가 이상해 자동 판단을 멈췄어요');
    expect(mail.text).toContain('카나리의 보고 603건이 방문자 3명에게서 왔어요');
    expect(await gateway.app.metrics.text()).toMatch(
      /^gateway_release_watch_anomalies_total\{remote="mfe_flooded"\} 1$/m,
    );
    await new Promise((resolve) => setTimeout(resolve, WATCH.intervalMs * 3));
    expect(sink.messages().filter((m) => m.to.includes('flood-owner@example.kr'))).toHaveLength(1);
    expect((await state('mfe_flooded')).canary?.version).toBe('canary');
    expect(
      warn.mock.calls.filter(
        ([object, message]) =>
          message === 'field figures anomalous: canary not judged automatically' &&
          (object as { remote?: string }).remote === 'mfe_flooded',
      ),
    ).toHaveLength(1);
  });

  it('rolls back exactly once when several gateways look at the same moment', async () => {
    await startCanary('mfe_raced');
    // Within the running gateway's margin (it leaves this canary alone), beyond the stricter one of these looks.
    const strict = { ...WATCH, margin: 0.01 };
    await visits('mfe_raced', 'stable', 100, 1, 0);
    await visits('mfe_raced', 'canary', 97, 1, 0);
    await visits('mfe_raced', 'canary', 3, 1, 1);
    const results = await Promise.all([
      checkCanaries(knex, strict),
      checkCanaries(knex, strict),
      checkCanaries(knex, strict),
    ]);
    expect(results.flatMap((r) => r.rollbacks).filter((r) => r.remote === 'mfe_raced')).toHaveLength(1);
    const raced = await state('mfe_raced');
    expect(raced.canary).toBeNull();
    expect(raced.events.filter((e) => e.kind === 'auto_rollback')).toHaveLength(1);
  });

  it('rolls a failing canary back by itself on a running gateway, logs why and mails the owners', async () => {
    // A second gateway on the same database watches too: still one rollback, one mail per owner.
    const second = await buildGateway(gateway.config);
    try {
      await startCanary('mfe_watched');
      // Every visitor from one machine's address, as with `npm start`: addresses tell nothing, visitors decide.
      await visits('mfe_watched', 'stable', 39, 1, 0);
      await visits('mfe_watched', 'stable', 1, 1, 1);
      await visits('mfe_watched', 'canary', 10, 1, 0);
      await visits('mfe_watched', 'canary', 30, 1, 1);
      const mail = await sink.waitFor('owner@example.kr', 10_000);
      expect(mail.subject).toContain('mfe_watched canary 카나리 출시가 자동으로 되돌려졌어요');
      expect(mail.text).toContain('안정 버전 stable');
      await sink.waitFor('lead@example.kr', 10_000);

      const watched = await state('mfe_watched');
      expect(watched.live.version).toBe('stable');
      expect(watched.canary).toBeNull();
      const [event] = watched.events;
      expect(event).toMatchObject({
        kind: 'auto_rollback',
        actor: 'release-watcher',
        before: { live: 'stable', canary: { version: 'canary', percent: 50 } },
        after: { live: 'stable', canary: null },
      });
      expect(event!.reason).toBe(
        '카나리 오류율 75.0% (페이지뷰 40, 오류 30)이 안정 버전 2.5% (페이지뷰 40, 오류 1)보다 5.0% 넘게 높아 (방문자 카나리 40명, 안정 버전 40명) 자동으로 되돌렸어요.',
      );
      // A visitor who had the canary is back on the stable version.
      const canaryVisitor = Array.from({ length: 100 }, () => randomUUID()).find(
        (id) => canaryBucket(id, 'mfe_watched') < 50,
      )!;
      const registry = (
        await gateway.app.inject({ url: '/remotes.json', headers: { cookie: `${VISITOR_COOKIE}=${canaryVisitor}` } })
      ).json() as { remotes: Array<{ name: string; version: string }> };
      expect(registry.remotes.find((r) => r.name === 'mfe_watched')?.version).toBe('stable');
      await new Promise((resolve) => setTimeout(resolve, WATCH.intervalMs * 3));
      expect(sink.messages().filter((m) => m.to.includes('owner@example.kr'))).toHaveLength(1);
      // Counted once, by whichever gateway made it (the alert on canary rollbacks reads the sum).
      const counted = async (app: typeof gateway.app) =>
        ((await app.metrics.registry.getSingleMetric('release_canary_rollbacks_total')?.get())?.values ?? [])
          .filter((v) => v.labels.remote === 'mfe_watched')
          .reduce((sum, v) => sum + v.value, 0);
      expect((await counted(gateway.app)) + (await counted(second))).toBe(1);
    } finally {
      await second.close();
    }
  });
});
