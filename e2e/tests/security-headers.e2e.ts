import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../src/browser';
import { REAL_ROUTES } from '../src/real-routes';
import { DEMO_ADMIN, DEMO_MEMBER, signInContext } from '../src/session';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Pages beyond the budget routes, with what shows they rendered. */
const MORE_ROUTES = {
  visitor: [
    { path: '/signin', ready: 'button[type=submit]' },
    { path: '/signup', ready: '[data-provider="kakao"]' },
    { path: '/careercard', ready: '[data-remote="mfe_careercard"] h1' },
    { path: '/itskilltrends', ready: '[data-testid=itskill-trends] h1' },
    { path: '/no/such/page', ready: '[role=alert]' },
    // The API documentation page (Swagger UI) is served by the gateway under the same policy.
    { path: '/api/docs', ready: '.swagger-ui .information-container' },
  ],
  member: [{ path: '/mypage/info', ready: '[data-testid=my-info-form]' }],
  admin: [{ path: '/admin/teams', ready: '[data-remote="mfe_programs"]' }],
};

/**
 * Everything the browser reports about the policy in a page: `securitypolicyviolation` events (recorded
 * by a script that runs before the page's own) and Chromium's console messages.
 */
async function watchPolicy(context: BrowserContext, page: Page) {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) messages.push(message.text());
  });
  return async () => [
    ...messages,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
  ];
}

async function browse(routes: ReadonlyArray<{ path: string; ready: string }>, signIn?: typeof DEMO_MEMBER) {
  const { page, context } = await newPage(browser);
  if (signIn) await signInContext(context, baseUrl, signIn);
  const violations = await watchPolicy(context, page);
  const found: string[] = [];
  for (const route of routes) {
    const response = await page.goto(`${baseUrl}${route.path}`);
    expect(response?.headers()['content-security-policy'], route.path).toContain("frame-ancestors 'none'");
    await page.locator(route.ready).first().waitFor();
    // Images and lazy chunks of the page load too before it counts as seen (a page that keeps a request
    // open is checked after the wait all the same).
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    found.push(...(await violations()).map((v) => `${route.path}: ${v}`));
  }
  await context.close();
  return found;
}

describe('security headers on the composed site', () => {
  it('serve pages with the CSP and the other headers, and API answers with nosniff', async () => {
    const page = await fetch(`${baseUrl}/story/detail/1`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/(^|; )script-src 'self'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const api = await fetch(`${baseUrl}/api/projects`);
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
  });

  it('enforce the policy: an inline script put into the page does not run and is reported', async () => {
    const { page, context } = await newPage(browser);
    const violations = await watchPolicy(context, page);
    await page.goto(`${baseUrl}/faq`);
    await page.locator('[data-remote="mfe_programs"] [data-testid=faq-entry]').first().waitFor();
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    expect((await violations()).join('\n')).toContain('script-src');
    await context.close();
  });

  it('let the shell and all four remotes work with no violation on the main routes', async () => {
    const visitor = await browse([...REAL_ROUTES.filter((r) => !r.member), ...MORE_ROUTES.visitor]);
    const member = await browse([...REAL_ROUTES.filter((r) => r.member), ...MORE_ROUTES.member], DEMO_MEMBER);
    const admin = await browse(MORE_ROUTES.admin, DEMO_ADMIN);
    expect([...visitor, ...member, ...admin]).toEqual([]);
  }, 240_000);
});
