// @ts-check
const fs = require('node:fs');
const path = require('node:path');
const { REMOTE_LIST } = require('./dev-ports.cjs');

/**
 * Development only (SQ_DEV_REGISTRY=local): a /remotes.json built from each remote's own route manifest,
 * pointing at the remotes' dev servers, so the shell can be developed before the gateway runs. The real
 * registry is written by the release tooling and served by the gateway.
 * @param {string} root the repository root
 */
function localRegistry(root) {
  return (/** @type {any} */ _req, /** @type {any} */ res) => {
    const remotes = [];
    for (const { folder, devPort: port } of REMOTE_LIST) {
      const file = path.join(root, folder, 'src', 'routes.json');
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
      remotes.push({
        ...manifest,
        version: 'dev',
        manifestUrl: `http://127.0.0.1:${port}/mf-manifest.json`,
        history: [],
        releasedAt: new Date(0).toISOString(),
      });
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.end(JSON.stringify({ remotes }));
  };
}

module.exports = { localRegistry };
