import fs from 'node:fs';
import path from 'node:path';
import { registry as registrySchema, routeManifest, type Registry, type RegistryEntry } from '@sq/contracts';
import { CDN_DIR, ROOT, type RemoteDir } from './paths';

/**
 * Publishing and rolling back remotes. A release copies a remote's build to an immutable versioned folder
 * and then points the registry entry at it; the registry file is replaced atomically (write + rename), so a
 * browser never reads half of it. The shell reads the registry at run time and is never rebuilt.
 */
const registryFile = (cdnDir: string) => path.join(cdnDir, 'remotes.json');

export function readRegistry(cdnDir = CDN_DIR): Registry {
  const file = registryFile(cdnDir);
  if (!fs.existsSync(file)) return { remotes: [] };
  return registrySchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

function writeRegistry(value: Registry, cdnDir: string): void {
  fs.mkdirSync(cdnDir, { recursive: true });
  const file = registryFile(cdnDir);
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(registrySchema.parse(value), null, 2)}\n`);
  fs.renameSync(temp, file);
}

export function publishRemote(remote: RemoteDir, version: string, cdnDir = CDN_DIR): RegistryEntry {
  if (!/^[0-9A-Za-z.+-]+$/.test(version)) throw new Error(`invalid version "${version}"`);
  const dist = path.join(ROOT, remote, 'dist');
  const manifest = routeManifest.parse(JSON.parse(fs.readFileSync(path.join(dist, 'routes.json'), 'utf8')));
  if (!fs.existsSync(path.join(dist, 'mf-manifest.json'))) throw new Error(`${remote} has no mf-manifest.json; build it first`);
  const target = path.join(cdnDir, 'bundles', remote, version);
  if (!fs.existsSync(target)) {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.tmp`;
    fs.cpSync(dist, temp, { recursive: true });
    fs.renameSync(temp, target);
  }
  const current = readRegistry(cdnDir);
  const previous = current.remotes.find((entry) => entry.name === manifest.name);
  const manifestUrl = `/bundles/${remote}/${version}/mf-manifest.json`;
  if (previous?.version === version) return previous;
  const now = new Date().toISOString();
  const history = previous
    ? [{ version: previous.version, manifestUrl: previous.manifestUrl, releasedAt: previous.releasedAt }, ...previous.history.filter((h) => h.version !== version)].slice(0, 20)
    : [];
  const entry: RegistryEntry = { ...manifest, version, manifestUrl, history, releasedAt: now };
  writeRegistry({ remotes: [...current.remotes.filter((e) => e.name !== manifest.name), entry].sort((a, b) => a.name.localeCompare(b.name)) }, cdnDir);
  return entry;
}

/** Points the remote back to the version before the current one (or to `toVersion`). */
export function rollbackRemote(remote: RemoteDir, toVersion?: string, cdnDir = CDN_DIR): RegistryEntry {
  const current = readRegistry(cdnDir);
  const name = remote.replace('-', '_');
  const entry = current.remotes.find((e) => e.name === name);
  if (!entry) throw new Error(`${remote} has never been released`);
  const target = toVersion ? entry.history.find((h) => h.version === toVersion) : entry.history[0];
  if (!target) throw new Error(toVersion ? `${remote} has no released version ${toVersion}` : `${remote} has no earlier version`);
  const routes = JSON.parse(
    fs.readFileSync(path.join(cdnDir, 'bundles', remote, target.version, 'routes.json'), 'utf8'),
  ) as RegistryEntry;
  const rolledBack: RegistryEntry = {
    ...entry,
    routes: routeManifest.parse(routes).routes,
    version: target.version,
    manifestUrl: target.manifestUrl,
    releasedAt: new Date().toISOString(),
    history: [{ version: entry.version, manifestUrl: entry.manifestUrl, releasedAt: entry.releasedAt }, ...entry.history.filter((h) => h.version !== target.version)],
  };
  writeRegistry({ remotes: current.remotes.map((e) => (e.name === name ? rolledBack : e)) }, cdnDir);
  return rolledBack;
}
