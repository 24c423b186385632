import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { ErrorFallback } from '@sq/ui';
import { Root } from './app/Root';
import type { RemoteProps } from './shared/remote-props';

/**
 * The module this remote exposes as './app': single-spa lifecycles. A render error anywhere below shows the
 * Korean fallback in place; its retry asks the shell to load and mount this remote again.
 */
const lifecycles = singleSpaReact<RemoteProps>({
  React,
  ReactDOMClient,
  rootComponent: Root,
  errorBoundary: (error, _info, props) => {
    console.error('[mfe_mypage] render error', error);
    return <ErrorFallback onRetry={props.reload} />;
  },
});

export const { bootstrap, mount, unmount } = lifecycles;
