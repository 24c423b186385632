// @ts-check
'use strict';

/**
 * webpack loader: the entry of a remote's standalone development page, written from the remote's route
 * manifest (the loaded resource, src/routes.json, so an edit reloads the page) and its entries in the one
 * list of remotes. A remote has no page code of its own: @sq/standalone mounts each entry on its routes and
 * links the manifest's pages.
 * @this {import('webpack').LoaderContext<{ entries: string[] }>}
 * @param {string} source
 */
module.exports = function standalonePage(source) {
  const { entries } = this.getOptions();
  const manifest = JSON.stringify(JSON.parse(source));
  const loaders = entries.map((entry) => `${JSON.stringify(entry)}: () => import(${JSON.stringify(`./${entry}.tsx`)})`);
  return [
    `const manifest = ${manifest};`,
    `const entries = { ${loaders.join(', ')} };`,
    // The async boundary, as in the shell: shared singletons are negotiated before any of their code runs.
    "import('@sq/standalone').then(({ mountStandalone }) => mountStandalone({ manifest, entries }));",
    '',
  ].join('\n');
};
