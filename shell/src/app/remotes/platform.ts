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
import type { RegistryEntry, RouteManifest } from '@sq/contracts/registry';
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

/** Loads a remote's exposed './app' through the MF runtime; a failure becomes the fallback lifecycles. */
async function loadRemoteApp(entry: RegistryEntry): Promise<LifeCycles<RemoteProps>> {
  // contracts' REMOTE_APP_MODULE ('./app'), written out: importing values from contracts/registry would
  // pull zod into the browser.
  const id = `${entry.name}/app`;
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

/** Retry: forget everything loaded for the remote, then let single-spa load and mount it again. */
async function reloadRemote(entry: RegistryEntry) {
  if (getAppStatus(entry.name) === SKIP_BECAUSE_BROKEN) {
    // single-spa never re-runs a broken app's lifecycles; a fresh page is the honest retry.
    window.location.reload();
    return;
  }
  registerWithFederation(entry, true);
  await unloadApplication(entry.name, { waitForUnmount: false });
  await triggerAppChange();
}

const registered = new Set<string>();
let started = false;

function registerRemote(store: Store, entry: RegistryEntry) {
  if (registered.has(entry.name)) return;
  registered.add(entry.name);
  registerWithFederation(entry);
  registerApplication<RemoteProps>({
    name: entry.name,
    app: () => loadRemoteApp(entry),
    // Active only where the guard lets the user in, so a remote never mounts for a refused path.
    activeWhen: (location) => {
      const decision = decide(store, `${location.pathname}${location.search}`);
      return decision.kind === 'allow' && decision.route.owner === entry.name;
    },
    customProps: () => {
      const decision = decide(store, `${window.location.pathname}${window.location.search}`);
      return {
        name: entry.name,
        store,
        basename: '/',
        routes: entry.routes,
        route: decision.kind === 'allow' ? decision.route : null,
        domElementGetter: () => remoteContainer(entry.name),
        reload: () => void reloadRemote(entry),
      };
    },
  });
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
      const entry = store.get(platformAtom).remotes.find((r) => r.name === name);
      if (entry && getAppStatus(name) === SKIP_BECAUSE_BROKEN) renderBrokenFallback(remoteContainer(name), () => void reloadRemote(entry));
    });
    start({ urlRerouteOnly: true });
  } else {
    await triggerAppChange();
  }
}
