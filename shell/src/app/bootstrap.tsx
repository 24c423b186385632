import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createStore, Provider } from 'jotai';
import { navigateToUrl } from 'single-spa';
import { configureApiClient, signInUrl } from '@sq/api-client';
import { App } from './App';
import { takeFirstContent } from './remotes/first-content';
import { loadPlatform } from './remotes/platform';
import { startRum } from './rum/start-rum';

// Production API host and credentials are build configuration (SQ_API_BASE_URL, SQ_API_WITH_CREDENTIALS).
configureApiClient({
  baseURL: process.env.SQ_API_BASE_URL ?? '/api',
  withCredentials: process.env.SQ_API_WITH_CREDENTIALS === 'true',
  onSignInRequired: (returnTo) => navigateToUrl(signInUrl(returnTo)),
});

/** The one jotai store of the page; every remote receives it through single-spa customProps. */
const store = createStore();

// First, so an error of the first render is reported too (when this page is sampled: RUM_SAMPLE_RATE).
startRum(store);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root is missing from index.html');
// Before the first render replaces #root's children: the gateway's server-rendered content, if any.
takeFirstContent();
const root = createRoot(rootElement);
// As a transition, React renders the first page in slices that yield to the browser every few milliseconds, so
// a slow phone can answer a tap meanwhile (the page is on screen already: the HTML, or its first content).
startTransition(() =>
  root.render(
    <Provider store={store}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </Provider>,
  ),
);

void loadPlatform(store);
// Analytics sends only to a configured collector; without one (SQ_ANALYTICS_ENDPOINT unset at build time)
// its code is not even shipped, and with one it loads after the page has started.
if (process.env.SQ_ANALYTICS_ENDPOINT)
  void import('../shared/analytics').then(({ startAnalytics }) => startAnalytics());
