import type { BrowserContext, Page } from 'playwright-core';

export const DEMO_MEMBER = { email: 'member@example.com', password: 'sidequest1!' };
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'operator1!' };

/** Signs in through the API, as the sign-in page would, and returns the token. */
export async function signInToken(baseUrl: string, account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl}/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const body = (await response.json()) as { userData: { token: string } };
  return body.userData.token;
}

/** Starts every page of the context signed in (the api-client's storage key). */
export async function signInContext(context: BrowserContext, baseUrl: string, account = DEMO_MEMBER): Promise<void> {
  const token = await signInToken(baseUrl, account);
  await context.addInitScript((value) => window.localStorage.setItem('sq.token', value), token);
}

/** Types the account into the sign-in page (/signin) and presses 로그인. */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('이메일').fill(email);
  await page.getByLabel('비밀번호').fill(password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
}
