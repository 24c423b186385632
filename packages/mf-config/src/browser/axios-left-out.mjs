// axios features the site never uses, left out of every bundle (about 3 KB gzip of the axios chunk, which
// every page that asks the API downloads): upload/download progress (no request sets onUploadProgress or
// onDownloadProgress), the deprecated CancelToken (requests are cancelled with an AbortSignal), the
// HttpStatusCode table, and FormData sent as JSON (uploads send FormData as multipart). Using one of them
// fails loudly instead of doing nothing.
function leftOut() {
  throw new Error('This axios feature is not bundled (packages/mf-config/src/browser/axios-left-out.mjs).');
}
export default leftOut;
export const progressEventReducer = leftOut;
