import { Provider } from 'jotai';
import { BrowserRouter } from 'react-router-dom';
import type { RemoteProps } from '../shared/remote-props';
import { AppRoutes } from './AppRoutes';

/** The remote's root: the shell's one jotai store, and its own router on the shell-given basename. */
export function Root({ name, store, basename, routes }: RemoteProps) {
  return (
    <Provider store={store}>
      <BrowserRouter basename={basename}>
        {/* The released version on the page: a release or rollback is visible without guessing. */}
        <div data-remote={name} data-version={process.env.SQ_REMOTE_VERSION}>
          <AppRoutes routes={routes} />
        </div>
      </BrowserRouter>
    </Provider>
  );
}
