import { FIRST_RESPONSE_ATTRIBUTE } from '@sq/contracts/first-content';

/**
 * API answers the gateway wrote into the page with a server-rendered first content
 * (@sq/contracts/first-content): the page's first GET of such a path (no query) is answered from the page,
 * once (the block is removed as it is read), so the screen renders exactly the content already on screen
 * without asking again. Any later GET, or one with a query, goes to the network as usual.
 */
export function takeFirstResponse(path: string): unknown {
  if (typeof document === 'undefined') return undefined;
  for (const block of document.querySelectorAll<HTMLScriptElement>(
    `script[type="application/json"][${FIRST_RESPONSE_ATTRIBUTE}]`,
  )) {
    if (block.getAttribute(FIRST_RESPONSE_ATTRIBUTE) !== path) continue;
    block.remove();
    try {
      return JSON.parse(block.textContent ?? '') as unknown;
    } catch {
      // A broken block only costs the shortcut: the GET goes to the network.
      return undefined;
    }
  }
  return undefined;
}
