import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { routeManifest } from '@sq/contracts';
import { entryOf } from '@sq/contracts/remote-entry';
import { remoteByFolder } from '@sq/contracts/remotes';
import { ensureSharedDir } from '@sq/service-kit';
import { CDN_DIR, ROOT, type RemoteDir } from './paths';

/**
 * Publishing and releasing remotes. A build is copied to an immutable versioned folder of the CDN folder
 * (`bundles/<remote>/<version>/`, never rewritten); which version visitors get is the remote registry in
 * PostgreSQL, changed by the gateway's release tooling (api-gateway/src/releases/release-cli.ts). The shell
 * reads the registry at run time and is never rebuilt.
 */

/** Where the gateway serves the CDN folder's bundles. */
export const BUNDLES_URL = '/bundles';

/** The live shell's shared-deps.json (what it provides), which releases are checked against. */
export const SHELL_SHARED_DEPS = path.join(ROOT, 'shell', 'dist', 'shared-deps.json');

export const remoteName = (remote: RemoteDir) => remoteByFolder(remote).name;

/** Copies the remote's build to `bundles/<remote>/<version>/` unless that version is already published. */
export function publishBundle(remote: RemoteDir, version: string, cdnDir = CDN_DIR): string {
  if (!/^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/.test(version)) throw new Error(`invalid version "${version}"`);
  const dist = path.join(ROOT, remote, 'dist');
  const manifest = routeManifest.parse(JSON.parse(fs.readFileSync(path.join(dist, 'routes.json'), 'utf8')));
  // The registry entry is named by the one list of remotes; a build whose manifest says otherwise, or routes an
  // entry the remote does not expose, would register a remote the shell cannot load.
  const listed = remoteByFolder(remote);
  if (manifest.name !== listed.name)
    throw new Error(`${remote}/src/routes.json is named ${manifest.name}, the list of remotes says ${listed.name}`);
  const unknown = manifest.routes.map(entryOf).filter((entry) => !listed.entries.includes(entry));
  if (unknown.length)
    throw new Error(`${remote} routes to entries it does not expose: ${[...new Set(unknown)].join(', ')}`);
  if (!fs.existsSync(path.join(dist, 'mf-manifest.json')))
    throw new Error(`${remote} has no mf-manifest.json; build it first`);
  const target = path.join(cdnDir, 'bundles', remote, version);
  if (!fs.existsSync(target)) {
    ensureSharedDir(path.dirname(target));
    const temp = `${target}.${process.pid}.tmp`;
    fs.cpSync(dist, temp, { recursive: true });
    fs.renameSync(temp, target);
  }
  return target;
}

/** Runs the gateway's release tooling on `databaseUrl` (see release-cli.ts for its commands). */
export function releaseCli(args: string[], databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(ROOT, 'node_modules', '.bin', 'tsx'),
      [path.join(ROOT, 'api-gateway/src/releases/release-cli.ts'), ...args],
      {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, DATABASE_URL: databaseUrl },
      },
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`release tooling exited with ${code}`))));
  });
}
