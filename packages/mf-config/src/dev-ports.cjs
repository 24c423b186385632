// @ts-check
'use strict';

/**
 * The bundles from the one list of remotes (@sq/contracts/remotes.json): the webpack factories and the dev
 * registry read them here without loading webpack, and so does the stack's port check.
 */
const BUNDLES = require('@sq/contracts/remotes.json');

/** Standalone dev-server port per bundle folder (none may be on the Fetch standard's bad-port list). */
const DEV_SERVER_PORTS = Object.fromEntries(
  [BUNDLES.shell, ...BUNDLES.remotes].map((bundle) => [bundle.folder, bundle.devPort]),
);

/**
 * The listed remote in a folder.
 * @param {string} folder
 * @returns {{ name: string, folder: string, devPort: number, entries: string[] }}
 */
function remoteInFolder(folder) {
  const remote = BUNDLES.remotes.find((/** @type {{ folder: string }} */ r) => r.folder === folder);
  if (!remote) throw new Error(`@sq/mf-config: ${folder} is not in @sq/contracts/remotes.json`);
  return remote;
}

module.exports = { DEV_SERVER_PORTS, REMOTE_LIST: BUNDLES.remotes, remoteInFolder };
