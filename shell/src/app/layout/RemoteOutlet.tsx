import { memo } from 'react';
import { placeFirstContent } from '../remotes/first-content';
import { OUTLET_ID } from '../remotes/outlet';

/**
 * The element remotes render into. Memoised with no props so React renders it once and never touches the
 * containers single-spa puts inside; it stays at the same place in every layout so switching layouts
 * never destroys a mounted remote. A server-rendered first content goes in as the outlet is attached, in
 * the same commit, so it never leaves the screen.
 */
export const RemoteOutlet = memo(function RemoteOutlet() {
  return <div id={OUTLET_ID} ref={(outlet) => void (outlet && placeFirstContent(outlet))} />;
});
