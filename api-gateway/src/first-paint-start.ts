/**
 * On a page with server-rendered first content, the browser paints that content before the shell's scripts
 * run. Deferred scripts run as soon as they arrive and parsing is done, which is usually before the first
 * frame: their compile and start (hundreds of kilobytes) would hold the page's first paint. So the gateway
 * turns the shell's `<script defer src>` tags into preloads (the downloads start at once, as before) and adds
 * one small script of its own that, after the next frame has been painted, inserts them in their order.
 * A hidden tab gets no frames: a timer starts them there.
 */
export const FIRST_PAINT_START_PATH = '/first-paint-start.js';

/** The longest the scripts wait for a frame. */
export const FIRST_PAINT_WAIT_MAX_MS = 100;

/** Served at FIRST_PAINT_START_PATH: no inline script, so the page's CSP stays as strict. */
export const FIRST_PAINT_START_SCRIPT = `(function () {
  var me = document.currentScript;
  var sources = ((me && me.getAttribute('data-scripts')) || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    sources.forEach(function (src) {
      var script = document.createElement('script');
      script.src = src;
      script.async = false;
      document.head.appendChild(script);
    });
  }
  requestAnimationFrame(function () { setTimeout(start, 0); });
  setTimeout(start, ${FIRST_PAINT_WAIT_MAX_MS});
})();
`;

const DEFERRED_SCRIPT = /<script\b(?=[^>]*\bdefer\b)[^>]*\bsrc=["']?([^"'\s>]+)["']?[^>]*><\/script>/gi;

/** A path on this site (a script from elsewhere keeps its own tag). */
const onSite = (src: string) => src.startsWith('/') && !src.startsWith('//');

/**
 * The shell page (a built file) with its deferred scripts started after the first paint (see above); the
 * page as it was when it has none.
 */
export function startScriptsAfterFirstPaint(html: string): string {
  const sources = [...html.matchAll(DEFERRED_SCRIPT)].map((match) => match[1]!).filter(onSite);
  if (sources.length === 0) return html;
  const starter = `<script defer src="${FIRST_PAINT_START_PATH}" data-scripts="${sources.join(' ')}"></script>`;
  let placed = false;
  // A function replacer: nothing in the page is read as a replacement pattern.
  return html.replace(DEFERRED_SCRIPT, (tag: string, src: string) => {
    if (!onSite(src)) return tag;
    const preload = `<link rel="preload" as="script" href="${src}">`;
    if (placed) return preload;
    placed = true;
    return preload + starter;
  });
}
