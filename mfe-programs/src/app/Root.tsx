import { Provider } from 'jotai';
import { BrowserRouter } from 'react-router-dom';
import type { RemoteProps } from '../shared/remote-props';
import { AppRoutes } from './AppRoutes';

/** The remote's root: the shell's one jotai store, and its own router on the shell-given basename. */
export function Root({ store, basename }: RemoteProps) {
  return (
    <Provider store={store}>
      <BrowserRouter basename={basename}>
        <AppRoutes />
      </BrowserRouter>
    </Provider>
  );
}
