import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CDN_DIR } from './paths';

export interface PublishedVersion {
  remote: string;
  version: string;
  /** `copied`: new on the host; `present`: the host already had this version, byte for byte. */
  outcome: 'copied' | 'present';
}

/** Every file under `dir`, relative, sorted, with its SHA-256: what makes two copies of a version the same. */
function fingerprint(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const name = path.join(relative, entry.name);
      if (entry.isDirectory()) walk(name);
      else
        files.set(
          name,
          createHash('sha256')
            .update(fs.readFileSync(path.join(dir, name)))
            .digest('hex'),
        );
    }
  };
  walk('');
  return new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
}

/** The first file that makes two copies of a version differ, or null when they are the same. */
function firstDifference(a: Map<string, string>, b: Map<string, string>): string | null {
  for (const [file, hash] of a) if (b.get(file) !== hash) return file;
  for (const file of b.keys()) if (!a.has(file)) return file;
  return null;
}

/** A version folder being copied (or left by a copy that was killed): never served, never taken for a version. */
const isPartial = (name: string) => name.startsWith('.');

/**
 * Copies every remote build under `<cdnDir>/bundles/<remote>/<version>/` to `<storeDir>/<remote>/<version>/`, the
 * folder a static host serves as REGISTRY_MANIFEST_BASE (the `publish-bundles` role, run before registry-sync).
 * Versions are immutable: one the host already has is left as it is when it is the same build, and refused,
 * naming the first differing file, when it is not (a version reused for other code would change what visitors
 * of that version already run). Each version appears whole or not at all: it is copied into a hidden folder
 * beside its place and renamed into it, so a host never serves half a version, and two Jobs copying at once
 * both end with the same result.
 */
export function publishBundles(storeDir: string, cdnDir: string = CDN_DIR): PublishedVersion[] {
  const bundles = path.join(cdnDir, 'bundles');
  if (!fs.existsSync(bundles)) throw new Error(`${bundles} holds no bundles to publish (CDN_DIR=${cdnDir})`);
  const published: PublishedVersion[] = [];
  for (const remote of fs
    .readdirSync(bundles)
    .filter((name) => !isPartial(name))
    .sort()) {
    for (const version of fs
      .readdirSync(path.join(bundles, remote))
      .filter((name) => !isPartial(name))
      .sort()) {
      const source = path.join(bundles, remote, version);
      if (!fs.statSync(source).isDirectory()) continue;
      const target = path.join(storeDir, remote, version);
      const built = fingerprint(source);
      const compare = (): PublishedVersion => {
        const differs = firstDifference(built, fingerprint(target));
        if (differs)
          throw new Error(
            `${target} already holds a different build of ${remote} ${version} (${differs} differs): a published version never changes; build this one under a new version`,
          );
        return { remote, version, outcome: 'present' };
      };
      if (fs.existsSync(target)) {
        published.push(compare());
        continue;
      }
      const partial = path.join(storeDir, remote, `.${version}.publishing-${process.pid}`);
      fs.mkdirSync(path.dirname(partial), { recursive: true });
      fs.rmSync(partial, { recursive: true, force: true });
      fs.cpSync(source, partial, { recursive: true });
      try {
        fs.renameSync(partial, target);
        published.push({ remote, version, outcome: 'copied' });
      } catch (error) {
        fs.rmSync(partial, { recursive: true, force: true });
        // Another Job put the version in place meanwhile: the same build is fine, another one is refused.
        if (!fs.existsSync(target)) throw error;
        published.push(compare());
      }
    }
  }
  return published;
}

/** The `publish-bundles` role: the image's bundles to BUNDLE_STORE_DIR (a static host's folder, mounted). */
export function publishBundlesRole(
  env: NodeJS.ProcessEnv = process.env,
  print: (line: string) => void = console.log,
): void {
  const storeDir = env.BUNDLE_STORE_DIR;
  if (!storeDir)
    throw new Error(
      "BUNDLE_STORE_DIR is not set: the publish-bundles role copies the image's bundles into the folder a static host serves.",
    );
  const cdnDir = env.CDN_DIR ? path.resolve(env.CDN_DIR) : CDN_DIR;
  for (const { remote, version, outcome } of publishBundles(path.resolve(storeDir), cdnDir)) {
    print(`[publish-bundles] ${remote} ${version}: ${outcome === 'copied' ? 'copied' : 'already there, unchanged'}`);
  }
}
