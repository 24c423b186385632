/**
 * The standalone development page of a remote (`pnpm --filter @sq/mfe-<name> dev`): a thin stand-in for the
 * shell that mounts the remote's real lifecycles through single-spa, with a header of links to the manifest's
 * pages, the global styles and the same custom props the shell passes. /api goes to the gateway through the
 * dev server. A remote has no code of its own for it: @sq/mf-config writes the page's entry from the remote's
 * routes.json and its entries in the list of remotes, and calls mountStandalone.
 */
import '@sq/ui/global.css';
import { createRoot } from 'react-dom/client';
import { createStore } from 'jotai';
import { matchRoutes } from 'react-router-dom';
import {
  navigateToUrl,
  registerApplication,
  start,
  triggerAppChange,
  unloadApplication,
  type LifeCycles,
} from 'single-spa';
import { configureApiClient, signInUrl } from '@sq/api-client';
import type { RouteManifest } from '@sq/contracts/registry';
import { entryOf } from '@sq/contracts/remote-entry';
import type { RemoteProps } from '@sq/contracts/remote-props';
import { manifestLinks } from './links';

export interface StandaloneOptions {
  manifest: RouteManifest;
  /**
   * The remote's federated entries by name (`app`, and e.g. `admin`), each loading its module's single-spa
   * lifecycles (made by `@sq/remote-kit`); an entry is mounted, and loaded, only on the routes that name it.
   */
  entries: Record<string, () => Promise<LifeCycles<RemoteProps>>>;
}

export function mountStandalone({ manifest, entries }: StandaloneOptions): void {
  configureApiClient({ baseURL: '/api', onSignInRequired: (to) => navigateToUrl(signInUrl(to)) });
  const { name } = manifest;
  const main = document.getElementById('standalone-main')!;
  const store = createStore();

  createRoot(document.getElementById('standalone-header')!).render(
    <header
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 16,
        alignItems: 'center',
        padding: '12px 24px',
        borderBottom: '1px solid var(--sq-color-line)',
      }}
    >
      <strong style={{ color: 'var(--sq-color-primary)' }}>{name} · standalone</strong>
      {manifestLinks(manifest.routes).map(({ to, label }) => (
        <a key={to} href={to} onClick={navigateToUrl}>
          {label}
        </a>
      ))}
    </header>,
  );

  for (const [entry, load] of Object.entries(entries)) {
    const routes = manifest.routes.filter((route) => entryOf(route) === entry);
    const appName = entry === 'app' ? name : `${name}:${entry}`;
    const element = main.appendChild(document.createElement('div'));
    const customProps: RemoteProps = {
      name: appName,
      store,
      basename: '/',
      routes,
      route: null,
      domElementGetter: () => element,
      reload: () => void unloadApplication(appName).then(() => triggerAppChange()),
    };
    registerApplication<RemoteProps>({
      name: appName,
      app: load,
      activeWhen: (location) => matchRoutes(routes, location.pathname) !== null,
      customProps,
    });
  }
  start({ urlRerouteOnly: true });
}
