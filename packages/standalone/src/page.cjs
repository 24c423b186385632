// @ts-check
'use strict';

/**
 * The standalone page's HTML: a header slot, a main slot, the page's one Module Federation runtime before any
 * bundle (see @sq/mf-config); html-webpack-plugin adds the page's script. A function rather than an
 * html-webpack-plugin template file: a template is compiled in a child compilation, which inherits the remote's
 * Module Federation plugin and emits the shared modules' chunks a second time (a name conflict in development).
 * @param {{ title: string, federationRuntime: string }} options
 * @returns {string}
 */
module.exports = function standalonePage({ title, federationRuntime }) {
  return `<!doctype html>
<html lang="ko">
  <head>
    <meta charset="utf-8" />
    <script defer src="${federationRuntime}"></script>
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
  </head>
  <body>
    <div id="standalone-header"></div>
    <main id="standalone-main"></main>
  </body>
</html>
`;
};
