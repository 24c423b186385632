import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { publishBundles } from '../src/publish-bundles';
import { startRole } from '../src/role-process';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
};

/** An image's CDN folder with the given builds: `{ 'mfe-programs/1.0.0': { 'remoteEntry.js': '…' } }`. */
function cdnWith(builds: Record<string, Record<string, string>>): string {
  const cdn = tempDir('sq-publish-cdn-');
  for (const [build, files] of Object.entries(builds)) {
    for (const [file, text] of Object.entries(files)) {
      const at = path.join(cdn, 'bundles', build, file);
      fs.mkdirSync(path.dirname(at), { recursive: true });
      fs.writeFileSync(at, text);
    }
  }
  return cdn;
}

/** What a static host serving the store would list: every file, relative to the store. */
function served(store: string): string[] {
  return (fs.readdirSync(store, { recursive: true }) as string[])
    .filter((file) => fs.statSync(path.join(store, file)).isFile())
    .sort();
}

describe('publishing the image’s bundles to a static host', () => {
  const build = { 'remoteEntry.js': 'entry 1', 'mf-manifest.json': '{"v":1}', 'static/js/app.js': 'app 1' };

  it('copies every remote’s version whole, with nothing half-copied left beside it', () => {
    const cdn = cdnWith({ 'mfe-programs/1.0.0': build, 'mfe-itskill/2.1.0': { 'remoteEntry.js': 'itskill' } });
    const store = tempDir('sq-publish-store-');
    expect(publishBundles(store, cdn)).toEqual([
      { remote: 'mfe-itskill', version: '2.1.0', outcome: 'copied' },
      { remote: 'mfe-programs', version: '1.0.0', outcome: 'copied' },
    ]);
    expect(served(store)).toEqual([
      'mfe-itskill/2.1.0/remoteEntry.js',
      'mfe-programs/1.0.0/mf-manifest.json',
      'mfe-programs/1.0.0/remoteEntry.js',
      'mfe-programs/1.0.0/static/js/app.js',
    ]);
    expect(fs.readFileSync(path.join(store, 'mfe-programs/1.0.0/static/js/app.js'), 'utf8')).toBe('app 1');
  });

  it('leaves a version the host already has, and every older one, as they are: a rerun of the Job changes nothing', () => {
    const store = tempDir('sq-publish-store-');
    publishBundles(store, cdnWith({ 'mfe-programs/0.9.0': { 'remoteEntry.js': 'older' } }));
    const cdn = cdnWith({ 'mfe-programs/1.0.0': build });
    publishBundles(store, cdn);
    expect(publishBundles(store, cdn)).toEqual([{ remote: 'mfe-programs', version: '1.0.0', outcome: 'present' }]);
    // Visitors still on the older version (a rollback may point at it again) keep loading it.
    expect(fs.readFileSync(path.join(store, 'mfe-programs/0.9.0/remoteEntry.js'), 'utf8')).toBe('older');
  });

  it('refuses a different build under a version the host already serves, naming the file, and changes nothing', () => {
    const store = tempDir('sq-publish-store-');
    publishBundles(store, cdnWith({ 'mfe-programs/1.0.0': build }));
    const rebuilt = cdnWith({ 'mfe-programs/1.0.0': { ...build, 'static/js/app.js': 'app 2' } });
    expect(() => publishBundles(store, rebuilt)).toThrow(
      /mfe-programs\/1\.0\.0 already holds a different build of mfe-programs 1\.0\.0 \(static\/js\/app\.js differs\)/,
    );
    expect(fs.readFileSync(path.join(store, 'mfe-programs/1.0.0/static/js/app.js'), 'utf8')).toBe('app 1');
    expect(fs.readdirSync(path.join(store, 'mfe-programs'))).toEqual(['1.0.0']);
  });

  it(
    'runs as the publish-bundles role from its environment, and says what it needs when BUNDLE_STORE_DIR is missing',
    { timeout: 60_000 },
    async () => {
      const cdn = cdnWith({ 'mfe-careercard/1.4.0': { 'remoteEntry.js': 'card' } });
      const store = tempDir('sq-publish-store-');
      const role = startRole(['publish-bundles'], { CDN_DIR: cdn, BUNDLE_STORE_DIR: store });
      expect(await role.exited, role.output()).toBe(0);
      expect(role.output()).toContain('[publish-bundles] mfe-careercard 1.4.0: copied');
      expect(served(store)).toEqual(['mfe-careercard/1.4.0/remoteEntry.js']);
      const missing = startRole(['publish-bundles'], { CDN_DIR: cdn });
      expect(await missing.exited).toBe(1);
      expect(missing.output()).toContain('BUNDLE_STORE_DIR is not set');
    },
  );
});
