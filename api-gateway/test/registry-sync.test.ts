import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@sq/service-kit/testing';
import { migrateGateway } from '../src/migrations';
import { promoteRemote, releaseRemote, rollbackRemote } from '../src/releases/release-actions';
import { readPointer, readRemotesJson } from '../src/releases/registry-store';
import { syncBundles, type SyncOptions } from '../src/releases/registry-sync';

/**
 * Making published builds live in bulk: `npm start` (the checkout's builds win unless already live or the
 * canary) and the deploy's registry-sync Job (the registry's history wins: a remote's CI release or an
 * operator's rollback is never undone by a later sync).
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let knex: Knex;
let cdn: string;
beforeAll(async () => {
  database = await createTestDatabase('gateway');
  knex = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 4 } });
  await migrateGateway(knex, database.url);
  cdn = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-sync-'));
});
afterAll(async () => {
  await knex?.destroy();
  await database?.drop();
  if (cdn) fs.rmSync(cdn, { recursive: true, force: true });
});

/** A published bundle folder `bundles/<folder>/<version>/` of remote `name`, as publishBundle writes it. */
function publish(name: string, version: string): string {
  const dir = path.join(cdn, 'bundles', name.replace('_', '-'), version);
  fs.mkdirSync(dir, { recursive: true });
  const routes = [{ path: `/${name}`, access: 'public', layout: 'default', title: `화면 ${version}`, ready: true }];
  fs.writeFileSync(path.join(dir, 'routes.json'), JSON.stringify({ name, routes }));
  fs.writeFileSync(path.join(dir, 'shared-deps.json'), JSON.stringify({ requires: { react: '^19.2.0' } }));
  return dir;
}

/** What a remote's CI sends to POST /api/releases/:remote (its bundle on its own static host). */
const ciRelease = (remote: string, version: string, canaryPercent?: number) =>
  releaseRemote(knex, {
    build: {
      remote,
      version,
      manifestUrl: `https://static.example.com/${remote}/${version}/mf-manifest.json`,
      routes: [{ path: `/${remote}`, access: 'public', layout: 'default', title: 'CI', ready: true }],
      shared: {},
    },
    canaryPercent,
    actor: 'ci:mfe#42',
    shellProvides: null,
  });

const checkout: SyncOptions = { manifestBase: '/bundles', actor: 'cli:dev', shellProvides: null, keepReleased: false };
const image: SyncOptions = {
  manifestBase: 'https://cdn.example.com/bundles/',
  actor: 'registry-sync',
  shellProvides: null,
  keepReleased: true,
};
const live = async (remote: string) => (await readPointer(knex, remote))?.live;
const eventCount = async () => Number((await knex('gateway.remote_release_event').count({ n: '*' }))[0]!.n);

describe('npm start: the checkout’s builds', () => {
  it('go live on an empty registry, with the manifest under the base; an already live or canary build is left as it is', async () => {
    const [first] = await syncBundles(knex, [publish('mfe_local', '1.0.0-aaaa')], checkout);
    expect(first).toMatchObject({ skipped: null, result: { changed: true, kind: 'release' } });
    expect((await readRemotesJson(knex)).remotes.find((e) => e.name === 'mfe_local')).toMatchObject({
      version: '1.0.0-aaaa',
      manifestUrl: '/bundles/mfe-local/1.0.0-aaaa/mf-manifest.json',
    });

    const events = await eventCount();
    expect(await syncBundles(knex, [publish('mfe_local', '1.0.0-aaaa')], checkout)).toMatchObject([
      { skipped: 'live' },
    ]);
    await ciRelease('mfe_local', '2.0.0', 10);
    expect(await syncBundles(knex, [publish('mfe_local', '2.0.0')], checkout)).toMatchObject([{ skipped: 'canary' }]);
    expect(await readPointer(knex, 'mfe_local')).toMatchObject({
      live: '1.0.0-aaaa',
      canary: { version: '2.0.0', percent: 10 },
    });
    expect(await eventCount()).toBe(events + 1);

    // A changed checkout is the developer's newest work: it goes live over anything else.
    await syncBundles(knex, [publish('mfe_local', '1.0.0-bbbb')], checkout);
    expect(await readPointer(knex, 'mfe_local')).toMatchObject({ live: '1.0.0-bbbb', canary: null });
  });
});

describe('the deploy’s registry-sync: the registry’s history wins over the image', () => {
  it('makes a fresh cluster’s remotes live from the image, with the configured manifest base', async () => {
    const outcomes = await syncBundles(
      knex,
      [publish('mfe_alpha', '1.0.0-a1'), publish('mfe_beta', '1.0.0-b1')],
      image,
    );
    expect(outcomes.map((o) => o.skipped)).toEqual([null, null]);
    const remotes = (await readRemotesJson(knex)).remotes;
    expect(remotes.find((e) => e.name === 'mfe_alpha')).toMatchObject({
      version: '1.0.0-a1',
      manifestUrl: 'https://cdn.example.com/bundles/mfe-alpha/1.0.0-a1/mf-manifest.json',
    });
    expect(remotes.find((e) => e.name === 'mfe_beta')).toMatchObject({ version: '1.0.0-b1' });
    // The same image again (a re-run rollout, a retried Job) writes nothing.
    const events = await eventCount();
    expect((await syncBundles(knex, [publish('mfe_alpha', '1.0.0-a1')], image)).map((o) => o.skipped)).toEqual([
      'live',
    ]);
    expect(await eventCount()).toBe(events);
  });

  it('never undoes a release a remote’s CI made after it, live or canary, with the same image or a newer one', async () => {
    await ciRelease('mfe_alpha', '2.0.0');
    await ciRelease('mfe_beta', '2.0.0', 20);
    const again = await syncBundles(knex, [publish('mfe_alpha', '1.0.0-a1'), publish('mfe_beta', '1.0.0-b1')], image);
    expect(again.map((o) => o.skipped)).toEqual(['released before', 'live']);
    const newer = await syncBundles(knex, [publish('mfe_alpha', '1.0.0-a2'), publish('mfe_beta', '1.0.0-b2')], image);
    expect(newer).toMatchObject([
      { skipped: 'released by another', by: 'ci:mfe#42' },
      { skipped: 'released by another', by: 'ci:mfe#42' },
    ]);
    expect(await live('mfe_alpha')).toBe('2.0.0');
    expect(await readPointer(knex, 'mfe_beta')).toMatchObject({
      live: '1.0.0-b1',
      canary: { version: '2.0.0', percent: 20 },
    });
    // npm start's rule would have put the image's build back over the CI's release.
    expect(
      (
        await syncBundles(knex, [publish('mfe_alpha', '1.0.0-a2')], { ...checkout, manifestBase: image.manifestBase })
      )[0]!.skipped,
    ).toBeNull();
  });

  it('keeps an operator’s rollback of an image build, and releases the next image’s build of a remote it still owns', async () => {
    await syncBundles(knex, [publish('mfe_gamma', '1.0.0-g1')], image);
    await syncBundles(knex, [publish('mfe_gamma', '1.0.0-g2')], image);
    expect(await live('mfe_gamma')).toBe('1.0.0-g2');
    await rollbackRemote(knex, { remote: 'mfe_gamma', actor: 'operator:1', reason: 'g2 breaks the list' });
    expect(await live('mfe_gamma')).toBe('1.0.0-g1');
    expect((await syncBundles(knex, [publish('mfe_gamma', '1.0.0-g2')], image))[0]!.skipped).toBe('released before');
    expect(await live('mfe_gamma')).toBe('1.0.0-g1');
    // A fixed build in the next image: the remote's live version is still the image's, so it goes live.
    expect((await syncBundles(knex, [publish('mfe_gamma', '1.0.0-g3')], image))[0]).toMatchObject({
      skipped: null,
      result: { kind: 'release' },
    });
    expect(await live('mfe_gamma')).toBe('1.0.0-g3');
    // Once the team promotes a CI canary, the remote is theirs.
    await ciRelease('mfe_gamma', '2.0.0', 5);
    await promoteRemote(knex, { remote: 'mfe_gamma', actor: 'ci:mfe#43' });
    expect((await syncBundles(knex, [publish('mfe_gamma', '1.0.0-g4')], image))[0]!.skipped).toBe(
      'released by another',
    );
    expect(await live('mfe_gamma')).toBe('2.0.0');
  });
});
