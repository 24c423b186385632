import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { LOAD_FAILURE, type RemoteLoadFailure } from './load-failure';

/**
 * Module Federation runtime plugin (registered in webpack.config.js): a remote whose manifest, entry or
 * exposed module cannot be loaded resolves to a failure marker instead of throwing, so the shell shows the
 * Korean fallback inside the layout and the rest of the site keeps working.
 */
export default function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'sq-remote-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      // Earlier stages rethrow into the 'onLoad' stage of the same loadRemote call; answer once, there.
      if (lifecycle !== 'onLoad') return undefined;
      console.error(`[shell] remote ${id} failed to load`, error);
      const failure: RemoteLoadFailure = { [LOAD_FAILURE]: true, id, error };
      return failure;
    },
  };
}
