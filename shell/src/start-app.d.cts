/** Types of start-app.cjs (plain JavaScript, inlined into index.html by the build). */
declare function startApp(scripts: string[], firstContentId: string, maxWaitMs: number): void;
declare namespace startApp {
  const FIRST_CONTENT_ID: string;
  const FIRST_PAINT_WAIT_MAX_MS: number;
}
export = startApp;
