// The global stylesheet in the entry, so it is a <link> in index.html's head: a server-rendered first
// content (and its sq-first-paint frame) is styled before any script has run.
import '@sq/ui/global.css';
import { FIRST_CONTENT_ID } from '@sq/contracts/first-content';

/**
 * With server-rendered first content in the page, the browser paints it before the app starts: the app's
 * first render and the remote's start are long tasks that would otherwise hold that paint. A frame's
 * callback runs just before the paint, a task queued from it just after. A hidden tab gets no frames, so a
 * timer starts the app there.
 */
const FIRST_PAINT_WAIT_MAX_MS = 100;
const painted = document.getElementById(FIRST_CONTENT_ID)
  ? new Promise<void>((resolve) => {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      setTimeout(resolve, FIRST_PAINT_WAIT_MAX_MS);
    })
  : Promise.resolve();

// Async boundary: shared singletons (react, react-dom, ...) are negotiated by Module Federation before
// any application code runs.
void painted.then(() => import('./app/bootstrap'));
