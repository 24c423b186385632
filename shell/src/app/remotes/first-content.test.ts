import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  hasFirstContent,
  keepFirstContentOnlyFor,
  placeFirstContent,
  takeFirstContent,
  watchContainer,
} from './first-content';

/** What the gateway writes into #root (api-gateway/src/first-content.ts), reduced to what the shell reads. */
function serverPage() {
  document.body.innerHTML =
    '<div id="root"><div class="sq-first-paint"><main><div id="sq-first-content" data-owner="mfe_programs"><p>서버가 그린 홈</p></div></main></div></div>';
  window.history.replaceState(null, '', '/');
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(serverPage);
afterEach(() => keepFirstContentOnlyFor('/nowhere', null));

describe('server-rendered first content in the shell', () => {
  it('is taken out of #root, placed first in the outlet, and swapped for the owner once its content is ready', async () => {
    takeFirstContent();
    expect(document.getElementById('sq-first-content')).toBeNull();
    expect(hasFirstContent()).toBe(true);

    document.body.innerHTML = '<main><div id="sq-remote-outlet"></div></main>';
    const outlet = document.getElementById('sq-remote-outlet')!;
    placeFirstContent(outlet);
    const container = document.createElement('div');
    outlet.append(container);
    watchContainer('mfe_programs', container);
    expect(outlet.firstElementChild?.id).toBe('sq-first-content');
    expect(container.hidden).toBe(true);

    // Still loading (a spinner): the server's content stays.
    container.innerHTML = '<div class="sq-spinner"></div>';
    await tick();
    expect(document.getElementById('sq-first-content')).not.toBeNull();
    expect(container.hidden).toBe(true);

    container.innerHTML = '<div data-content-ready><p>리모트가 그린 홈</p></div>';
    await tick();
    expect(document.getElementById('sq-first-content')).toBeNull();
    expect(container.hidden).toBe(false);
    expect(hasFirstContent()).toBe(false);
  });

  it("leaves other remotes' containers alone", () => {
    takeFirstContent();
    const other = document.createElement('div');
    watchContainer('mfe_mypage', other);
    expect(other.hidden).toBe(false);
    expect(hasFirstContent()).toBe(true);
  });

  it('ends when the page moves on or the guard gives the path to something else', () => {
    takeFirstContent();
    keepFirstContentOnlyFor('/', undefined);
    keepFirstContentOnlyFor('/', 'mfe_programs');
    expect(hasFirstContent()).toBe(true);
    keepFirstContentOnlyFor('/', null);
    expect(hasFirstContent()).toBe(false);

    serverPage();
    takeFirstContent();
    keepFirstContentOnlyFor('/faq', undefined);
    expect(hasFirstContent()).toBe(false);
  });

  it('drops the API answers nobody asked for while it was shown, so a later visit asks the API afresh', () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<script type="application/json" data-api-response="/open/main-page">{"ErrorCode":"00"}</script>',
    );
    takeFirstContent();
    keepFirstContentOnlyFor('/faq', undefined);
    expect(document.querySelector('script[data-api-response]')).toBeNull();
  });

  it('does nothing on a page served without first content', () => {
    document.body.innerHTML = '<div id="root"></div>';
    takeFirstContent();
    expect(hasFirstContent()).toBe(false);
  });
});
