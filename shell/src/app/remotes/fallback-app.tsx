import { createRoot, type Root } from 'react-dom/client';
import type { LifeCycles } from 'single-spa';
import { ErrorFallback } from '@sq/ui';
import type { RemoteProps } from '@sq/contracts/remote-props';

/**
 * single-spa lifecycles standing in for a remote that could not be loaded: they render the Korean fallback
 * in the remote's own container (inside the layout), and the retry button loads the remote again.
 */
export function fallbackLifecycles(): LifeCycles<RemoteProps> {
  let root: Root | null = null;
  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      root = createRoot(props.domElementGetter());
      root.render(<ErrorFallback onRetry={props.reload} />);
    },
    unmount: async () => {
      root?.unmount();
      root = null;
    },
  };
}

/** For an app single-spa marked broken (a lifecycle threw): the same fallback, rendered directly. */
export function renderBrokenFallback(container: HTMLElement, onRetry: () => void): void {
  container.replaceChildren();
  const holder = document.createElement('div');
  container.append(holder);
  createRoot(holder).render(<ErrorFallback onRetry={onRetry} />);
}
