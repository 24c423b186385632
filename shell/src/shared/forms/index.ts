/**
 * The account form schemas of `@sq/contracts/forms`, imported by path on purpose.
 *
 * Every `@sq/contracts/*` request is a Module Federation shared module, and the shell provides its shared
 * modules eagerly from its main chunk (packages/mf-config). Importing the schemas as `@sq/contracts/forms`
 * would therefore put them, and zod/mini with them, into the first load of every route (measured: +23 KB
 * gzip with full zod). Through this path they are ordinary modules of the lazy account chunk. The schemas
 * are pure functions of their input, so a second copy in a remote that shares them costs nothing but bytes.
 */
export * from '../../../../packages/contracts/src/forms';
