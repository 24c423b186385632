import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
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

/**
 * A remote's whole app layer in one call: the single-spa lifecycles (single-spa-react) of a root that puts
 * the shell's one jotai store and a router on the shell-given basename around the manifest's routes. A
 * render error anywhere below shows the Korean fallback in place; its retry asks the shell to load and
 * mount the remote again (props.reload).
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

  const lifecycles = singleSpaReact<RemoteProps>({
    React,
    ReactDOMClient,
    rootComponent: Root,
    errorBoundary: (error, _info, props) => {
      console.error(`[${name}] render error`, error);
      return <ErrorFallback onRetry={props.reload} />;
    },
  });
  const { bootstrap, mount, unmount } = lifecycles as unknown as RemoteLifecycles;
  return { bootstrap, mount, unmount };
}
