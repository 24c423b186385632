import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONSUMER_MESSAGES,
  MESSAGES,
  PARTNER_MESSAGES,
  SCOPE_LABELS,
  missingScopeMessage,
  type PartnerAppSecretResponse,
  type PartnerConsentListResponse,
  type ProductListResponse,
  type UserDataResponse,
} from '@sq/contracts';
import { DEMO_ACCOUNTS } from '../../services/account/src/seeds';
import { DEFAULT_CONSUMERS } from '../src/consumers/config';
import { startRealStack, type RealStack } from './support/real-stack';

/**
 * Partner apps end to end on the real site: an operator registers apps in the console's API, an app reads open
 * cohorts with client credentials until its quota says when to come back, a member signs in on the Korean consent
 * screen and the app reads their applications (authorization code with PKCE), the member revokes the consent in my
 * page and the token dies. oidc-provider answers every OAuth 2.0 step through the gateway's /oauth2 route.
 */
// The `partner-plus` tier is made tiny here so that a quota is reached in a few requests; `partner` is roomy.
const QUOTA_PER_MINUTE = 3;
let stack: RealStack;
beforeAll(async () => {
  stack = await startRealStack({
    jobWorkers: false,
    consumers: {
      ...DEFAULT_CONSUMERS,
      tiers: {
        ...DEFAULT_CONSUMERS.tiers,
        partner: { perMinute: 1_000, perDay: 100_000 },
        'partner-plus': { perMinute: QUOTA_PER_MINUTE, perDay: 1_000 },
      },
    },
  });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

const REDIRECT_URI = 'https://partner.example/callback';
const json = { 'content-type': 'application/json' };
const signIn = async (account: { email: string; password: string }) => {
  const response = await fetch(`${stack.url}/api/signin`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(account),
  });
  return ((await response.json()) as UserDataResponse).userData.token;
};
const call = (method: string, path: string, bearer: string, body?: object) =>
  fetch(`${stack.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(body ? json : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

const register = async (admin: string, form: object) => {
  const response = await call('POST', '/api/admin/partner-apps', admin, {
    name: '잡보드',
    ownerEmail: 'dev@partner.example',
    scopes: ['programs:read', 'applications:read'],
    tier: 'partner',
    redirectUris: [REDIRECT_URI],
    ...form,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return (await response.json()) as PartnerAppSecretResponse;
};

const basic = (clientId: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
const tokenRequest = (clientId: string, secret: string, params: Record<string, string>) =>
  fetch(`${stack.url}/oauth2/token`, {
    method: 'POST',
    headers: { authorization: basic(clientId, secret), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
const clientCredentials = async (clientId: string, secret: string, scope: string) => {
  const response = await tokenRequest(clientId, secret, { grant_type: 'client_credentials', scope });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
};

/** A browser's cookies, enough for the authorization server's (names are unique; every cookie goes everywhere). */
class Browser {
  private jar = new Map<string, string>();
  async go(url: string, init: RequestInit = {}): Promise<Response> {
    const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(new URL(url, stack.url), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return response;
  }
  form(url: string, fields: Record<string, string>) {
    return this.go(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};
const authorizeUrl = (clientId: string, params: Record<string, string>) =>
  `/oauth2/auth?${new URLSearchParams({ client_id: clientId, response_type: 'code', redirect_uri: REDIRECT_URI, scope: 'applications:read', state: 'st-1', ...params })}`;

describe('partner apps on the real site', () => {
  it('an app registered by the operator reads open cohorts with client credentials, hits its quota and is told when to come back', async () => {
    const admin = await signIn(DEMO_ACCOUNTS.admin);
    const { app, clientSecret } = await register(admin, {
      name: '코호트 알리미',
      tier: 'partner-plus',
      redirectUris: [],
    });
    expect(app).toMatchObject({
      name: '코호트 알리미',
      tier: 'partner-plus',
      enabled: true,
      secretHint: clientSecret.slice(0, 8),
    });
    const token = await clientCredentials(app.clientId, clientSecret, 'programs:read');

    const statuses: number[] = [];
    for (let i = 0; i < QUOTA_PER_MINUTE; i += 1) {
      const products = await call('GET', '/api/products', token);
      statuses.push(products.status);
      expect(products.headers.get('ratelimit-policy')).toBe(
        `"minute";q=${QUOTA_PER_MINUTE};w=60, "day";q=1000;w=86400`,
      );
      const body = (await products.json()) as ProductListResponse & { ErrorCode: string };
      expect(body.ErrorCode).toBe('00');
      expect(body.products.some((product) => product.recruiting)).toBe(true);
    }
    expect(statuses).toEqual([200, 200, 200]);
    const over = await call('GET', '/api/products', token);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(over.headers.get('ratelimit')).toMatch(/^"minute";r=0;t=\d+$/);
    expect(await over.json()).toEqual({ ErrorCode: '29', message: CONSUMER_MESSAGES.consumerQuotaExceeded });
  });

  it("acting for itself, an app reaches only what needs no member, within its scopes, never operators' operations", async () => {
    const admin = await signIn(DEMO_ACCOUNTS.admin);
    const { app, clientSecret } = await register(admin, { scopes: ['programs:read', 'applications:read'] });
    const token = await clientCredentials(app.clientId, clientSecret, 'programs:read applications:read');
    expect((await call('GET', '/api/products', token)).status).toBe(200);

    const noScope = await call('GET', '/api/profile/minji', token);
    expect(noScope.status).toBe(403);
    expect(await noScope.json()).toEqual({
      ErrorCode: '43',
      message: missingScopeMessage('careercard:read', SCOPE_LABELS['careercard:read']),
    });
    const noMember = await call('GET', '/api/join/history', token);
    expect(noMember.status).toBe(403);
    expect(await noMember.json()).toEqual({ ErrorCode: '43', message: PARTNER_MESSAGES.partnerMemberOnly });
    for (const path of ['/api/admin/cohorts', '/api/admin/partner-apps', '/api/admin/content/faq']) {
      const response = await call('GET', path, token);
      expect(response.status, path).toBe(403);
      expect(await response.json()).toEqual({ ErrorCode: '43', message: CONSUMER_MESSAGES.consumerOperationRefused });
    }
    // A scope the app is not allowed is left out of the token by the authorization server itself.
    const narrowed = await tokenRequest(app.clientId, clientSecret, {
      grant_type: 'client_credentials',
      scope: 'careercard:write programs:read',
    });
    const { access_token: onlyPrograms, scope } = (await narrowed.json()) as { access_token: string; scope: string };
    expect(scope).toBe('programs:read');
    expect((await call('POST', '/api/updateMyinfo', onlyPrograms, {})).status).toBe(403);
  });

  it('a member signs in, consents on the Korean screen, the app reads their applications, and revoking the consent ends the token at once', async () => {
    const admin = await signIn(DEMO_ACCOUNTS.admin);
    const { app, clientSecret } = await register(admin, {});
    const browser = new Browser();
    const { verifier, challenge } = pkce();

    const start = await browser.go(
      authorizeUrl(app.clientId, {
        scope: 'applications:read programs:read',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
    );
    expect(start.status).toBe(303);
    const interaction = start.headers.get('location')!;
    expect(interaction).toMatch(/^\/oauth2\/interaction\/[\w-]+$/);
    const signInPage = await browser.go(interaction);
    expect(signInPage.status).toBe(200);
    const signInHtml = await signInPage.text();
    expect(signInHtml).toContain(PARTNER_MESSAGES.consentSignInTitle);
    expect(signInHtml).toContain('잡보드');

    const wrong = await browser.form(`${interaction}/login`, {
      email: DEMO_ACCOUNTS.member.email,
      password: 'not-the-password1!',
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain(MESSAGES.badLogin);
    const signedIn = await browser.form(`${interaction}/login`, DEMO_ACCOUNTS.member);
    expect(signedIn.status).toBe(303);
    const toConsent = await browser.go(signedIn.headers.get('location')!);
    expect(toConsent.status).toBe(303);
    const consentUrl = toConsent.headers.get('location')!;
    const consent = await browser.go(consentUrl);
    const consentHtml = await consent.text();
    expect(consentHtml).toContain(PARTNER_MESSAGES.consentTitle);
    expect(consentHtml).toContain(`<li>${SCOPE_LABELS['applications:read']}</li>`);
    expect(consentHtml).toContain(`<li>${SCOPE_LABELS['programs:read']}</li>`);
    expect(consent.headers.get('content-security-policy')).toContain("default-src 'none'");

    const confirmed = await browser.form(`${consentUrl}/confirm`, {});
    expect(confirmed.status).toBe(303);
    const back = await browser.go(confirmed.headers.get('location')!);
    expect(back.status).toBe(303);
    const callback = new URL(back.headers.get('location')!);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe('st-1');
    const code = callback.searchParams.get('code')!;

    // The code is worth nothing without the verifier.
    expect(
      (
        await tokenRequest(app.clientId, clientSecret, {
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT_URI,
          code_verifier: pkce().verifier,
        })
      ).status,
    ).toBe(400);
    const { verifier: v2, challenge: c2 } = pkce();
    const again = await browser.go(
      authorizeUrl(app.clientId, {
        scope: 'applications:read programs:read',
        code_challenge: c2,
        code_challenge_method: 'S256',
      }),
    );
    // Signed in and already consented: straight back to the app with a new code.
    expect(again.status).toBe(303);
    const code2 = new URL(again.headers.get('location')!).searchParams.get('code');
    expect(code2).toBeTruthy();
    const exchanged = await tokenRequest(app.clientId, clientSecret, {
      grant_type: 'authorization_code',
      code: code2!,
      redirect_uri: REDIRECT_URI,
      code_verifier: v2,
    });
    expect(exchanged.status, await exchanged.clone().text()).toBe(200);
    const { access_token: token, scope } = (await exchanged.json()) as { access_token: string; scope: string };
    expect(scope.split(' ').sort()).toEqual(['applications:read', 'programs:read']);
    void verifier;

    const history = await call('GET', '/api/join/history', token);
    expect(history.status).toBe(200);
    expect(((await history.json()) as { ErrorCode: string }).ErrorCode).toBe('00');
    expect((await call('GET', '/api/admin/cohorts', token)).status).toBe(403);
    expect((await call('GET', '/api/partner-consents', token)).status).toBe(403);

    const member = await signIn(DEMO_ACCOUNTS.member);
    const listed = ((await (await call('GET', '/api/partner-consents', member)).json()) as PartnerConsentListResponse)
      .consents;
    const mine = listed.find((c) => c.appName === '잡보드')!;
    expect(mine.scopes.sort()).toEqual(['applications:read', 'programs:read']);
    expect(Date.parse(mine.grantedAt)).toBeGreaterThan(Date.now() - 60_000);

    expect((await call('DELETE', `/api/partner-consents/${encodeURIComponent(mine.grantId)}`, member)).status).toBe(
      200,
    );
    const after = await call('GET', '/api/join/history', token);
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ ErrorCode: '41', message: CONSUMER_MESSAGES.consumerTokenInvalid });
    expect(
      ((await (await call('GET', '/api/partner-consents', member)).json()) as PartnerConsentListResponse).consents.find(
        (c) => c.grantId === mine.grantId,
      ),
    ).toBeUndefined();
    expect((await call('DELETE', `/api/partner-consents/${encodeURIComponent(mine.grantId)}`, member)).status).toBe(
      404,
    );
  });

  it('describes itself at the public origin: code with S256 only, client credentials, no implicit', async () => {
    const response = await fetch(`${stack.url}/oauth2/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: `${stack.url}/oauth2`,
      authorization_endpoint: `${stack.url}/oauth2/auth`,
      token_endpoint: `${stack.url}/oauth2/token`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
    });
    expect(discovery.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'client_credentials']),
    );
    expect(discovery.grant_types_supported).not.toContain('implicit');
  });

  it('refuses an unregistered redirect URI with a Korean page and an authorization request without PKCE', async () => {
    const admin = await signIn(DEMO_ACCOUNTS.admin);
    const { app } = await register(admin, {});
    const browser = new Browser();
    const { challenge } = pkce();

    const elsewhere = await browser.go(
      authorizeUrl(app.clientId, {
        redirect_uri: 'https://attacker.example/cb',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.headers.get('location')).toBeNull();
    expect(await elsewhere.text()).toContain(PARTNER_MESSAGES.oauthError);

    const noPkce = await browser.go(authorizeUrl(app.clientId, {}));
    expect(noPkce.status).toBe(303);
    const refused = new URL(noPkce.headers.get('location')!);
    expect(`${refused.origin}${refused.pathname}`).toBe(REDIRECT_URI);
    expect(refused.searchParams.get('error')).toBe('invalid_request');
    expect(refused.searchParams.get('code')).toBeNull();
    const plain = await browser.go(
      authorizeUrl(app.clientId, { code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }),
    );
    expect(new URL(plain.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
  });

  it('a member who cancels sends the app access_denied; a stale consent screen says so in Korean', async () => {
    const admin = await signIn(DEMO_ACCOUNTS.admin);
    const { app } = await register(admin, {});
    const browser = new Browser();
    const start = await browser.go(
      authorizeUrl(app.clientId, { code_challenge: pkce().challenge, code_challenge_method: 'S256' }),
    );
    const interaction = start.headers.get('location')!;
    const cancelled = await browser.form(`${interaction}/abort`, {});
    expect(cancelled.status).toBe(303);
    const back = await browser.go(cancelled.headers.get('location')!);
    const refused = new URL(back.headers.get('location')!);
    expect(`${refused.origin}${refused.pathname}`).toBe(REDIRECT_URI);
    expect(refused.searchParams.get('error')).toBe('access_denied');

    // Another browser (no interaction cookie), or the same screen after it ended: nothing to consent to.
    const stranger = await new Browser().go(interaction);
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toContain(PARTNER_MESSAGES.consentExpired);
    const forged = await new Browser().form(`${interaction}/confirm`, {});
    expect(forged.status).toBe(400);
    expect(forged.headers.get('location')).toBeNull();
  });

  it('an app disabled by the operator, or its rotated secret, gets nothing more', async () => {
    const admin = await signIn(DEMO_ACCOUNTS.admin);
    const { app, clientSecret } = await register(admin, { redirectUris: [] });
    const token = await clientCredentials(app.clientId, clientSecret, 'programs:read');
    expect((await call('GET', '/api/products', token)).status).toBe(200);

    const rotated = await call('POST', `/api/admin/partner-apps/${app.appId}/secret`, admin);
    expect(rotated.status).toBe(200);
    const { clientSecret: newSecret } = (await rotated.json()) as PartnerAppSecretResponse;
    expect(newSecret).not.toBe(clientSecret);
    expect(
      (await tokenRequest(app.clientId, clientSecret, { grant_type: 'client_credentials', scope: 'programs:read' }))
        .status,
    ).toBe(401);
    await clientCredentials(app.clientId, newSecret, 'programs:read');

    const form = {
      name: app.name,
      ownerEmail: app.ownerEmail,
      scopes: app.scopes,
      tier: app.tier,
      redirectUris: app.redirectUris,
      enabled: false,
    };
    expect((await call('PUT', `/api/admin/partner-apps/${app.appId}`, admin, form)).status).toBe(200);
    const refused = await call('GET', '/api/products', token);
    expect(refused.status).toBe(401);
    expect(
      (await tokenRequest(app.clientId, newSecret, { grant_type: 'client_credentials', scope: 'programs:read' }))
        .status,
    ).toBe(401);
  });
});
