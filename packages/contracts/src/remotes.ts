import list from './remotes.json';

/**
 * The one list of the site's front-end bundles (remotes.json, JSON so the webpack factories in
 * @sq/mf-config read the same file): the shell and the design card's four remotes, each with its Module
 * Federation / single-spa name, its folder, its standalone dev-server port and its federated entries
 * (`app`, and the programs remote's operators' console `admin`). Everything else about a remote is its own
 * `src/routes.json`: the site's route list, the registry, the gateway's link previews, the stack's build
 * and release, the dev servers' ports and the exposed modules all derive from these two.
 */
export interface Bundle {
  /** Module Federation and single-spa name (a remote's routes.json says the same). */
  name: string;
  /** The bundle's folder at the repository root. */
  folder: string;
  /** Its standalone dev server (`pnpm --filter <bundle> dev`); never on the Fetch bad-port list. */
  devPort: number;
}

export interface Remote extends Bundle {
  /** Its exposed modules (`./{entry}` built from `src/{entry}.tsx`); routes name theirs (remote-entry.ts). */
  entries: readonly string[];
}

export const SHELL: Bundle = list.shell;
export const REMOTES: readonly Remote[] = list.remotes;

/** Every bundle that owns routes, the shell first (its routes win over a remote's catch-all patterns). */
export const ROUTE_OWNERS: readonly string[] = [SHELL.name, ...REMOTES.map((remote) => remote.name)];

export function remoteByFolder(folder: string): Remote {
  const remote = REMOTES.find((r) => r.folder === folder);
  if (!remote)
    throw new Error(
      `"${folder}" is not a remote (packages/contracts/src/remotes.json lists ${REMOTES.map((r) => r.folder).join(', ')})`,
    );
  return remote;
}
