import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createStore, useAtomValue, atom } from 'jotai';
import type { RemoteProps } from '@sq/contracts/remote-props';
import type { RouteEntry } from '@sq/contracts/registry';
import { MESSAGES } from '@sq/contracts/messages';
import { createRemote } from './create-remote';

const greeting = atom('안녕하세요');
const routes: RouteEntry[] = [
  { path: '/kit/hello', access: 'public', layout: 'default', title: '인사', ready: true },
  { path: '/kit/broken', access: 'public', layout: 'default', title: '고장', ready: true },
  { path: '/kit/later', access: 'public', layout: 'default', title: '나중 화면', ready: false },
];
function Hello() {
  return <h1>{useAtomValue(greeting)}</h1>;
}
function Broken(): never {
  throw new Error('boom');
}

const remote = createRemote({
  name: 'mfe_kit',
  version: '2.3.4',
  screens: { '/kit/hello': Hello, '/kit/broken': Broken },
});
const container = document.createElement('div');
document.body.append(container);

type MountProps = Parameters<typeof remote.mount>[0];
function props(overrides: Partial<RemoteProps> = {}): MountProps {
  return {
    name: 'mfe_kit',
    store: createStore(),
    basename: '/',
    routes,
    route: null,
    domElementGetter: () => container,
    reload: () => undefined,
    // single-spa's own props (unused by the kit).
    singleSpa: {},
    mountParcel: () => undefined as never,
    ...overrides,
  };
}

let mounted: MountProps | null = null;
async function mountAt(path: string, p = props()) {
  window.history.pushState({}, '', path);
  // Not inside act(): mount resolves from the root's first commit, as single-spa does it.
  await remote.bootstrap(p);
  await remote.mount(p);
  mounted = p;
  return p;
}

afterEach(async () => {
  const p = mounted;
  mounted = null;
  if (p) await remote.unmount(p);
  expect(container.textContent).toBe('');
  vi.restoreAllMocks();
});

describe('createRemote', () => {
  it('renders the screen of the current path with the shell-given store, marked with name and version', async () => {
    const p = props();
    p.store.set(greeting, '셸의 스토어');
    await mountAt('/kit/hello', p);
    expect(await screen.findByRole('heading', { name: '셸의 스토어' })).toBeTruthy();
    const root = container.querySelector('[data-remote]');
    expect(root?.getAttribute('data-remote')).toBe('mfe_kit');
    expect(root?.getAttribute('data-version')).toBe('2.3.4');
  });

  it('resolves mount once the root is on the page, and mounts again after an unmount', async () => {
    await mountAt('/kit/hello');
    // single-spa shows the next route's remote when mount resolves: the root must already be in the element.
    expect(container.querySelector('[data-remote="mfe_kit"]')).not.toBeNull();
    await remote.unmount(mounted!);
    expect(container.textContent).toBe('');
    await mountAt('/kit/hello');
    expect(container.querySelector('[data-remote="mfe_kit"]')).not.toBeNull();
  });

  it('shows "준비 중" for a declared route without a screen', async () => {
    await mountAt('/kit/later');
    await waitFor(() => expect(container.textContent).toContain(MESSAGES.comingSoon));
    expect(container.textContent).toContain('나중 화면');
  });

  it('shows the Korean fallback when a screen throws, and its retry asks the shell to reload the remote', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    await mountAt('/kit/broken', props({ reload }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.remoteLoadFailed);
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.retry }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
