import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sq/contracts';
import { createTestDatabase } from '@sq/service-kit/testing';
import { migrateGateway } from '../src/migrations';
import { promoteRemote, releaseRemote, rollbackRemote, type Build } from '../src/releases/release-actions';
import { readRegistryState, readRemotesJson } from '../src/releases/registry-store';

/** The registry in PostgreSQL (migration 010): releases, one pointer per remote moved by compare-and-swap, the audit log. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let knex: Knex;
beforeAll(async () => {
  database = await createTestDatabase('gateway');
  knex = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 10 } });
  await migrateGateway(knex, database.url);
});
afterAll(async () => {
  await knex?.destroy();
  await database?.drop();
});

const SHELL = { react: '19.2.0', 'react-dom': '19.2.0', jotai: '2.15.1' };

function build(
  remote: string,
  version: string,
  shared: Record<string, string> = { react: '^19.2.0', jotai: '^2.15.0' },
): Build {
  return {
    remote,
    version,
    manifestUrl: `/bundles/${remote.replace('_', '-')}/${version}/mf-manifest.json`,
    routes: [
      { path: `/${remote}/${version}`, access: 'public', layout: 'default', title: `화면 ${version}`, ready: true },
    ],
    shared,
  };
}

const release = (remote: string, version: string, extra: Partial<Parameters<typeof releaseRemote>[1]> = {}) =>
  releaseRemote(knex, { build: build(remote, version), actor: 'tester', shellProvides: SHELL, ...extra });

const entry = async (remote: string) => (await readRemotesJson(knex)).remotes.find((e) => e.name === remote);

describe('the remote registry', () => {
  it('serves the live version, its canary with its share, and earlier releases; promote and rollback move the pointer', async () => {
    await release('mfe_alpha', '1.0.0');
    await release('mfe_alpha', '1.1.0', { canaryPercent: 25 });
    expect(await entry('mfe_alpha')).toMatchObject({
      version: '1.0.0',
      routes: [{ path: '/mfe_alpha/1.0.0' }],
      canary: {
        version: '1.1.0',
        percent: 25,
        manifestUrl: '/bundles/mfe-alpha/1.1.0/mf-manifest.json',
        routes: [{ path: '/mfe_alpha/1.1.0' }],
      },
      history: [expect.objectContaining({ version: '1.1.0' })],
    });

    await promoteRemote(knex, { remote: 'mfe_alpha', actor: 'tester' });
    const promoted = await entry('mfe_alpha');
    expect(promoted).toMatchObject({ version: '1.1.0', routes: [{ path: '/mfe_alpha/1.1.0' }] });
    expect(promoted?.canary).toBeUndefined();

    // Rolling back with no canary running: the live version before this one.
    await rollbackRemote(knex, { remote: 'mfe_alpha', actor: 'tester' });
    expect((await entry('mfe_alpha'))?.version).toBe('1.0.0');

    // A canary is ended by rollback; the live version stays.
    await release('mfe_alpha', '1.2.0', { canaryPercent: 10 });
    await rollbackRemote(knex, { remote: 'mfe_alpha', actor: 'tester', reason: '오류 확인' });
    const ended = await entry('mfe_alpha');
    expect(ended?.version).toBe('1.0.0');
    expect(ended?.canary).toBeUndefined();

    const [state] = (await readRegistryState(knex)).filter((s) => s.remote === 'mfe_alpha');
    expect(
      state!.events.map((e) => [e.kind, e.before?.live ?? null, e.after.live, e.after.canary?.version ?? null]),
    ).toEqual([
      ['rollback', '1.0.0', '1.0.0', null],
      ['canary', '1.0.0', '1.0.0', '1.2.0'],
      ['rollback', '1.1.0', '1.0.0', null],
      ['promote', '1.0.0', '1.1.0', null],
      ['canary', '1.0.0', '1.0.0', '1.1.0'],
      ['release', null, '1.0.0', null],
    ]);
    expect(state!.events[0]).toMatchObject({ actor: 'tester', reason: '오류 확인' });
    expect(state!.releases.map((r) => r.version).sort()).toEqual(['1.0.0', '1.1.0', '1.2.0']);
  });

  it('serialises two releases made at once by compare-and-swap: one wins, the other gets a conflict and writes nothing', async () => {
    await release('mfe_beta', '1.0.0');
    const { revision } = (await readRegistryState(knex)).find((s) => s.remote === 'mfe_beta')!;
    const outcomes = await Promise.allSettled([
      release('mfe_beta', '2.0.0', { expectedRevision: revision }),
      release('mfe_beta', '3.0.0', { expectedRevision: revision }),
    ]);
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.reason).toMatchObject({ status: 409, message: MESSAGES.releaseConflict });
    const state = (await readRegistryState(knex)).find((s) => s.remote === 'mfe_beta')!;
    expect(state.revision).toBe(revision + 1);
    expect(state.events.filter((e) => e.kind === 'release')).toHaveLength(2);
    // Retried on the new revision, the other release goes through cleanly.
    const loser = state.live.version === '2.0.0' ? '3.0.0' : '2.0.0';
    await release('mfe_beta', loser, { expectedRevision: state.revision });
    expect((await entry('mfe_beta'))?.version).toBe(loser);
  });

  it('never lets two first releases of a remote both write, even without an expected revision', async () => {
    const outcomes = await Promise.allSettled([release('mfe_gamma', '1.0.0'), release('mfe_gamma', '1.0.1')]);
    const state = (await readRegistryState(knex)).find((s) => s.remote === 'mfe_gamma')!;
    // Either both applied one after the other (the second saw the first's revision) or one got a conflict;
    // the audit log has exactly one event per applied change and the pointer's revision counts them.
    const applied = outcomes.filter((o) => o.status === 'fulfilled').length;
    expect(state.events).toHaveLength(applied);
    expect(state.revision).toBe(applied);
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toMatchObject({ status: 409 });
  });

  it('refuses a build whose shared dependency the live shell provides in an incompatible version, naming both versions; force releases it and logs it', async () => {
    await release('mfe_delta', '1.0.0');
    const skewed = build('mfe_delta', '2.0.0', { react: '^20.0.0', jotai: '^2.15.0' });
    const refused = await releaseRemote(knex, { build: skewed, actor: 'tester', shellProvides: SHELL }).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({
      status: 422,
      skew: [{ dependency: 'react', required: '^20.0.0', provided: '19.2.0' }],
    });
    const message = (refused as Error).message;
    expect(message).toContain('react');
    expect(message).toContain('^20.0.0');
    expect(message).toContain('19.2.0');
    expect((await entry('mfe_delta'))?.version).toBe('1.0.0');
    expect((await entry('mfe_delta'))?.history).toEqual([]);

    await releaseRemote(knex, { build: skewed, actor: 'tester', shellProvides: SHELL, force: true });
    expect((await entry('mfe_delta'))?.version).toBe('2.0.0');
    const [forced] = (await readRegistryState(knex)).find((s) => s.remote === 'mfe_delta')!.events;
    expect(forced).toMatchObject({ kind: 'forced_release', actor: 'tester' });
    expect(forced!.reason).toContain('react: 빌드 ^20.0.0, 셸 19.2.0');
  });

  it('keeps released versions immutable and refuses what cannot be done, in Korean, with nothing written', async () => {
    await release('mfe_epsilon', '1.0.0');
    const other = { ...build('mfe_epsilon', '1.0.0'), manifestUrl: 'https://cdn.example/other/mf-manifest.json' };
    await expect(releaseRemote(knex, { build: other, actor: 'tester', shellProvides: SHELL })).rejects.toMatchObject({
      status: 409,
      message: MESSAGES.releaseVersionMismatch,
    });
    await expect(promoteRemote(knex, { remote: 'mfe_epsilon', actor: 'tester' })).rejects.toMatchObject({
      status: 409,
      message: MESSAGES.releaseNoCanary,
    });
    await expect(rollbackRemote(knex, { remote: 'mfe_epsilon', actor: 'tester' })).rejects.toMatchObject({
      status: 409,
      message: MESSAGES.releaseNoEarlierVersion,
    });
    await expect(
      rollbackRemote(knex, { remote: 'mfe_epsilon', actor: 'tester', toVersion: '0.9.0' }),
    ).rejects.toMatchObject({ status: 404, message: MESSAGES.releaseUnknownVersion });
    await expect(release('mfe_zeta', '1.0.0', { canaryPercent: 50 })).rejects.toMatchObject({
      status: 409,
      message: MESSAGES.releaseNoLiveVersion,
    });
    await expect(release('mfe_epsilon', '1.1.0', { canaryPercent: 100 })).rejects.toMatchObject({
      status: 400,
      message: MESSAGES.releaseInvalid,
    });
    const state = (await readRegistryState(knex)).find((s) => s.remote === 'mfe_epsilon')!;
    expect(state.events).toHaveLength(1);
    expect(state.live.manifestUrl).toBe('/bundles/mfe-epsilon/1.0.0/mf-manifest.json');
    expect(await entry('mfe_zeta')).toBeUndefined();
  });
});
