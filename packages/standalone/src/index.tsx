/**
 * The standalone development page of a remote (`pnpm --filter @sq/mfe-<name> dev`): a thin stand-in for the
 * shell that mounts the remote's real lifecycles through single-spa, with a minimal header of links, the
 * global styles and the same custom props the shell passes. /api goes to the gateway through the dev server.
 */
import '@sq/ui/global.css';
import { createRoot } from 'react-dom/client';
import { createStore } from 'jotai';
import { navigateToUrl, registerApplication, start, triggerAppChange, unloadApplication, type LifeCycles } from 'single-spa';
import { configureApiClient, signInUrl } from '@sq/api-client';
import type { RouteManifest } from '@sq/contracts/registry';
import type { RemoteProps } from '@sq/contracts/remote-props';

export interface StandaloneOptions {
  manifest: RouteManifest;
  /** The remote's './app' module: its single-spa lifecycles (made by `@sq/remote-kit`). */
  app: LifeCycles<RemoteProps>;
  /** Header links to the remote's own routes: [path, label]. */
  links: [string, string][];
}

export function mountStandalone({ manifest, app, links }: StandaloneOptions): void {
  configureApiClient({ baseURL: '/api', onSignInRequired: (to) => navigateToUrl(signInUrl(to)) });
  const { name, routes } = manifest;
  const main = document.getElementById('standalone-main')!;

  createRoot(document.getElementById('standalone-header')!).render(
    <header style={{ display: 'flex', gap: 16, alignItems: 'center', padding: '12px 24px', borderBottom: '1px solid var(--sq-color-line)' }}>
      <strong style={{ color: 'var(--sq-color-primary)' }}>{name} · standalone</strong>
      {links.map(([to, label]) => (
        <a key={to} href={to} onClick={navigateToUrl}>
          {label}
        </a>
      ))}
    </header>,
  );

  const customProps: RemoteProps = {
    name,
    store: createStore(),
    basename: '/',
    routes,
    route: null,
    domElementGetter: () => main,
    reload: () => void unloadApplication(name).then(() => triggerAppChange()),
  };
  registerApplication<RemoteProps>({ name, app: async () => app, activeWhen: () => true, customProps });
  start({ urlRerouteOnly: true });
}
