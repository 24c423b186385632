import { atom, type createStore } from 'jotai';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  addErrorHandler,
  getAppStatus,
  registerApplication,
  SKIP_BECAUSE_BROKEN,
  start,
  triggerAppChange,
  unloadApplication,
  type LifeCycles,
} from 'single-spa';
import { getToken } from '@sq/api-client';
import type { RegistryEntry, RouteEntry, RouteManifest } from '@sq/contracts/registry';
import { DEFAULT_ENTRY, entryOf } from '@sq/contracts/remote-entry';
import shellManifest from '../../routes.json';
import { IS_DEV } from '../../shared/constants';
import { decideRoute, type RouteDecision } from '../guard/decide-route';
import { createRouteTable, type RouteTable } from '../registry/route-table';
import { loadRegistry, loadUnderConstruction } from '../registry/load-registry';
import { fallbackLifecycles, renderBrokenFallback } from './fallback-app';
import { isRemoteLoadFailure } from './load-failure';
import { remoteContainer } from './outlet';
import type { RemoteProps } from '@sq/contracts/remote-props';

export interface PlatformState {
  /** 'failed': /remotes.json could not be read; the shell's own routes still work. */
  status: 'loading' | 'ready' | 'failed';
  routeTable: RouteTable;
  underConstruction: string[];
  remotes: RegistryEntry[];
}

const SHELL_MANIFEST = shellManifest as RouteManifest;

export const platformAtom = atom<PlatformState>({
  status: 'loading',
  routeTable: createRouteTable([SHELL_MANIFEST]),
  underConstruction: [],
  remotes: [],
});

type Store = ReturnType<typeof createStore>;

/** The guard's answer for a location, from the current token and registry. */
export function decide(store: Store, path: string, now = Date.now()): RouteDecision {
  const state = store.get(platformAtom);
  return decideRoute(path, {
    token: getToken(),
    now,
    isDev: IS_DEV,
    underConstruction: state.underConstruction,
    routeTable: state.routeTable,
  });
}

const absolute = (url: string) => new URL(url, window.location.origin).href;

/**
 * One single-spa application per federated entry of a remote (its `app`, and e.g. the console's `admin`),
 * each active only on the routes that name it: a page loads the one entry that renders it, never the others.
 */
interface RemoteApp {
  /** single-spa name: the remote's own for its default entry, `{remote}:{entry}` for another. */
  name: string;
  entry: string;
  remote: RegistryEntry;
  routes: RouteEntry[];
}

function remoteApps(remote: RegistryEntry): RemoteApp[] {
  const byEntry = new Map<string, RouteEntry[]>();
  for (const route of remote.routes) byEntry.set(entryOf(route), [...(byEntry.get(entryOf(route)) ?? []), route]);
  return [...byEntry].map(([entry, routes]) => ({
    name: entry === DEFAULT_ENTRY ? remote.name : `${remote.name}:${entry}`,
    entry,
    remote,
    routes,
  }));
}

/** The remote a single-spa application belongs to (`mfe_programs` for `mfe_programs:admin`). */
export const remoteOfApp = (appName: string): string => appName.split(':')[0]!;

/** Loads an entry's exposed module through the MF runtime; a failure becomes the fallback lifecycles. */
async function loadRemoteApp(app: RemoteApp): Promise<LifeCycles<RemoteProps>> {
  const id = `${app.remote.name}/${app.entry}`;
  try {
    const mod = await loadRemote<LifeCycles<RemoteProps>>(id);
    if (mod && !isRemoteLoadFailure(mod) && typeof mod.mount === 'function') return mod;
    if (mod && !isRemoteLoadFailure(mod)) console.error(`[shell] ${id} does not export single-spa lifecycles`);
  } catch (error) {
    console.error(`[shell] ${id} failed to load`, error);
  }
  return fallbackLifecycles();
}

function registerWithFederation(entry: RegistryEntry, force = false) {
  registerRemotes([{ name: entry.name, entry: absolute(entry.manifestUrl) }], { force });
}

/** Retry: forget everything loaded for the remote, then let single-spa load and mount the entry again. */
async function reloadRemote(app: RemoteApp) {
  if (getAppStatus(app.name) === SKIP_BECAUSE_BROKEN) {
    // single-spa never re-runs a broken app's lifecycles; a fresh page is the honest retry.
    window.location.reload();
    return;
  }
  registerWithFederation(app.remote, true);
  await unloadApplication(app.name, { waitForUnmount: false });
  await triggerAppChange();
}

/** The registered applications by single-spa name, and the remotes they belong to. */
const registered = new Map<string, RemoteApp>();
const registeredRemotes = new Set<string>();
let started = false;

function registerRemote(store: Store, remote: RegistryEntry) {
  if (registeredRemotes.has(remote.name)) return;
  registeredRemotes.add(remote.name);
  registerWithFederation(remote);
  for (const app of remoteApps(remote)) {
    registered.set(app.name, app);
    registerApplication<RemoteProps>({
      name: app.name,
      app: () => loadRemoteApp(app),
      // Active only where the guard lets the user in, so a remote never mounts for a refused path.
      activeWhen: (location) => {
        const decision = decide(store, `${location.pathname}${location.search}`);
        return (
          decision.kind === 'allow' && decision.route.owner === remote.name && entryOf(decision.route) === app.entry
        );
      },
      customProps: () => {
        const decision = decide(store, `${window.location.pathname}${window.location.search}`);
        return {
          name: app.name,
          store,
          basename: '/',
          routes: app.routes,
          route: decision.kind === 'allow' ? decision.route : null,
          domElementGetter: () => remoteContainer(app.name),
          reload: () => void reloadRemote(app),
        };
      },
    });
  }
}

/**
 * Reads the registry and the under-construction list, registers every remote with Module Federation and
 * single-spa, and starts single-spa. Safe to call again (the "retry" when /remotes.json failed).
 */
export async function loadPlatform(store: Store): Promise<void> {
  store.set(platformAtom, (s) => ({ ...s, status: 'loading' }));
  const [registry, underConstruction] = await Promise.all([
    loadRegistry().catch((error: unknown) => {
      console.error('[shell] cannot read the remote registry', error);
      return null;
    }),
    loadUnderConstruction(),
  ]);
  const remotes = registry ?? [];
  for (const entry of remotes) registerRemote(store, entry);
  store.set(platformAtom, {
    status: registry ? 'ready' : 'failed',
    routeTable: createRouteTable([SHELL_MANIFEST, ...remotes]),
    underConstruction,
    remotes,
  });
  if (!started) {
    started = true;
    addErrorHandler((error) => {
      const name = error.appOrParcelName;
      console.error(`[shell] ${name} threw`, error);
      const app = registered.get(name);
      if (app && getAppStatus(name) === SKIP_BECAUSE_BROKEN)
        renderBrokenFallback(remoteContainer(name), () => void reloadRemote(app));
    });
    start({ urlRerouteOnly: true });
  } else {
    await triggerAppChange();
  }
}
