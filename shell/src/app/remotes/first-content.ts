import { CONTENT_READY_ATTRIBUTE, FIRST_CONTENT_ID, FIRST_RESPONSE_ATTRIBUTE } from '@sq/contracts/first-content';

/**
 * The server-rendered first content the gateway may write into the page (@sq/contracts/first-content):
 * taken out of `#root` before the shell's first render (which replaces everything in it), shown inside the
 * layout's outlet where the remote will render, and removed in the same frame as the remote's own content
 * appears, so the page never blanks and nothing moves. Its owner's container stays hidden until then.
 */
interface Held {
  node: HTMLElement;
  owner: string;
  path: string;
  container: HTMLElement | null;
  observer: MutationObserver | null;
}

let held: Held | null = null;

/** Takes the first content out of the page (call once, before rendering into #root). */
export function takeFirstContent(): void {
  const node = document.getElementById(FIRST_CONTENT_ID);
  const owner = node?.dataset.owner;
  if (!node || !owner) return;
  node.remove();
  held = { node, owner, path: window.location.pathname, container: null, observer: null };
}

/** True while server-rendered content stands in for the page's remote. */
export function hasFirstContent(): boolean {
  return held !== null;
}

/** Puts the content into the layout's outlet (before any remote container), once the outlet exists. */
export function placeFirstContent(outlet: HTMLElement): void {
  if (held && held.node.parentElement !== outlet) outlet.prepend(held.node);
}

/**
 * Called for each remote container the shell creates: the owner's stays hidden until its content is ready.
 * A MutationObserver's callback runs before the browser paints the mutation, so the swap is one frame.
 */
export function watchContainer(name: string, container: HTMLElement): void {
  if (!held || held.owner !== name || held.container) return;
  held.container = container;
  container.hidden = true;
  const settle = () => {
    if (container.querySelector(`[${CONTENT_READY_ATTRIBUTE}]`)) releaseFirstContent();
  };
  held.observer = new MutationObserver(settle);
  held.observer.observe(container, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: [CONTENT_READY_ATTRIBUTE],
  });
  settle();
}

/** Removes the first content and shows the owner's container (ready, failed, or the user moved on). */
export function releaseFirstContent(): void {
  if (!held) return;
  held.observer?.disconnect();
  held.node.remove();
  if (held.container) held.container.hidden = false;
  held = null;
  // Answers the page did not ask for while it was shown would answer a later visit with stale data.
  for (const block of document.querySelectorAll(`script[${FIRST_RESPONSE_ATTRIBUTE}]`)) block.remove();
}

/**
 * Ends the stand-in unless the location is still the page it was rendered for and, once the guard has
 * decided (`owner` not undefined), that page belongs to the remote it was rendered by. A redirect, the error
 * page, a shell screen or another path: the content is not theirs.
 */
export function keepFirstContentOnlyFor(pathname: string, owner: string | null | undefined): void {
  if (held && (held.path !== pathname || (owner !== undefined && owner !== held.owner))) releaseFirstContent();
}
