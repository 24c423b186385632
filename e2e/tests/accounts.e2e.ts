import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '@sq/contracts/messages';
import { alerts, launchBrowser, newPage } from '../src/browser';
import { DEMO_MEMBER, signInThroughForm } from '../src/session';
import { siteApi } from '../src/api';

const baseUrl = inject('baseUrl');
const mailboxUrl = inject('mailboxUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

let serial = 0;
/** Unique per run and per call (the e2e database is fresh, but tests must not depend on their order). */
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}${(serial++).toString(36)}`;

/** The parts of the account API's answers these tests read. */
interface Body {
  message?: string;
  received?: 'Y' | 'N';
  pointBalance?: number;
  pointGranted?: boolean;
  userData?: { userId: number; token: string; email: string; vendor: string; profileId: string | null };
}
interface Json {
  status: number;
  body: Body;
}
const api = (path: string, init: { method?: string; body?: unknown; token?: string | null } = {}): Promise<Json> =>
  siteApi<Body>(baseUrl, path, init);

interface Account {
  email: string;
  password: string;
  phone: string;
  name: string;
  userId: number;
  token: string;
}
/** A fresh e-mail member made through the API (for flows that change or end an account). */
async function signUpByApi(): Promise<Account> {
  const id = unique('e2e');
  const phone = `010-${String(1000 + (serial % 9000)).padStart(4, '0')}-${String(Date.now() % 10000).padStart(4, '0')}`;
  const account = { email: `${id}@example.com`, password: 'sidequest1!', phone, name: '테스트회원' };
  const { status, body } = await api('/signUp', {
    body: {
      email: account.email,
      contactEmail: account.email,
      password: account.password,
      pw_confirm: account.password,
      username: account.name,
      useralias: id,
      careerCardId: id,
      userphone: phone,
      jobGroup: 'JG_DEV',
      position: 'POS_BACKEND',
      careerYears: 'CY_1_3Y',
      termsAgreed: true,
      privacyAgreed: true,
    },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return { ...account, userId: body.userData!.userId, token: body.userData!.token };
}

/** A valid 1x1 PNG (one opaque pixel), made here: signature, IHDR, IDAT (zlib), IEND, each chunk with its CRC. */
function onePixelPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  // 1x1, 8-bit RGB; one scan line: filter 0, then the pixel.
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  const pixels = zlib.deflateSync(Buffer.from([0, 0x4f, 0x6b, 0xf5]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('sq.token'));

/** The sign-up profile fields the e-mail and social forms share, the duplicate checks awaited. */
async function fillProfile(page: Page, id: string, phone: string) {
  await field(page, 'useralias').fill(id);
  await field(page, 'careerCardId').fill(id);
  await field(page, 'userphone').fill(phone.replace(/-/g, ''));
  expect(await field(page, 'userphone').inputValue()).toBe(phone);
  await page.locator('select[name="jobGroup"] option[value="JG_DEV"]').waitFor({ state: 'attached' });
  await field(page, 'jobGroup').selectOption('JG_DEV');
  await field(page, 'position').selectOption('POS_BACKEND');
  await field(page, 'careerYears').selectOption('CY_1_3Y');
  await page.getByText('사용 가능한 닉네임이에요.').waitFor();
  await page.getByText('사용 가능한 커리어 카드 ID예요.').waitFor();
}

async function agreeAndSubmit(page: Page) {
  const submit = page.getByRole('button', { name: '가입하기' });
  expect(await submit.isDisabled()).toBe(true);
  expect(await page.getByTestId('signup-missing').textContent()).toContain(MESSAGES.termsRequired);
  await field(page, 'termsAgreed').check();
  await field(page, 'privacyAgreed').check();
  expect(await submit.isEnabled()).toBe(true);
  await submit.click();
}

describe('e-mail sign-up', () => {
  it('runs from /signup through the onboarding to the completion page, crediting the 10,000 points once', async () => {
    const { page, context } = await newPage(browser);
    const id = unique('new');
    const email = `${id}@example.com`;
    await page.goto(`${baseUrl}/signup`);
    await page.getByRole('link', { name: '이메일로 가입하기' }).click();
    await page.waitForURL(`${baseUrl}/signup/required`);

    // Inline messages as the user types, with the spec's texts.
    await field(page, 'email').fill(email);
    expect(await field(page, 'contactEmail').inputValue()).toBe(email);
    await page.getByText('가입할 수 있는 이메일이에요.').waitFor();
    await field(page, 'password').fill('short1!');
    await page.getByText(MESSAGES.passwordLength).waitFor();
    await field(page, 'password').fill('sidequest1!');
    await field(page, 'pw_confirm').fill('sidequest2!');
    await page.getByText(MESSAGES.passwordMismatchShort).waitFor();
    await field(page, 'pw_confirm').fill('sidequest1!');
    await field(page, 'username').fill('새회원');
    // A taken nickname is refused inline; the button says the check is still missing.
    await field(page, 'useralias').fill('민지');
    await page.getByText(MESSAGES.nicknameDuplicate).waitFor();
    expect(await page.getByTestId('signup-missing').textContent()).toContain(MESSAGES.nicknameCheckRequired);
    await fillProfile(page, id, '010-5555-0001');
    // The terms open as the legal modal over the form (?showtos); closing it keeps everything typed.
    await page.getByRole('link', { name: '보기' }).first().click();
    expect(new URL(page.url()).searchParams.has('showtos')).toBe(true);
    const terms = page.getByRole('dialog');
    await terms.locator('article').waitFor();
    await terms.getByText('닫기', { exact: true }).click();
    expect(new URL(page.url()).searchParams.has('showtos')).toBe(false);
    expect(await field(page, 'useralias').inputValue()).toBe(id);
    expect(await field(page, 'password').inputValue()).toBe('sidequest1!');
    await page.getByText('사용 가능한 닉네임이에요.').waitFor();
    await agreeAndSubmit(page);

    // The point event is offered right after sign-up.
    await page.waitForURL(`${baseUrl}/signup/onboarding/1`);
    const event = page.getByRole('dialog', { name: '가입 축하 포인트 이벤트' });
    await event.getByText('10,000 포인트').waitFor();
    await event.getByRole('button', { name: '추가 정보 입력하기' }).click();
    // Step 1: a profile image, uploaded as soon as it is chosen (multipart through the gateway to careercard).
    const png = onePixelPng();
    await page.getByLabel('프로필 이미지 선택').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.locator('[data-testid=onboarding-image-preview] img[src^="/media/uploads/"]').waitFor();
    await page.getByRole('button', { name: '다음', exact: true }).click();
    await page.waitForURL(`${baseUrl}/signup/onboarding/2`);
    await field(page, 'intro').fill('주말마다 사이드 프로젝트를 합니다.');
    await page.getByRole('button', { name: '다음', exact: true }).click();
    await page.waitForURL(`${baseUrl}/signup/onboarding/3`);
    await page.locator('select[name="jobCode"] option[value="JG_DEV"]').waitFor({ state: 'attached' });
    await field(page, 'jobCode').selectOption('JG_DEV');
    await field(page, 'yearCode').selectOption('CY_3_5Y');
    await page.getByRole('button', { name: '완료', exact: true }).click();

    await page.waitForURL(`${baseUrl}/signup/onboarding/done`);
    await page.getByTestId('point-granted').getByText(MESSAGES.pointGranted).waitFor();
    expect(await page.getByRole('link', { name: '프로그램 둘러보기' }).getAttribute('href')).toBe('/bside');
    expect(await page.getByRole('link', { name: '내 커리어 카드 보기' }).getAttribute('href')).toBe(
      `/careercard/${id}`,
    );

    const token = await storedToken(page);
    const points = await api('/point/skill?reasonCode=SIGNUP_ONBOARDING', { token });
    expect(points.body).toMatchObject({ received: 'Y', pointBalance: 10_000 });
    // Onboarding again never credits twice.
    const again = await api('/user/detail', { body: { jobCode: 'JG_DEV', yearCode: 'CY_3_5Y' }, token });
    expect(again.body).toMatchObject({ pointGranted: false, pointBalance: 10_000 });
    // The member's career card ID is the one chosen at sign-up.
    expect((await api('/meOauth', { token })).body.userData).toMatchObject({ email, profileId: id });

    // The card shows the uploaded image (onboarding again without one kept it), and it is the same bytes.
    await page.getByRole('link', { name: '내 커리어 카드 보기' }).click();
    await page.waitForURL(`${baseUrl}/careercard/${id}`);
    const avatar = page.locator('[data-testid=careercard-view] img');
    await avatar.waitFor();
    const src = (await avatar.getAttribute('src'))!;
    expect(src).toMatch(/^\/media\/uploads\/[0-9a-f-]{36}$/);
    // The browser really decoded it: a 1x1 picture.
    await avatar.evaluate((img: HTMLImageElement) => img.decode());
    expect(await avatar.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([1, 1]);
    const served = await fetch(`${baseUrl}${src}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    await context.close();
  });

  it('answers a taken account e-mail with the 중복 이메일 오류 dialog and its login button, keeping what was typed', async () => {
    const { page, context } = await newPage(browser);
    const id = unique('dup');
    await page.goto(`${baseUrl}/signup/required`);
    await field(page, 'email').fill(DEMO_MEMBER.email);
    await page.getByText(MESSAGES.accountDuplicate).waitFor();
    await field(page, 'contactEmail').fill(`${id}@example.com`);
    await field(page, 'password').fill('sidequest1!');
    await field(page, 'pw_confirm').fill('sidequest1!');
    await field(page, 'username').fill('중복회원');
    await fillProfile(page, id, '010-5555-0002');
    await agreeAndSubmit(page);
    const dialog = page.getByRole('dialog', { name: MESSAGES.duplicateEmailTitle });
    await dialog.getByText(MESSAGES.duplicateEmailBody).waitFor();
    await dialog.getByText('닫기', { exact: true }).click();
    expect(await field(page, 'useralias').inputValue()).toBe(id);
    expect(await field(page, 'password').inputValue()).toBe('sidequest1!');
    await page.getByRole('button', { name: '가입하기' }).click();
    await dialog.getByRole('button', { name: '로그인' }).click();
    await page.waitForURL(`${baseUrl}/signin`);
    await context.close();
  });
});

describe('sign-in and sign-out', () => {
  it('returns to the `to` path after signing in, and logs out after a confirmation', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/mypage/history`);
    await page.waitForURL(/\/signin\?to=/);
    expect(new URL(page.url()).searchParams.get('to')).toBe('/mypage/history');
    await signInThroughForm(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await page.waitForURL(`${baseUrl}/mypage/history`);
    const token = await storedToken(page);
    expect((await api('/meOauth', { token })).status).toBe(200);

    await page.locator('[data-header] button[aria-haspopup="menu"]').click();
    await page.getByRole('menuitem', { name: '로그아웃' }).click();
    const confirm = page.getByRole('dialog', { name: '로그아웃' });
    await confirm.getByText('로그아웃 하시겠어요?').waitFor();
    await confirm.getByRole('button', { name: '취소' }).click();
    expect(await storedToken(page)).toBe(token);

    await page.locator('[data-header] button[aria-haspopup="menu"]').click();
    await page.getByRole('menuitem', { name: '로그아웃' }).click();
    await page.getByRole('dialog', { name: '로그아웃' }).getByRole('button', { name: '로그아웃' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.locator('[data-header]').getByRole('link', { name: '로그인' }).waitFor();
    expect(await storedToken(page)).toBeNull();
    expect(await page.evaluate(() => window.localStorage.getItem('sq.user'))).toBeNull();
    // Logout made the token unusable on the server too.
    expect((await api('/meOauth', { token })).status).toBe(401);
    await context.close();
  });

  it('sends a user with an expired token to sign-in, forgets the stored user, and brings them back', async () => {
    const { page, context } = await newPage(browser);
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const expired = `${b64({ alg: 'ES256', typ: 'JWT' })}.${b64({ sub: '1', role: 'ROLE_USER', exp: Math.floor(Date.now() / 1000) - 60 })}.c2ln`;
    await context.addInitScript((value) => {
      if (!window.sessionStorage.getItem('e2e.seeded')) {
        window.sessionStorage.setItem('e2e.seeded', '1');
        window.localStorage.setItem('sq.token', value);
        window.localStorage.setItem('sq.user', JSON.stringify({ userAlias: '민지' }));
      }
    }, expired);
    await page.goto(`${baseUrl}/mypage`);
    await page.waitForURL(/\/signin\?to=%2Fmypage|\/signin\?to=\/mypage/);
    expect(await storedToken(page)).toBeNull();
    expect(await page.evaluate(() => window.localStorage.getItem('sq.user'))).toBeNull();
    await signInThroughForm(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await page.waitForURL(`${baseUrl}/mypage`);
    await page.locator('[data-remote="mfe_mypage"]').getByText('김민지').first().waitFor();
    await context.close();
  });

  it('applies the brute-force limit: after repeated failures even the right password waits, with a Korean message', async () => {
    const account = await signUpByApi();
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/signin`);
    let message = '';
    for (let attempt = 0; attempt < 10 && !message.includes('로그인 시도가 너무 많습니다.'); attempt++) {
      await signInThroughForm(page, account.email, `wrong${attempt}!pass`);
      const alert = page.getByRole('alert');
      await alert.waitFor();
      await page.getByRole('button', { name: '로그인', exact: true }).waitFor();
      message = (await alert.textContent()) ?? '';
      if (!message.startsWith('로그인 시도가 너무 많습니다.')) expect(message).toBe(MESSAGES.badLogin);
    }
    expect(message).toMatch(/^로그인 시도가 너무 많습니다\. \d+분 후에 다시 시도해 주세요\.$/);
    await signInThroughForm(page, account.email, account.password);
    await page.getByRole('alert').getByText('로그인 시도가 너무 많습니다.', { exact: false }).waitFor();
    expect(page.url()).toContain('/signin');
    expect((await api('/signin', { body: { email: account.email, password: account.password } })).status).toBe(429);
    await context.close();
  });
});

/** Signs in (or up) through the local provider's consent page, choosing one of its test identities. */
async function socialLogin(page: Page, provider: 'google' | 'kakao' | 'naver', identity: string) {
  await page.locator(`[data-provider="${provider}"]`).click();
  await page.locator(`button[data-identity="${identity}"]`).click();
}

describe('social sign-up and sign-in through the local OAuth provider', () => {
  const cases = [
    {
      provider: 'google',
      identity: 'google-new',
      email: 'sns.google@example.com',
      name: '구글테스트',
      nickname: '구글러',
    },
    {
      provider: 'kakao',
      identity: 'kakao-new',
      email: 'sns.kakao@example.com',
      name: '카카오테스트',
      nickname: '카카오친구',
    },
    {
      provider: 'naver',
      identity: 'naver-new',
      email: 'sns.naver@example.com',
      name: '네이버테스트',
      nickname: '네이버회원',
    },
  ] as const;

  it.each(cases)(
    '$provider: signs up with the provider’s prefill, then signs in again and returns to `to`',
    async (c) => {
      const { page, context } = await newPage(browser);
      await page.goto(`${baseUrl}/signup`);
      await socialLogin(page, c.provider, c.identity);
      await page.waitForURL(`${baseUrl}/signup/required_sns`);
      expect(await field(page, 'email').inputValue()).toBe(c.email);
      expect(await field(page, 'email').getAttribute('readonly')).not.toBeNull();
      expect(await field(page, 'contactEmail').inputValue()).toBe(c.email);
      expect(await field(page, 'username').inputValue()).toBe(c.name);
      expect(await field(page, 'useralias').inputValue()).toBe(c.nickname);
      expect(await page.locator('[name="password"]').count()).toBe(0);
      const id = unique(c.provider);
      await fillProfile(page, id, `010-5555-${String(10 + cases.indexOf(c)).padStart(4, '0')}`);
      await agreeAndSubmit(page);
      await page.waitForURL(`${baseUrl}/signup/onboarding/1`);
      await page
        .getByRole('dialog', { name: '가입 축하 포인트 이벤트' })
        .getByRole('button', { name: '다음에 할게요' })
        .click();
      await page.waitForURL(`${baseUrl}/signup/onboarding/done`);
      const me = await api('/meOauth', { token: await storedToken(page) });
      expect(me.body.userData).toMatchObject({ email: c.email, vendor: c.provider.toUpperCase(), profileId: id });

      // Signed out, the same provider identity signs straight in and returns to the `to` path.
      await page.evaluate(() => window.localStorage.clear());
      await page.goto(`${baseUrl}/signin?to=/mypage`);
      await socialLogin(page, c.provider, c.identity);
      await page.waitForURL(`${baseUrl}/mypage`);
      await page.locator('[data-remote="mfe_mypage"]').getByText(c.name).first().waitFor();
      expect((await api('/meOauth', { token: await storedToken(page) })).body.userData?.email).toBe(c.email);

      // The e-mail now belongs to a social account: the e-mail sign-up says to use that social login.
      const check = await api(`/open/check/email?email=${encodeURIComponent(c.email)}`);
      expect(check.status).toBe(409);
      expect(check.body.message).toContain('로그인을 이용해 주세요.');
      await context.close();
    },
  );

  it('never takes over an e-mail account: the provider e-mail of a member shows the 중복 이메일 오류 dialog', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/signin`);
    await socialLogin(page, 'kakao', 'kakao-member');
    const dialog = page.getByRole('dialog', { name: MESSAGES.duplicateEmailTitle });
    await dialog.getByText(MESSAGES.duplicateEmailBody).waitFor();
    expect(await storedToken(page)).toBeNull();
    await dialog.getByRole('button', { name: '로그인' }).click();
    await page.waitForURL(`${baseUrl}/signin`);
    await context.close();
  });

  it('signs nobody in through a forwarded /oauthreturn link: the login is bound to the browser that started it', async () => {
    // Login CSRF: someone completes a provider login in their own browser and sends the return link onwards.
    const starter = await newPage(browser);
    await starter.page.route('**/api/oauth/exchange', (route) => route.abort());
    await starter.page.goto(`${baseUrl}/signin`);
    await socialLogin(starter.page, 'google', 'google-new');
    await starter.page.waitForURL(/\/oauthreturn\?code=/);
    const forwarded = starter.page.url();
    await starter.context.close();

    const other = await newPage(browser);
    await other.page.goto(forwarded);
    await other.page.getByRole('alert').getByText(MESSAGES.pleaseLogIn).waitFor();
    expect(await storedToken(other.page)).toBeNull();
    expect(other.page.url()).toContain('/oauthreturn');
    await other.context.close();
  });

  it("says 'Please log in' when the one-time code is bad or used", async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/oauthreturn?code=${'x'.repeat(43)}`);
    await page.getByRole('alert').getByText(MESSAGES.pleaseLogIn).waitFor();
    await context.close();
  });
});

describe('recovery', () => {
  it('finds the account by name and phone: the masked e-mail, or the spec message', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/signin`);
    await page.getByRole('link', { name: '아이디 찾기' }).click();
    await page.waitForURL(`${baseUrl}/signin/find-account`);
    await field(page, 'name').fill('김민지');
    await field(page, 'phone').fill('01012345678');
    await page.getByRole('button', { name: '아이디 찾기' }).click();
    const found = page.getByTestId('found-email');
    await found.waitFor();
    const text = (await found.textContent()) ?? '';
    expect(text).toMatch(/\*+/);
    expect(text).toContain('@example.com');
    expect(text).not.toContain(DEMO_MEMBER.email);

    await field(page, 'phone').fill('01099998888');
    await page.getByRole('button', { name: '아이디 찾기' }).click();
    await page.getByRole('alert').getByText(MESSAGES.findAccountFailed).waitFor();
    await context.close();
  });

  it('resets the password from the link in the mail the SMTP sink received; the link works once', async () => {
    const account = await signUpByApi();
    const { page, context } = await newPage(browser);
    const seen = alerts(page);
    await page.goto(`${baseUrl}/signin`);
    await page.getByRole('link', { name: '비밀번호 찾기' }).click();
    await page.waitForURL(`${baseUrl}/signin/find-password`);
    const send = page.getByRole('button', { name: '재설정 메일 보내기' });
    expect(await send.isDisabled()).toBe(true);

    // A stranger's e-mail is answered exactly like a member's (the answer reveals nobody); only the member's mailbox gets a link.
    await field(page, 'email').fill(`nobody-${account.email}`);
    await field(page, 'phone').fill(account.phone);
    await send.click();
    await page.getByRole('status').getByText(MESSAGES.passwordResetMailSent).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await field(page, 'email').fill(account.email);
    await page.getByRole('button', { name: '메일 다시 보내기' }).click();
    await page.getByRole('status').getByText(MESSAGES.passwordResetMailSent).waitFor();

    const mail = await waitForMail(account.email);
    const link = /https?:\/\/[^\s"<>]+\/change\/[A-Za-z0-9_-]{43}/.exec(mail.text || mail.html)?.[0];
    expect(link, mail.text).toBeTruthy();
    const path = new URL(link!).pathname;
    await page.goto(`${baseUrl}${path}`);
    await page.getByRole('heading', { name: '비밀번호 변경' }).waitFor();
    await field(page, 'password').fill('renewed22!');
    await field(page, 'pw_confirm').fill('renewed22!');
    await page.getByRole('button', { name: '비밀번호 변경' }).click();
    await page.getByRole('status').getByText(MESSAGES.passwordChanged).waitFor();
    await page.waitForURL(`${baseUrl}/signin`);

    // Every old session ended; the old password no longer works, the new one does.
    expect((await api('/meOauth', { token: account.token })).status).toBe(401);
    expect((await api('/signin', { body: { email: account.email, password: account.password } })).status).toBe(401);
    await signInThroughForm(page, account.email, 'renewed22!');
    await page.waitForURL(`${baseUrl}/`);

    // A used link: the spec's alert, then the main page.
    await page.goto(`${baseUrl}${path}`);
    await page.waitForURL(`${baseUrl}/`);
    expect(seen).toContain(MESSAGES.badPasswordChangeToken);
    await context.close();
  });
});

async function waitForMail(to: string): Promise<{ text: string; html: string; subject: string }> {
  for (let i = 0; i < 50; i++) {
    const { messages } = (await (await fetch(`${mailboxUrl}/api/messages`)).json()) as {
      messages: { to: string[]; text: string; html: string; subject: string }[];
    };
    const mail = messages.find((m) => m.to.includes(to.toLowerCase()));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} in ${mailboxUrl}`);
}

describe('withdrawal', () => {
  it('ends the account: the old token and the password no longer work, and the shell forgets the session', async () => {
    const account = await signUpByApi();
    const { page, context } = await newPage(browser);
    await context.addInitScript((value) => {
      if (!window.sessionStorage.getItem('e2e.seeded')) {
        window.sessionStorage.setItem('e2e.seeded', '1');
        window.localStorage.setItem('sq.token', value);
      }
    }, account.token);

    // Withdrawal belongs to mfe-mypage's /mypage/info; here it is called the way that screen does.
    const withdrawn = await api(`/setWithdrawal/${account.userId}`, {
      body: { reasonCode: 'LOW_USE', agreed: true },
      token: account.token,
    });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);

    expect((await api('/meOauth', { token: account.token })).status).toBe(401);
    const signIn = await api('/signin', { body: { email: account.email, password: account.password } });
    expect(signIn.status).toBe(401);
    expect(signIn.body.message).toBe(MESSAGES.badLogin);

    await page.goto(`${baseUrl}/mypage`);
    await page.waitForURL(/\/signin\?to=/);
    expect(await storedToken(page)).toBeNull();
    await signInThroughForm(page, account.email, account.password);
    await page.getByRole('alert').getByText(MESSAGES.badLogin).waitFor();
    await context.close();
  });
});
