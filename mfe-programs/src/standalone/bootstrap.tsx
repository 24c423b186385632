/**
 * Standalone development page (`pnpm --filter @sq/mfe-programs dev`, port 3001): a thin stand-in for the
 * shell that mounts this remote's real lifecycles through single-spa, with a minimal header, the global
 * styles and the same custom props the shell passes. /api goes to the gateway through the dev server.
 */
import '@sq/ui/global.css';
import { createRoot } from 'react-dom/client';
import { createStore } from 'jotai';
import { navigateToUrl, registerApplication, start, triggerAppChange, unloadApplication } from 'single-spa';
import { configureApiClient, signInUrl } from '@sq/api-client';
import type { RouteManifest } from '@sq/contracts/registry';
import manifest from '../routes.json';
import * as app from '../app';
import type { RemoteProps } from '../shared/remote-props';

configureApiClient({ baseURL: '/api', onSignInRequired: (to) => navigateToUrl(signInUrl(to)) });

const { name, routes } = manifest as RouteManifest;
const store = createStore();
const main = document.getElementById('standalone-main')!;

function StandaloneHeader() {
  return (
    <header style={{ display: 'flex', gap: 16, alignItems: 'center', padding: '12px 24px', borderBottom: '1px solid var(--sq-color-line)' }}>
      <strong style={{ color: 'var(--sq-color-primary)' }}>{name} · standalone</strong>
      {[['/', '홈'], ['/bside', '14주'], ['/potenday', '스프린트'], ['/planx', '플래너'], ['/projects', '프로젝트'], ['/story', '후기'], ['/faq', 'FAQ']].map(([to, label]) => (
        <a key={to} href={to} onClick={navigateToUrl}>
          {label}
        </a>
      ))}
    </header>
  );
}
createRoot(document.getElementById('standalone-header')!).render(<StandaloneHeader />);

registerApplication<RemoteProps>({
  name,
  app: async () => app,
  activeWhen: () => true,
  customProps: {
    name,
    store,
    basename: '/',
    routes,
    route: null,
    domElementGetter: () => main,
    reload: () => void unloadApplication(name).then(() => triggerAppChange()),
  },
});
start({ urlRerouteOnly: true });
