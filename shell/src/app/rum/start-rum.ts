import type { createStore } from 'jotai';
import { addErrorHandler, removeErrorHandler } from 'single-spa';
import { SHELL_APP_NAME, SHELL_VERSION } from '../../shared/constants';
import { platformAtom, remoteOfApp } from '../remotes/platform';
import { createReporter, type Attribution, type Navigation } from './reporter';
import { readRumSettings } from './settings';
import type { VitalMetric } from './vitals';

/** The gateway's report endpoint (api-gateway plugins/rum.ts). */
export const RUM_URL = `${process.env.SQ_API_BASE_URL ?? '/api'}/rum`;

type Store = ReturnType<typeof createStore>;

/** The route pattern of a path, the remote that owns it and the version of it this page loaded. */
export function attribute(store: Store, pathname: string, owner?: string): Attribution {
  const { routeTable, remotes } = store.get(platformAtom);
  const route = routeTable.match(pathname)?.route;
  const remote = remotes.find((entry) => entry.name === (owner ?? route?.owner));
  return {
    route: route?.path ?? '*',
    remote: remote?.name ?? SHELL_APP_NAME,
    remoteVersion: remote?.version ?? SHELL_VERSION,
  };
}

/**
 * Field figures of this page, when the gateway's RUM_SAMPLE_RATE draws it: a page view per load and
 * per in-app navigation (single-spa's routing events), every uncaught error and unhandled rejection (and what a
 * remote throws in its lifecycles), and the Core Web Vitals once web-vitals has loaded, after the page has
 * settled (RUM_VITALS_DELAY_MS after `load`).
 * Everything is queued and sent with sendBeacon when the page is hidden, so reporting never competes with the page.
 * Returns the stop (listeners removed), or null when this page does not report.
 */
export function startRum(store: Store, random = Math.random): (() => void) | null {
  const settings = readRumSettings(document);
  if (!settings || !(random() < settings.sampleRate) || typeof navigator.sendBeacon !== 'function') return null;
  const listening = new AbortController();
  const { signal } = listening;
  const reporter = createReporter({
    shellVersion: SHELL_VERSION,
    assignment: settings.assignment,
    messageMax: settings.messageMax,
    stackMax: settings.stackMax,
    send: (body) => navigator.sendBeacon(RUM_URL, body),
  });
  let navigation: Navigation = 'load';
  let path: string | null = null;
  let landing: Attribution | null = null;

  const here = (owner?: string) => attribute(store, window.location.pathname, owner);
  window.addEventListener('error', (event) => reporter.error(here(), navigation, event.error ?? event.message), {
    signal,
  });
  window.addEventListener('unhandledrejection', (event) => reporter.error(here(), navigation, event.reason), {
    signal,
  });
  // A remote's other entries run as `{remote}:{entry}` applications: their errors are the remote's (and version's) too.
  const onAppError = (error: Parameters<Parameters<typeof addErrorHandler>[0]>[0]) =>
    reporter.error(here(remoteOfApp(error.appOrParcelName)), navigation, error);
  addErrorHandler(onAppError);

  const onVital = (metric: VitalMetric) => {
    const soft = metric.navigationType === 'soft-navigation' && metric.navigationURL;
    const at = soft ? attribute(store, new URL(metric.navigationURL!).pathname) : (landing ?? here());
    reporter.vital(at, soft ? 'spa' : 'load', metric.name, metric.value);
  };
  window.addEventListener(
    'single-spa:routing-event',
    () => {
      if (window.location.pathname === path) return;
      if (path !== null) navigation = 'spa';
      path = window.location.pathname;
      reporter.view(here(), navigation);
      if (landing) return;
      landing = here();
      // web-vitals (3 KB) once the page has settled, so it is never part of what the page needs to show and respond.
      const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1));
      const loadVitals = () =>
        setTimeout(
          () =>
            idle(
              () =>
                void import(/* webpackChunkName: "web-vitals" */ './vitals').then(({ observeVitals }) =>
                  observeVitals(onVital),
                ),
            ),
          settings.vitalsDelayMs,
        );
      if (document.readyState === 'complete') loadVitals();
      else window.addEventListener('load', loadVitals, { once: true, signal });
    },
    { signal },
  );

  // Bubbling to window, these run after web-vitals' own (capturing) listeners have reported the page's last values.
  window.addEventListener(
    'visibilitychange',
    () => {
      if (document.visibilityState === 'hidden') reporter.flush();
    },
    { signal },
  );
  window.addEventListener('pagehide', () => reporter.flush(), { signal });
  return () => {
    listening.abort();
    removeErrorHandler(onAppError);
  };
}
