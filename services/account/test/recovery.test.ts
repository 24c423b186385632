import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type PersonalTokenCreatedResponse, type UserDataResponse } from '@sq/contracts';
import type { TestService } from '@sq/service-kit/testing';
import {
  asHolder,
  buildAccount,
  claimsOf,
  countRows,
  newSignUp,
  partnerConsentOf,
  personalTokenActive,
  sessionActive,
  startCareercard,
  startMailSink,
  type MailSink,
} from './support/peers';

let careercard: Awaited<ReturnType<typeof startCareercard>>;
let sink: MailSink;
let account: TestService;

beforeAll(async () => {
  careercard = await startCareercard();
  sink = await startMailSink();
  account = await buildAccount({ careercardUrl: careercard.url, smtpPort: sink.smtpPort });
});
afterAll(async () => {
  await account?.close();
  await careercard?.close();
  await sink?.close();
});

const post = (url: string, payload: unknown) => account.app.inject({ method: 'POST', url, payload: payload as object });
const signIn = (email: string, password: string) => post('/api/signin', { email, password });

async function member(overrides: Record<string, unknown> = {}) {
  const form = newSignUp(overrides);
  const response = await post('/api/signUp', form);
  expect(response.statusCode).toBe(201);
  return { form, token: response.json<UserDataResponse>().userData.token };
}

/**
 * Moves the reset requests `minutes` into the past, as if that time had gone by. Their subjects are keyed
 * hashes, so every request moves (only ever towards allowing more).
 */
async function olderMails(_email: string, minutes: number) {
  const { knex } = account.app;
  await knex('recovery_attempt')
    .where({ scope: 'RESET_REQUEST' })
    .update({ attempted_at: knex.raw(`attempted_at - interval '${minutes} minutes'`) });
}

/** A find-account lookup from `ip` as the gateway forwards it. */
const findEmailFrom = (ip: string, name: string, phone: string) =>
  account.app.inject({ method: 'POST', url: '/api/findEmail', payload: { name, phone }, headers: account.from(ip) });

/** Resolves once `check` holds (work the service does after its answer), or fails after 10 s. */
async function until(check: () => Promise<boolean>) {
  for (const deadline = Date.now() + 10_000; !(await check());) {
    if (Date.now() > deadline) throw new Error('condition not reached in 10 s');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const tokenFromMail = (text: string) => /\/change\/([A-Za-z0-9_-]{43})/.exec(text)![1]!;

describe('find account', () => {
  it('answers the masked e-mail for a matching name and phone', async () => {
    const { form } = await member({ username: '찾기회원', userphone: '010-4444-1212' });
    const response = await post('/api/findEmail', { name: '찾기회원', phone: '01044441212' });
    expect(response.statusCode).toBe(200);
    const local = form.email.split('@')[0]!;
    expect(response.json()).toEqual({ ErrorCode: '00', email: `${local.slice(0, 2)}***@example.com`, vendor: 'EMAIL' });
  });

  it('says 이름 또는 연락처를 다시 확인해 주세요. when nothing matches, and refuses bad input in Korean', async () => {
    const miss = await post('/api/findEmail', { name: '없는사람', phone: '010-0000-0000' });
    expect(miss.statusCode).toBe(404);
    expect(miss.json()).toEqual({ ErrorCode: '44', message: '이름 또는 연락처를 다시 확인해 주세요.' });
    for (const body of [
      {},
      { name: '', phone: '' },
      { name: 1, phone: 2 },
      { name: "' or 1=1 --", phone: '010-1234-5678' },
      { name: 'x'.repeat(500), phone: '010' },
    ]) {
      const response = await post('/api/findEmail', body);
      expect([400, 404], JSON.stringify(body)).toContain(response.statusCode);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
  });

  it('answers at most 10 lookups an hour to one address, members or not, with a Korean 429', async () => {
    await member({ username: '한도회원', userphone: '010-4444-3434' });
    const ip = '198.51.100.140';
    // Hits and misses count alike, even when they arrive at once.
    const lookups = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        i % 7 === 0
          ? findEmailFrom(ip, '한도회원', '010-4444-3434')
          : findEmailFrom(ip, `없는사람${i}`, '010-9999-0000'),
      ),
    );
    expect(lookups.filter((r) => r.statusCode !== 429)).toHaveLength(10);
    const refused = lookups.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(4);
    for (const r of refused) {
      expect(r.json()).toEqual({
        ErrorCode: '29',
        message: '아이디 찾기 요청이 너무 많습니다. 60분 후에 다시 시도해 주세요.',
      });
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(59 * 60);
    }
    // A member and a stranger get the same refusal: it says nothing about who is a member.
    const known = await findEmailFrom(ip, '한도회원', '010-4444-3434');
    const unknown = await findEmailFrom(ip, '없는사람', '010-9999-0000');
    expect([known.statusCode, known.json()]).toEqual([unknown.statusCode, unknown.json()]);
    // Another address is not held up.
    expect((await findEmailFrom('198.51.100.141', '한도회원', '010-4444-3434')).statusCode).toBe(200);
  });

  it('answers at most 5 lookups an hour for one name and phone, from however many addresses', async () => {
    const { form } = await member({ username: '표적회원', userphone: '010-4444-5656' });
    for (let i = 0; i < 5; i += 1) {
      const hit = await findEmailFrom(`203.0.113.${150 + i}`, '표적회원', '010-4444-5656');
      expect(hit.statusCode, String(i)).toBe(200);
      expect(hit.json().email).toBe(`${form.email.slice(0, 2)}***@example.com`);
    }
    const sixth = await findEmailFrom('203.0.113.160', '표적회원', '01044445656');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('아이디 찾기 요청이 너무 많습니다. 60분 후에 다시 시도해 주세요.');
    // Nobody with that name and phone is limited the same way.
    for (let i = 0; i < 5; i += 1)
      expect((await findEmailFrom(`203.0.113.${170 + i}`, '없는표적', '010-4444-7878')).statusCode).toBe(404);
    expect((await findEmailFrom('203.0.113.180', '없는표적', '010-4444-7878')).json().message).toBe(
      sixth.json().message,
    );
    // The rows hold no name, phone or address.
    const stored = JSON.stringify(await account.app.knex('recovery_attempt').select('subject_hash'));
    for (const plain of ['표적회원', '4444', '203.0.113']) expect(stored).not.toContain(plain);
  });
});

describe('password reset by mail', () => {
  it('mails a single-use link; the change signs the user out everywhere and only the new password works', async () => {
    const { form, token: oldToken } = await member({ userphone: '010-8282-1000' });
    const response = await post('/api/password-reset', { email: form.email.toUpperCase(), phone: '010 8282 1000' });
    expect(response.json()).toEqual({ ErrorCode: '00', expiresInMinutes: 30 });
    const mail = await sink.waitFor(form.email);
    expect(mail.subject).toContain('비밀번호 재설정');
    const token = tokenFromMail(mail.text);
    // The developer mailbox shows it too (page and JSON).
    expect(await (await fetch(`${sink.mailboxUrl}/`)).text()).toContain('비밀번호 재설정');
    expect(
      ((await (await fetch(`${sink.mailboxUrl}/api/messages`)).json()) as { messages: { to: string[] }[] }).messages[0]!
        .to,
    ).toEqual([form.email]);
    expect(mail.html).toContain(`http://localhost:8080/change/${token}`);
    // Stored hashed only.
    expect(await account.app.knex('password_reset_token').where({ token_hash: token }).first()).toBeUndefined();

    const check = await account.app.inject({ url: `/api/change/${token}` });
    expect(check.json()).toMatchObject({
      ErrorCode: '00',
      valid: true,
      email: expect.stringContaining('***@example.com'),
    });

    const mismatch = await post('/api/change/password', { token, password: 'newpass12!', pw_confirm: 'newpass12?' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({
      message: MESSAGES.passwordMismatch,
      fields: { pw_confirm: MESSAGES.passwordMismatchShort },
    });

    expect(await sessionActive(account, oldToken)).toBe(true);
    const { token: apiToken } = (
      await account.app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: asHolder(account, oldToken),
        payload: { name: '봇', scopes: ['programs:read'], expiresInDays: 30 },
      })
    ).json<PersonalTokenCreatedResponse>();
    expect(await personalTokenActive(account, apiToken)).toBe(true);
    const consent = await partnerConsentOf(account, Number(claimsOf(oldToken).sub));
    expect(await consent()).toBe(2);
    const changed = await post('/api/change/password', { token, password: 'newpass12!', pw_confirm: 'newpass12!' });
    expect(changed.json()).toEqual({ ErrorCode: '00' });
    expect(await sessionActive(account, oldToken)).toBe(false);
    // A reset also ends the member's API tokens: whoever had the password may have made them.
    expect(await personalTokenActive(account, apiToken)).toBe(false);
    // And every consent to a partner app, with the tokens issued under it.
    expect(await consent()).toBe(0);
    expect((await signIn(form.email, form.password)).statusCode).toBe(401);
    expect((await signIn(form.email, 'newpass12!')).statusCode).toBe(200);

    for (const reuse of [
      () => account.app.inject({ url: `/api/change/${token}` }),
      () => post('/api/change/password', { token, password: 'another12!', pw_confirm: 'another12!' }),
    ]) {
      const again = await reuse();
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe('잘못된 토큰 혹은 요청이 확인되었습니다. 메인페이지로 이동합니다.');
    }
  });

  it('accepts only the newest link, refuses expired and unknown tokens, and one token changes once under concurrency', async () => {
    const { form } = await member({ userphone: '010-8282-2000' });
    await post('/api/password-reset', { email: form.email, phone: '010-8282-2000' });
    const first = tokenFromMail((await sink.waitFor(form.email)).text);
    sink.clear();
    await olderMails(form.email, 2);
    await post('/api/password-reset', { email: form.email, phone: '010-8282-2000' });
    const second = tokenFromMail((await sink.waitFor(form.email)).text);
    expect((await account.app.inject({ url: `/api/change/${first}` })).statusCode).toBe(400);

    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        post('/api/change/password', { token: second, password: `racer${i}pass!`, pw_confirm: `racer${i}pass!` }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);

    sink.clear();
    await olderMails(form.email, 2);
    await post('/api/password-reset', { email: form.email, phone: '010-8282-2000' });
    const third = tokenFromMail((await sink.waitFor(form.email)).text);
    await account.app
      .knex('password_reset_token')
      .update({ expires_at: account.app.knex.raw("now() - interval '1 second'") })
      .whereNull('used_at');
    expect((await account.app.inject({ url: `/api/change/${third}` })).json().message).toBe(
      MESSAGES.badPasswordChangeToken,
    );
    // (An over-long path segment is refused by the router itself, with the generic Korean text.)
    const long = await account.app.inject({ url: `/api/change/${'A'.repeat(500)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/[가-힣]/);
    for (const bad of ['x', 'A'.repeat(43), "'%20or%201=1%20--"]) {
      const response = await account.app.inject({ url: `/api/change/${bad}` });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message, bad).toBe(MESSAGES.badPasswordChangeToken);
    }
    const badBody = await post('/api/change/password', { token: 'nope', password: 1 });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().message).toMatch(/[가-힣]/);
  });

  it('sends one reset mail per account a minute and five an hour, with a Korean message; concurrent requests send one', async () => {
    const { form } = await member({ userphone: '010-8282-4000' });
    const { form: other } = await member({ userphone: '010-8282-4001' });
    const ask = (f: typeof form, phone: string) => post('/api/password-reset', { email: f.email, phone });
    sink.clear();
    const burst = await Promise.all(Array.from({ length: 5 }, () => ask(form, '010-8282-4000')));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
    const refused = burst.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toEqual({
      ErrorCode: '29',
      message: '비밀번호 재설정을 이미 요청하셨어요. 1분 후에 다시 요청해 주세요.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50);
    await sink.waitFor(form.email);
    expect(sink.messages().filter((m) => m.to.includes(form.email))).toHaveLength(1);
    // Another member is not held up.
    expect((await ask(other, '010-8282-4001')).statusCode).toBe(200);

    // A minute later, another; the fifth in an hour is the last.
    for (let i = 2; i <= 5; i += 1) {
      await olderMails(form.email, 2);
      expect((await ask(form, '010-8282-4000')).statusCode, `mail ${i}`).toBe(200);
    }
    await olderMails(form.email, 2);
    const hourly = await ask(form, '010-8282-4000');
    expect(hourly.statusCode).toBe(429);
    // The oldest of the five was sent 10 minutes ago: it leaves the hour in 50 minutes.
    expect(hourly.json().message).toBe('비밀번호 재설정을 이미 요청하셨어요. 50분 후에 다시 요청해 주세요.');
    await olderMails(form.email, 51);
    expect((await ask(form, '010-8282-4000')).statusCode).toBe(200);
  });

  it('answers a member, a wrong phone and a stranger alike (no 404); only the member gets a link', async () => {
    const { form } = await member({ userphone: '010-8282-5000' });
    const ask = (email: string, phone: string) => post('/api/password-reset', { email, phone });
    sink.clear();
    const answers = [
      await ask(form.email, '010-8282-5000'),
      await ask('ghost@example.com', '010-8282-5000'),
      await ask(`wrong-phone-${form.email}`, '010-8282-5000'),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ ErrorCode: '00', expiresInMinutes: 30 });
      expect(answer.headers['content-length']).toBe(answers[0]!.headers['content-length']);
    }
    // And the limit answers alike too: a stranger's e-mail is refused exactly as a member's.
    const again = [await ask(form.email, '010-8282-5000'), await ask('ghost@example.com', '010-8282-5000')];
    expect(again.map((r) => r.statusCode)).toEqual([429, 429]);
    expect(again[0]!.json()).toEqual(again[1]!.json());
    expect(again[0]!.json().message).toBe('비밀번호 재설정을 이미 요청하셨어요. 1분 후에 다시 요청해 주세요.');
    expect(tokenFromMail((await sink.waitFor(form.email)).text)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sink.messages().filter((m) => m.to.includes('ghost@example.com'))).toHaveLength(0);
    expect((await post('/api/password-reset', { email: '', phone: '' })).json().message).toBe(MESSAGES.emailRequired);
    expect((await post('/api/password-reset', { email: 'member@example.com', phone: 'abc' })).json().message).toBe(
      MESSAGES.phoneFormat,
    );
  });

  it('answers the same when SMTP refuses, leaves no live token, and the request does not count against a retry', async () => {
    const { form } = await member({ userphone: '010-8282-3000' });
    const before = await countRows(account, 'password_reset_token');
    const requests = () =>
      account.app
        .knex('recovery_attempt')
        .where({ scope: 'RESET_REQUEST' })
        .count({ n: '*' })
        .first()
        .then((row) => Number(row!.n));
    const counted = await requests();
    sink.setFailing(true);
    try {
      const response = await post('/api/password-reset', { email: form.email, phone: '010-8282-3000' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ErrorCode: '00', expiresInMinutes: 30 });
      // The mail goes out after the answer; its failure hands the request back.
      await until(async () => (await requests()) === counted);
    } finally {
      sink.setFailing(false);
    }
    expect(await countRows(account, 'password_reset_token')).toBe(before);
    expect((await post('/api/password-reset', { email: form.email, phone: '010-8282-3000' })).statusCode).toBe(200);
    expect(tokenFromMail((await sink.waitFor(form.email)).text)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
