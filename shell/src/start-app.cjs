/**
 * The shell page's one inline script (index.html): it starts the app by inserting the page's scripts, in
 * order. The build inlines this function's own text, and the gateway allows it by its hash (CSP).
 *
 * Why not `<script defer>`: on a page the gateway rendered a first content into (@sq/contracts/first-content),
 * the browser would run the deferred scripts as soon as the HTML is parsed, and compiling and running them
 * (React DOM, the router, the federation runtime) holds the first paint of content that needs no script at
 * all. So there the app starts once the first contentful paint has been reported (or after `maxWaitMs`,
 * for a hidden tab or a browser that does not report paints). Every other page starts at once. The
 * scripts are preloaded in the head, so the wait never delays their download.
 *
 * Plain ES5 and no module syntax: it runs as an inline classic script before any bundle.
 * @param {string[]} scripts URLs in the order they must run (the federation runtime first)
 * @param {string} firstContentId the id of the gateway's first-content element
 * @param {number} maxWaitMs the longest a first-content page waits for its paint report
 */
function startApp(scripts, firstContentId, maxWaitMs) {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < scripts.length; i += 1) {
      var script = document.createElement('script');
      script.src = scripts[i];
      // Inserted scripts are async by default; these must run in order.
      script.async = false;
      document.head.appendChild(script);
    }
  }
  var types = (window.PerformanceObserver && window.PerformanceObserver.supportedEntryTypes) || [];
  if (!document.getElementById(firstContentId) || types.indexOf('paint') < 0) return start();
  setTimeout(start, maxWaitMs);
  try {
    new window.PerformanceObserver(function (list) {
      // A task after the report, so the paint's own frame is never held by the scripts.
      if (list.getEntriesByName('first-contentful-paint').length) setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch (error) {
    // An observer that does not take this form of observe(): start now rather than after the longest wait.
    start();
  }
}

module.exports = startApp;
/** The id of the gateway's server-rendered first content (@sq/contracts/first-content; a test keeps them equal). */
module.exports.FIRST_CONTENT_ID = 'sq-first-content';
/** The longest a first-content page waits for its first paint report before starting anyway (a hidden tab paints nothing). */
module.exports.FIRST_PAINT_WAIT_MAX_MS = 300;
