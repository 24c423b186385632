import { Component, startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, type Root as ReactRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { BrowserRouter } from 'react-router-dom';
import type { LifeCycles } from 'single-spa';
import type { RemoteProps } from '@sq/contracts/remote-props';
import { ErrorFallback } from '@sq/ui';
import { ManifestRoutes, type Screens } from './ManifestRoutes';

/** One single-spa lifecycle function (single-spa's type also allows arrays; the kit makes single functions). */
type Lifecycle = Extract<LifeCycles<RemoteProps>['mount'], (...args: never[]) => unknown>;
/** What a remote's './app' module exports. */
export interface RemoteLifecycles {
  bootstrap: Lifecycle;
  mount: Lifecycle;
  unmount: Lifecycle;
}

export interface RemoteDefinition {
  /** The remote's Module Federation / single-spa name, e.g. `mfe_programs` (also in its routes.json). */
  name: string;
  /**
   * The released version, shown on the remote's root element (`data-version`) so a release or rollback is
   * visible on the running site. Pass `process.env.SQ_REMOTE_VERSION`: it is defined by the remote's own
   * build, while this kit is a shared module compiled once for all remotes.
   */
  version?: string;
  /** The built screens by manifest path; every other route of the manifest shows "준비 중". */
  screens: Screens;
}

/** Shows the Korean fallback in place of a tree that threw while rendering; its retry reloads the remote. */
class RenderBoundary extends Component<
  { name: string; onRetry: () => void; children: ReactNode },
  { failed: boolean }
> {
  // Set in the constructor, not as a class field: the browsers' build target (es2020) turns a field into a
  // defineProperty helper that every remote page would download.
  constructor(props: RenderBoundary['props']) {
    super(props);
    this.state = { failed: false };
  }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`[${this.props.name}] render error`, error);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorFallback onRetry={this.props.onRetry} /> : this.props.children;
  }
}

/** Resolves a mount once React has committed the tree to the page (single-spa waits for it). */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useLayoutEffect(onCommit, [onCommit]);
  return children;
}

/**
 * A remote's whole app layer in one call: the single-spa lifecycles of a React root that puts the shell's one
 * jotai store and a router on the shell-given basename around the manifest's routes, in the element the shell
 * gives (props.domElementGetter). A render error anywhere below shows the Korean fallback in place; its retry
 * asks the shell to load and mount the remote again (props.reload). Written here rather than taken from
 * single-spa-react: these three functions are all a remote uses of it, and every remote page downloaded its
 * 2 KB gzip of parcels and options besides.
 */
export function createRemote({ name, version, screens }: RemoteDefinition): RemoteLifecycles {
  function Root({ store, basename, routes }: RemoteProps) {
    return (
      <Provider store={store}>
        <BrowserRouter basename={basename}>
          <div data-remote={name} data-version={version}>
            <ManifestRoutes routes={routes} screens={screens} />
          </div>
        </BrowserRouter>
      </Provider>
    );
  }
  Root.displayName = `RemoteRoot(${name})`;

  let root: ReactRoot | null = null;
  return {
    bootstrap: () => Promise.resolve(),
    mount: (remoteProps) => {
      root?.unmount();
      const mounted = createRoot(remoteProps.domElementGetter());
      root = mounted;
      // A transition: React renders the remote's page in slices that yield to the browser (a slow phone stays
      // responsive); single-spa waits for the commit.
      return new Promise<void>((resolve) => {
        startTransition(() =>
          mounted.render(
            <Committed onCommit={resolve}>
              <RenderBoundary name={name} onRetry={remoteProps.reload}>
                <Root {...remoteProps} />
              </RenderBoundary>
            </Committed>,
          ),
        );
      });
    },
    unmount: () => {
      root?.unmount();
      root = null;
      return Promise.resolve();
    },
  };
}
