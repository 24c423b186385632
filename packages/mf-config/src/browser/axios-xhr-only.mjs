// The site's axios instance always uses XMLHttpRequest (packages/api-client sets `adapter: 'xhr'`), so
// axios's fetch transport (about 5 KB gzip) is left out of every bundle. Asking for it fails loudly.
export const getFetch = () => {
  throw new Error('axios fetch adapter is not bundled; use the xhr adapter');
};
export default undefined;
