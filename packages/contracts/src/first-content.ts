/**
 * Server-rendered first content: how a page's first paint can come with the HTML instead of after the
 * shell → registry → remoteEntry → chunk → data waterfall.
 *
 * A remote may publish, next to its browser build, a server module (`FIRST_CONTENT_MODULE`, CommonJS) that
 * renders the first content of some of its public pages from one GET of the API. The gateway, serving the
 * shell's index.html for such a page, asks the module for the page's API path, fetches it from the service,
 * renders it, and writes three things into the HTML (api-gateway/src/first-content.ts):
 *  - the rendered markup inside `#root`, in an element with id `FIRST_CONTENT_ID` (and the remote's name in
 *    `data-owner`), within a header-and-main frame styled by `@sq/ui`'s global CSS;
 *  - the module's stylesheet (`FIRST_CONTENT_STYLESHEET`: the CSS of exactly what it renders) in the head;
 *  - the API answer it rendered from (and the layout's, `LAYOUT_API`), each as a JSON data block
 *    (`FIRST_RESPONSE_ATTRIBUTE` = the API path), which `@sq/api-client` answers the page's first GET of
 *    that path with, so the remote renders the very same content without asking again.
 * The shell keeps the markup on screen, inside its layout, until the remote's own screen marks itself with
 * `CONTENT_READY_ATTRIBUTE`, then swaps the two in one frame (no layout shift, no blank). Types and
 * constants only: nothing here runs in the browser or the gateway by itself.
 */

/** The server module's file inside a published remote version, and its stylesheet. */
export const FIRST_CONTENT_MODULE = 'server/first-content.cjs';
export const FIRST_CONTENT_STYLESHEET = 'server/first-content.css';

/** Id of the element holding the server-rendered markup; `data-owner` names the remote. */
export const FIRST_CONTENT_ID = 'sq-first-content';

/** On a `<script type="application/json">` block: the API path (as passed to apiGet) whose answer it holds. */
export const FIRST_RESPONSE_ATTRIBUTE = 'data-api-response';

/**
 * A remote's screen puts this attribute on its root once it shows its own content (or its own error): the
 * moment the shell may remove the server-rendered first content.
 */
export const CONTENT_READY_ATTRIBUTE = 'data-content-ready';

/**
 * The GETs the shell's layout makes on every page (menu, site settings), relative to `/api`: answered in the
 * page along with a first content too, so such a page asks the API nothing while it loads.
 */
export const LAYOUT_API = { gnb: '/setting/gnb', site: '/setting/site' } as const;

/** One page a server module can render. */
export interface FirstContentPage {
  /** The GET the content is rendered from, relative to `/api` (exactly what the screen passes to apiGet). */
  api: string;
  /**
   * The markup of the page's content from the API's success body. `mobile`: the browser said it is a phone
   * (the Sec-CH-UA-Mobile hint or the user agent), for choices the screen makes by width in the browser.
   */
  render: (body: unknown, context: { mobile: boolean }) => string;
}

/** What `FIRST_CONTENT_MODULE` exports: its pages by exact path (public routes only). */
export interface FirstContentModule {
  pages: Readonly<Record<string, FirstContentPage>>;
}
