import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import {
  getAppStatus,
  navigateToUrl,
  registerApplication,
  SKIP_BECAUSE_BROKEN,
  start,
  unregisterApplication,
} from 'single-spa';
import type { RegistryEntry, RouteManifest } from '@sq/contracts/registry';
import type { RumBeacon } from '@sq/contracts/rum';
import shellManifest from '../../routes.json';
import { createRouteTable } from '../registry/route-table';
import { platformAtom } from '../remotes/platform';
import { createReporter, EVENTS_PER_BEACON, scrubMessage } from './reporter';
import { startRum } from './start-rum';

const programs: RegistryEntry = {
  name: 'mfe_programs',
  version: '1.4.0-abc',
  manifestUrl: '/bundles/mfe-programs/1.4.0-abc/mf-manifest.json',
  releasedAt: '2026-11-20T10:00:00.000Z',
  history: [],
  routes: [
    { path: '/', access: 'public', layout: 'default', title: '홈', ready: true },
    { path: '/product/:productId', access: 'public', layout: 'default', title: '프로그램', ready: true },
    { path: '/admin/*', access: 'admin', layout: 'fluid', title: '운영자 콘솔', ready: true, entry: 'admin' },
  ],
};

function siteStore() {
  const store = createStore();
  store.set(platformAtom, {
    status: 'ready',
    routeTable: createRouteTable([shellManifest as RouteManifest, programs]),
    underConstruction: [],
    remotes: [programs],
  });
  return store;
}

/** The signed assignment the gateway put in the page (opaque to the shell: it only sends it back). */
const ASSIGNMENT = 'eyJ2IjoidmlzaXRvciJ9.c2lnbmF0dXJl';

/** What the gateway puts in every page it serves (api-gateway rum/config.ts). */
function pageSettings(sampleRate: number, assignment: string | null = ASSIGNMENT) {
  const signed = assignment === null ? '' : ` data-assignment="${assignment}"`;
  document.head.innerHTML = `<meta name="sq-rum" data-sample-rate="${sampleRate}" data-message-max="120" data-stack-max="200" data-vitals-delay="10"${signed} />`;
}

const beacons: { url: string; body: RumBeacon }[] = [];
let stop: (() => void) | null = null;

function go(path: string) {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new Event('single-spa:routing-event'));
}
function hide() {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

beforeEach(() => {
  beacons.length = 0;
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => {
      beacons.push({ url, body: JSON.parse(body) as RumBeacon });
      return true;
    },
  });
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  stop?.();
  stop = null;
  document.head.innerHTML = '';
});

describe('field figures from the shell', () => {
  it('reports a view per load and per in-app navigation, by route pattern, owning remote and its version, when the page is hidden', () => {
    pageSettings(1);
    stop = startRum(siteStore());
    go('/product/4');
    go('/product/4?tab=faq'); // same page: no second view
    go('/signin');
    expect(beacons).toEqual([]);
    hide();
    expect(beacons).toHaveLength(1);
    expect(beacons[0]!.url).toBe('/api/rum');
    expect(beacons[0]!.body).toEqual({
      assignment: ASSIGNMENT,
      shellVersion: 'dev',
      events: [
        {
          kind: 'view',
          navigation: 'load',
          route: '/product/:productId',
          remote: 'mfe_programs',
          remoteVersion: '1.4.0-abc',
        },
        { kind: 'view', navigation: 'spa', route: '/signin', remote: 'shell', remoteVersion: 'dev' },
      ],
    });
    // Nothing twice.
    hide();
    expect(beacons).toHaveLength(1);
  });

  it("reports uncaught errors and unhandled rejections with a short stack and none of the visitor's input", () => {
    pageSettings(1);
    stop = startRum(siteStore());
    go('/product/4');
    const error = new TypeError('"kim@example.com" is not a valid value for 01012345678');
    error.stack = `TypeError: boom\n    at submit (https://site.example/bundles/a.js?token=secret:1:2)\n${'    at frame (main.js:1:1)\n'.repeat(20)}`;
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
    rejection.reason = new Error('network down');
    window.dispatchEvent(rejection);
    window.dispatchEvent(new Event('pagehide'));

    const [thrown, rejected] = beacons[0]!.body.events.filter((e) => e.kind === 'error') as Extract<
      RumBeacon['events'][number],
      { kind: 'error' }
    >[];
    expect(thrown).toMatchObject({
      route: '/product/:productId',
      remote: 'mfe_programs',
      remoteVersion: '1.4.0-abc',
      navigation: 'load',
    });
    expect(thrown!.message).toBe('TypeError: "…" is not a valid value for …');
    expect(thrown!.stack).not.toContain('secret');
    expect(thrown!.stack.length).toBeLessThanOrEqual(200);
    expect(thrown!.stack.startsWith('TypeError: boom\n    at submit (https://site.example/bundles/a.js:1:2)')).toBe(
      true,
    );
    expect(rejected).toMatchObject({ message: 'Error: network down', remote: 'mfe_programs' });
  });

  it("sends nothing from a page the sample rate leaves out, or a page without the gateway's settings or its signed assignment", () => {
    pageSettings(0.25);
    expect(startRum(siteStore(), () => 0.5)).toBeNull();
    document.head.innerHTML = '';
    expect(startRum(siteStore(), () => 0)).toBeNull();
    // Settings without an assignment: the gateway would refuse every report, so none is made.
    pageSettings(1, null);
    expect(startRum(siteStore(), () => 0)).toBeNull();
    go('/product/4');
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('x') }));
    hide();
    expect(beacons).toEqual([]);

    pageSettings(0.25);
    stop = startRum(siteStore(), () => 0.1);
    go('/');
    hide();
    expect(beacons).toHaveLength(1);
  });
});

describe('errors a remote throws in its single-spa lifecycles', () => {
  it("are that remote's and its version's, whichever of its entries threw (the console runs as mfe_programs:admin)", async () => {
    pageSettings(1);
    stop = startRum(siteStore());
    // The shell registers a remote's other entries as `{remote}:{entry}` applications (remotes/platform.ts).
    const name = 'mfe_programs:admin';
    registerApplication({
      name,
      app: async () => ({
        bootstrap: async () => undefined,
        mount: async () => {
          throw new Error('console mount failed');
        },
        unmount: async () => undefined,
      }),
      activeWhen: '/admin',
    });
    start({ urlRerouteOnly: true });
    navigateToUrl('/admin/releases');
    await vi.waitFor(() => expect(getAppStatus(name)).toBe(SKIP_BECAUSE_BROKEN));
    hide();
    const errors = beacons.flatMap((beacon) => beacon.body.events).filter((event) => event.kind === 'error');
    expect(errors).toEqual([
      expect.objectContaining({ route: '/admin/*', remote: 'mfe_programs', remoteVersion: '1.4.0-abc' }),
    ]);
    expect(errors[0]).toMatchObject({ message: expect.stringContaining('console mount failed') });
    await unregisterApplication(name);
  });
});

describe('the report queue', () => {
  it("sends at most one beacon's worth at a time, and keeps what the browser refused for the next flush", () => {
    const sent: RumBeacon[] = [];
    let accept = false;
    const reporter = createReporter({
      shellVersion: '1',
      assignment: ASSIGNMENT,
      messageMax: 100,
      stackMax: 100,
      send: (body) => accept && sent.push(JSON.parse(body) as RumBeacon) > 0,
    });
    const at = { route: '/', remote: 'mfe_programs', remoteVersion: '1' };
    for (let i = 0; i < EVENTS_PER_BEACON - 1; i += 1) reporter.view(at, 'spa');
    reporter.vital(at, 'load', 'LCP', 1234);
    // The queue filled: a flush was tried, and refused.
    expect(reporter.pending).toBe(EVENTS_PER_BEACON);
    accept = true;
    reporter.vital(at, 'load', 'CLS', 0.02);
    expect(sent.map((b) => b.events.length)).toEqual([EVENTS_PER_BEACON, 1]);
    expect(reporter.pending).toBe(0);
    expect(sent[1]!.events[0]).toEqual({ kind: 'vital', navigation: 'load', ...at, metric: 'CLS', value: 0.02 });
  });

  it('cuts messages to the configured length', () => {
    expect(scrubMessage('Error: '.concat('a'.repeat(200)), 50)).toHaveLength(50);
    expect(scrubMessage("Cannot read 'name' of user@example.com at /mypage?id=3", 200)).toBe(
      "Cannot read '…' of …@… at /mypage",
    );
  });
});
