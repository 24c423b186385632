import http from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { CONSUMER_MESSAGES, SCOPE_LABELS } from '@sq/contracts';
import { alerts, launchBrowser, newPage } from '../src/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInContext } from '../src/session';

/**
 * Partner apps in the composed site, in Chromium: the demo operator registers an app in the console and copies its
 * secret, the app reads open cohorts on its own, the demo member is sent to the Korean sign-in and consent screens,
 * agrees, and the app (a loopback server standing for the partner's site) receives the code, exchanges it with PKCE
 * and reads the member's applications; the member then ends the connection in my page and the app's token dies.
 */
const baseUrl = inject('baseUrl');

let browser: Browser;
let callback: http.Server;
let callbackUrl: string;
const received: URLSearchParams[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
  callback = http.createServer((request, response) => {
    // The browser also asks for /favicon.ico: only the redirect to the callback counts.
    const url = new URL(request.url ?? '/', 'http://partner');
    if (url.pathname === '/callback') received.push(url.searchParams);
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><title>파트너</title><h1>연결 완료</h1>');
  });
  await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => callback?.close(resolve));
});

const tokenRequest = (clientId: string, secret: string, params: Record<string, string>) =>
  fetch(`${baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(params),
  });
const bearer = (path: string, token: string) =>
  fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });

describe('partner apps', () => {
  it('registered in the console, acting for itself and for a member who consents on the Korean screen, cut off from my page', async () => {
    // The operator registers the app in the console and sees its secret once.
    const operator = await newPage(browser);
    await signInContext(operator.context, baseUrl, DEMO_ADMIN);
    await operator.page.goto(`${baseUrl}/admin/partner-apps`);
    await operator.page.getByRole('button', { name: '앱 등록' }).click();
    const form = operator.page.getByTestId('partner-app-form');
    const name = `잡보드 ${Date.now().toString(36)}`;
    await form.getByLabel('앱 이름').fill(name);
    await form.getByLabel('담당자 이메일').fill('dev@partner.example');
    await form.getByLabel(SCOPE_LABELS['programs:read']).check();
    await form.getByLabel(SCOPE_LABELS['applications:read']).check();
    await form.getByLabel(/리디렉션 URI/).fill(callbackUrl);
    await form.getByRole('button', { name: '등록' }).click();
    const shown = operator.page.getByTestId('partner-secret');
    const clientId = (await shown.locator('code').nth(0).textContent())!;
    const clientSecret = (await shown.locator('code').nth(1).textContent())!;
    expect(clientSecret).toMatch(/^sqs_/);
    await operator.context.close();

    // On its own: open cohorts with client credentials.
    const own = (await (
      await tokenRequest(clientId, clientSecret, { grant_type: 'client_credentials', scope: 'programs:read' })
    ).json()) as { access_token: string };
    const products = await bearer('/api/products', own.access_token);
    expect(products.status).toBe(200);
    expect(products.headers.get('ratelimit-policy')).toContain('"minute";q=');

    // For the member: sign in and consent on the account service's Korean pages.
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const member = await newPage(browser);
    const query = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      redirect_uri: callbackUrl,
      scope: 'applications:read',
      state: 'e2e',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    await member.page.goto(`${baseUrl}/oauth2/auth?${query}`);
    await member.page.getByRole('heading', { name: '로그인하고 앱 연결하기' }).waitFor();
    await member.page.getByLabel('이메일').fill(DEMO_MEMBER.email);
    await member.page.getByLabel('비밀번호').fill(DEMO_MEMBER.password);
    await member.page.getByRole('button', { name: '로그인' }).click();
    await member.page.getByRole('heading', { name: '앱 연결 동의' }).waitFor();
    expect(await member.page.locator('li').allTextContents()).toEqual([SCOPE_LABELS['applications:read']]);
    await member.page.getByRole('button', { name: '동의하고 연결하기' }).click();
    await member.page.getByRole('heading', { name: '연결 완료' }).waitFor();
    const answer = received.at(-1)!;
    expect(answer.get('state')).toBe('e2e');
    await member.context.close();

    const exchanged = await tokenRequest(clientId, clientSecret, {
      grant_type: 'authorization_code',
      code: answer.get('code')!,
      redirect_uri: callbackUrl,
      code_verifier: verifier,
    });
    expect(exchanged.status).toBe(200);
    const { access_token: token } = (await exchanged.json()) as { access_token: string };
    expect((await bearer('/api/join/history', token)).status).toBe(200);

    // The member sees the app in my page and ends the connection.
    const mypage = await newPage(browser);
    await signInContext(mypage.context, baseUrl, DEMO_MEMBER);
    alerts(mypage.page);
    await mypage.page.goto(`${baseUrl}/mypage/apps`);
    const item = mypage.page.getByTestId('consent-item').filter({ hasText: name });
    expect(await item.textContent()).toContain(SCOPE_LABELS['applications:read']);
    await item.getByRole('button', { name: '연결 끊기' }).click();
    await item.waitFor({ state: 'detached' });
    await mypage.context.close();
    const after = await bearer('/api/join/history', token);
    expect(after.status).toBe(401);
    expect(((await after.json()) as { message: string }).message).toBe(CONSUMER_MESSAGES.consumerTokenInvalid);
  });
});
