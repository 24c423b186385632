import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type OAuthExchangeResponse, type UserDataResponse } from '@sq/contracts';
import type { TestService } from '@sq/service-kit/testing';
import {
  SITE_URL,
  asHolder,
  buildAccount,
  newSignUp,
  sessionActive,
  startCareercard,
  startOAuthProvider,
  startPrograms,
  type LocalOAuthProvider,
} from './support/peers';

let careercard: Awaited<ReturnType<typeof startCareercard>>;
let provider: LocalOAuthProvider;
let account: TestService;
let programs: Awaited<ReturnType<typeof startPrograms>>;

beforeAll(async () => {
  careercard = await startCareercard();
  provider = await startOAuthProvider();
  programs = await startPrograms();
  account = await buildAccount({ careercardUrl: careercard.url, programsUrl: programs.url, oauthUrl: provider.url });
});
afterAll(async () => {
  await account?.close();
  await provider?.close();
  await careercard?.close();
  await programs?.close();
});

type Provider = 'google' | 'kakao' | 'naver';

/** The Cookie header a browser sends back for the start's Set-Cookie (the binding cookie). */
function cookieOf(setCookie: string | string[] | number | undefined): Record<string, string> {
  const first = String(Array.isArray(setCookie) ? setCookie[0] : (setCookie ?? ''));
  return first ? { cookie: first.split(';')[0]! } : {};
}

/**
 * start → provider (approves `identity`) → callback in one browser (its cookies); answers the shell's
 * /oauthreturn query and the browser's cookie for the exchange. `callbackBrowser` opens the callback in
 * another browser (its Cookie header, or none).
 */
async function login(
  name: Provider,
  identity: string,
  options: {
    to?: string;
    tamperCallback?: (url: URL) => void;
    browser?: Record<string, string>;
    callbackBrowser?: Record<string, string>;
  } = {},
) {
  const start = await account.app.inject({
    url: `/api/oauth/${name}/start?to=${encodeURIComponent(options.to ?? '/mypage')}`,
    headers: options.browser ?? {},
  });
  expect(start.statusCode).toBe(302);
  const browser = options.browser ?? cookieOf(start.headers['set-cookie']);
  const authorize = new URL(start.headers.location as string);
  const atProvider = await fetch(`${authorize.toString()}&login_hint=${identity}`, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const callback = new URL(atProvider.headers.get('location')!);
  expect(`${callback.origin}${callback.pathname}`).toBe(`${SITE_URL}/api/oauth/${name}/callback`);
  options.tamperCallback?.(callback);
  const back = await account.app.inject({
    url: `${callback.pathname}${callback.search}`,
    headers: options.callbackBrowser ?? browser,
  });
  expect(back.statusCode).toBe(302);
  const shell = new URL(back.headers.location as string);
  expect(`${shell.origin}${shell.pathname}`).toBe(`${SITE_URL}/oauthreturn`);
  return { authorize, shell, browser };
}

/** POST /api/oauth/exchange from the browser with these cookies (none: a browser that never started). */
const exchange = (code: string | null, browser: Record<string, string> = {}) =>
  account.app.inject({ method: 'POST', url: '/api/oauth/exchange', payload: { code }, headers: browser });

describe.each([
  {
    name: 'google' as const,
    identity: 'google-new',
    email: 'sns.google@example.com',
    prefill: { username: '구글테스트', useralias: '구글러', userphone: null, vendor: 'GOOGLE' },
  },
  {
    name: 'kakao' as const,
    identity: 'kakao-new',
    email: 'sns.kakao@example.com',
    prefill: { username: '카카오테스트', useralias: '카카오친구', userphone: '010-2222-3333', vendor: 'KAKAO' },
  },
  {
    name: 'naver' as const,
    identity: 'naver-new',
    email: 'sns.naver@example.com',
    prefill: { username: '네이버테스트', useralias: '네이버회원', userphone: '010-3333-4444', vendor: 'NAVER' },
  },
])('$name login', ({ name, identity, email, prefill }) => {
  it('sends state (and PKCE, and a nonce for OIDC) to the provider', async () => {
    const start = await account.app.inject({ url: `/api/oauth/${name}/start?to=/mypage` });
    const url = new URL(start.headers.location as string);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('client_id')).toBe('sq-local-client');
    expect(url.searchParams.get('code_challenge_method')).toBe(name === 'naver' ? null : 'S256');
    expect(Boolean(url.searchParams.get('nonce'))).toBe(name === 'google');
  });

  it('signs a newcomer up with the prefilled social form, then signs them in by subject', async () => {
    const { shell, browser } = await login(name, identity, { to: '/careercard' });
    const first = await exchange(shell.searchParams.get('code'), browser);
    const ticketAnswer = first.json<Extract<OAuthExchangeResponse, { result: 'signUp' }>>();
    expect(ticketAnswer).toMatchObject({
      ErrorCode: '00',
      result: 'signUp',
      to: '/careercard',
      prefill: { email, ...prefill },
    });
    // The one-time code is spent.
    expect((await exchange(shell.searchParams.get('code'), browser)).json()).toMatchObject({
      ErrorCode: '40',
      message: MESSAGES.socialLoginFailed,
    });

    const { email: _e, password: _p, pw_confirm: _c, ...rest } = newSignUp();
    const signUp = await account.app.inject({
      method: 'POST',
      url: '/api/snsSignUp',
      payload: { ...rest, ticket: ticketAnswer.ticket, username: prefill.username },
    });
    expect(signUp.statusCode).toBe(201);
    const created = signUp.json<UserDataResponse>();
    expect(created.userData).toMatchObject({ email, vendor: prefill.vendor, userName: prefill.username });
    // The card shows the member's name next to the nickname.
    expect(await careercard.service.app.knex('profile').where({ profile_id: rest.careerCardId }).first()).toMatchObject(
      { user_name: prefill.username, user_alias: rest.useralias },
    );
    expect(
      await account.app.knex('user_account').where({ user_id: created.userData.userId }).first('password_hash'),
    ).toEqual({ password_hash: null });
    // The ticket is single use.
    const reuse = await account.app.inject({
      method: 'POST',
      url: '/api/snsSignUp',
      payload: { ...newSignUp(), ticket: ticketAnswer.ticket },
    });
    expect(reuse.json().message).toBe(MESSAGES.socialSignUpExpired);

    const { shell: again, browser: sameBrowser } = await login(name, identity);
    const signedIn = await exchange(again.searchParams.get('code'), sameBrowser);
    expect(signedIn.json()).toMatchObject({
      ErrorCode: '00',
      result: 'signedIn',
      to: '/mypage',
      isUser: 'Y',
      userData: { userId: created.userData.userId, vendor: prefill.vendor },
    });
    expect(signedIn.headers.authorization).toMatch(/^Bearer ey/);
    const token = signedIn.json<UserDataResponse>().userData.token;
    expect(await sessionActive(account, token)).toBe(true);
    expect(
      (await account.app.inject({ url: '/api/meOauth', headers: asHolder(account, token) })).json().userData.email,
    ).toBe(email);

    // An e-mail sign-up with that e-mail is told to use the provider.
    const check = await account.app.inject({ url: `/api/open/check/email?email=${encodeURIComponent(email)}` });
    expect(check.json().message).toBe(
      {
        google: MESSAGES.registeredWithGoogle,
        kakao: MESSAGES.registeredWithKakao,
        naver: MESSAGES.registeredWithNaver,
      }[name],
    );
    // A password reset answers as for anyone (the provider is named in the owner's mailbox, not to the caller).
    const reset = await account.app.inject({
      method: 'POST',
      url: '/api/password-reset',
      payload: { email, phone: rest.userphone },
    });
    const stranger = await account.app.inject({
      method: 'POST',
      url: '/api/password-reset',
      payload: { email: `nobody-${email}`, phone: rest.userphone },
    });
    expect([reset.statusCode, reset.json()]).toEqual([200, { ErrorCode: '00', expiresInMinutes: 30 }]);
    expect([stranger.statusCode, stranger.json()]).toEqual([200, reset.json()]);
  });

  it('never takes over an e-mail account: the duplicate-e-mail dialog, no link', async () => {
    const before = await account.app.knex('social_identity').count({ n: '*' });
    const { shell, browser } = await login(name, `${name}-member`);
    const response = await exchange(shell.searchParams.get('code'), browser);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ ErrorCode: '49', message: '이미 가입된 이메일입니다. 로그인 해주세요.' });
    expect(await account.app.knex('social_identity').count({ n: '*' })).toEqual(before);
    expect(response.headers.authorization).toBeUndefined();
  });

  it('sets a short-lived HttpOnly SameSite=Lax binding cookie on the start, one per browser', async () => {
    const start = await account.app.inject({ url: `/api/oauth/${name}/start` });
    const setCookie = String(start.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^sq_oauth_binding=[A-Za-z0-9_-]{43}; Path=\/api\/oauth; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
    // The same browser starting again (another tab) keeps its value, so the first tab's login still completes.
    const browser = cookieOf(setCookie);
    const again = await account.app.inject({ url: `/api/oauth/${name}/start`, headers: browser });
    expect(cookieOf(again.headers['set-cookie'])).toEqual(browser);
  });

  it('refuses a callback opened in another browser than the one that started (login CSRF)', async () => {
    const stranger = cookieOf((await account.app.inject({ url: `/api/oauth/${name}/start` })).headers['set-cookie']);
    for (const callbackBrowser of [{}, stranger, { cookie: 'sq_oauth_binding=not-a-binding' }]) {
      const { shell } = await login(name, identity, { callbackBrowser });
      expect(shell.searchParams.get('error')).toBe(MESSAGES.socialLoginFailed);
      expect(shell.searchParams.get('code')).toBeNull();
    }
  });

  it('spends the one-time code only in the browser that started: a forwarded /oauthreturn link signs nobody in', async () => {
    const { shell, browser } = await login(name, identity);
    const code = shell.searchParams.get('code');
    const victim = cookieOf((await account.app.inject({ url: `/api/oauth/${name}/start` })).headers['set-cookie']);
    for (const other of [{}, victim]) {
      const forwarded = await exchange(code, other);
      expect(forwarded.statusCode).toBe(400);
      expect(forwarded.json()).toEqual({ ErrorCode: '40', message: MESSAGES.socialLoginFailed });
      expect(forwarded.headers.authorization).toBeUndefined();
    }
    // The starting browser still completes its own login.
    expect((await exchange(code, browser)).json().ErrorCode).toBe('00');
  });

  it('refuses a callback whose state was not issued, or is replayed', async () => {
    const { shell } = await login(name, identity, {
      tamperCallback: (url) => url.searchParams.set('state', 'forged-state-forged-state-forged-state-forg'),
    });
    expect(shell.searchParams.get('error')).toBe(MESSAGES.socialLoginFailed);
    expect(shell.searchParams.get('code')).toBeNull();

    let replay = '';
    const { browser } = await login(name, identity, {
      tamperCallback: (url) => {
        replay = `${url.pathname}${url.search}`;
      },
    });
    const second = await account.app.inject({ url: replay, headers: browser });
    expect(new URL(second.headers.location as string).searchParams.get('error')).toBe(MESSAGES.socialLoginFailed);
  });
});

describe('OIDC checks (Google)', () => {
  it('refuses an id_token with another nonce', async () => {
    provider.tamper({ nonce: 'somebody-elses-nonce' });
    try {
      const { shell } = await login('google', 'google-new');
      expect(shell.searchParams.get('error')).toBe(MESSAGES.socialLoginFailed);
    } finally {
      provider.tamper({});
    }
  });

  it("refuses an id_token signed by a key outside the provider's JWKS", async () => {
    provider.tamper({ foreignKey: true });
    try {
      const { shell } = await login('google', 'google-new');
      expect(shell.searchParams.get('error')).toBe(MESSAGES.socialLoginFailed);
    } finally {
      provider.tamper({});
    }
  });

  it("identifies by subject, not e-mail: a Kakao identity with a Google member's e-mail is told to use Google", async () => {
    provider.addIdentity('kakao', {
      id: 'kakao-google-mail',
      label: 'x',
      subject: '3999999999',
      email: 'sns.google@example.com',
      name: '다른사람',
      nickname: '다른',
      phone: null,
    });
    const { shell, browser } = await login('kakao', 'kakao-google-mail');
    const response = await exchange(shell.searchParams.get('code'), browser);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(MESSAGES.registeredWithGoogle);
  });
});

describe('social login edges', () => {
  it('keeps the return path on this site', async () => {
    for (const to of ['https://evil.example/x', '//evil.example', '/\\evil', 'javascript:alert(1)']) {
      const start = await account.app.inject({ url: `/api/oauth/naver/start?to=${encodeURIComponent(to)}` });
      const state = new URL(start.headers.location as string).searchParams.get('state')!;
      const { createHash } = await import('node:crypto');
      const row = await account.app
        .knex('oauth_request')
        .where({ state_hash: createHash('sha256').update(state).digest('hex') })
        .first();
      expect(row.return_to, to).toBe('/');
    }
  });

  it('answers unknown providers, bad codes and bad tickets in Korean, never a 500', async () => {
    expect((await account.app.inject({ url: '/api/oauth/facebook/start' })).statusCode).toBe(404);
    for (const code of [null, '', 'x', 'A'.repeat(43), "' or 1=1 --"]) {
      const response = await exchange(code);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(MESSAGES.socialLoginFailed);
    }
    const callback = await account.app.inject({ url: '/api/oauth/google/callback?error=access_denied' });
    expect(new URL(callback.headers.location as string).searchParams.get('error')).toBe(MESSAGES.socialLoginFailed);
    const noTicket = await account.app.inject({
      method: 'POST',
      url: '/api/snsSignUp',
      payload: { ...newSignUp(), ticket: 'A'.repeat(43) },
    });
    expect(noTicket.statusCode).toBe(400);
    expect(noTicket.json().message).toBe(MESSAGES.socialSignUpExpired);
  });

  it('signs a withdrawn social member up again as a new account', async () => {
    provider.addIdentity('naver', {
      id: 'naver-leaver',
      label: 'x',
      subject: 'nv_leaver',
      email: 'leaver@example.com',
      name: '떠날사람',
      nickname: '떠남',
      phone: '010-7070-7070',
    });
    const { shell, browser } = await login('naver', 'naver-leaver');
    const { ticket } = (await exchange(shell.searchParams.get('code'), browser)).json<
      Extract<OAuthExchangeResponse, { result: 'signUp' }>
    >();
    const { email: _e, password: _p, pw_confirm: _c, ...rest } = newSignUp();
    const created = (
      await account.app.inject({ method: 'POST', url: '/api/snsSignUp', payload: { ...rest, ticket } })
    ).json<UserDataResponse>().userData;
    const headers = asHolder(account, created.token);
    await account.app.inject({
      method: 'POST',
      url: `/api/setWithdrawal/${created.userId}`,
      headers,
      payload: { reasonCode: 'OTHER', agreed: true },
    });
    const { shell: back, browser: leaverBrowser } = await login('naver', 'naver-leaver');
    expect((await exchange(back.searchParams.get('code'), leaverBrowser)).json().result).toBe('signUp');
  });

  it('gives a social member who withdraws and signs up again with the same identity no second sign-up credit, even under a new provider e-mail', async () => {
    const snsSignUp = async (identity: string) => {
      const { shell, browser } = await login('kakao', identity);
      const { ticket } = (await exchange(shell.searchParams.get('code'), browser)).json<
        Extract<OAuthExchangeResponse, { result: 'signUp' }>
      >();
      const { email: _e, password: _p, pw_confirm: _c, ...rest } = newSignUp();
      const response = await account.app.inject({
        method: 'POST',
        url: '/api/snsSignUp',
        payload: { ...rest, ticket },
      });
      expect(response.statusCode, response.body).toBe(201);
      const { userData } = response.json<UserDataResponse>();
      return { userId: userData.userId, headers: asHolder(account, userData.token) };
    };
    const onboard = (m: { headers: Record<string, string> }) =>
      account.app.inject({
        method: 'POST',
        url: '/api/user/detail',
        headers: m.headers,
        payload: { jobCode: 'JG_DEV', yearCode: 'CY_1_3Y' },
      });
    provider.addIdentity('kakao', {
      id: 'kakao-returner',
      label: 'x',
      subject: '3777777777',
      email: 'returner@example.com',
      name: '돌아온사람',
      nickname: '돌아옴',
      phone: '+82 10-7171-7171',
    });
    const first = await snsSignUp('kakao-returner');
    expect((await onboard(first)).json()).toMatchObject({ pointGranted: true, pointBalance: 10_000 });
    const left = await account.app.inject({
      method: 'POST',
      url: `/api/setWithdrawal/${first.userId}`,
      headers: first.headers,
      payload: { reasonCode: 'OTHER', agreed: true },
    });
    expect(left.statusCode, left.body).toBe(200);
    // The same Kakao account (subject), which now reports another e-mail.
    provider.addIdentity('kakao', {
      id: 'kakao-returner-new-mail',
      label: 'x',
      subject: '3777777777',
      email: 'returner.new@example.com',
      name: '돌아온사람',
      nickname: '돌아옴',
      phone: '+82 10-7171-7171',
    });
    const again = await snsSignUp('kakao-returner-new-mail');
    expect(again.userId).not.toBe(first.userId);
    expect((await onboard(again)).json()).toEqual({
      ErrorCode: '00',
      pointGranted: false,
      pointBalance: 0,
      userStep: 'DONE',
    });
  });
});
