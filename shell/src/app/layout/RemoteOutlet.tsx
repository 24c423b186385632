import { memo } from 'react';
import { OUTLET_ID } from '../remotes/outlet';

/**
 * The element remotes render into. Memoised with no props so React renders it once and never touches the
 * containers single-spa puts inside; it stays at the same place in every layout so switching layouts
 * never destroys a mounted remote.
 */
export const RemoteOutlet = memo(function RemoteOutlet() {
  return <div id={OUTLET_ID} />;
});
