/**
 * A remote's federated entries: each is an exposed module (`./{entry}`) with its own single-spa lifecycles,
 * and each route of the remote's manifest names the one that renders it (`entry`, else DEFAULT_ENTRY).
 * Plain values, no zod: the shell reads them in the browser.
 */
export const DEFAULT_ENTRY = 'app';
export const ENTRY_NAME = /^[a-z][a-z0-9-]*$/;

/** The entry that renders a route of a manifest. */
export const entryOf = (route: { entry?: string | undefined }): string => route.entry ?? DEFAULT_ENTRY;
