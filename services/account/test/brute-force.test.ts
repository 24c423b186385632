import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService } from '@sq/service-kit';
import { DEV_INTERNAL_SECRET } from '@sq/service-kit';
import type { FastifyInstance } from 'fastify';
import type { TestService } from '@sq/service-kit/testing';
import { accountService } from '../src/service';
import { DEMO_ACCOUNTS } from '../src/seeds';
import { buildAccount, newSignUp, startCareercard, startMailSink, type MailSink } from './support/peers';

let account: TestService;
let sink: MailSink;
let careercard: Awaited<ReturnType<typeof startCareercard>>;
/** A second instance of the service on the same database: limits must hold across instances. */
let second: FastifyInstance;

beforeAll(async () => {
  careercard = await startCareercard();
  sink = await startMailSink();
  account = await buildAccount({ careercardUrl: careercard.url, smtpPort: sink.smtpPort });
  second = await buildService(accountService, {
    databaseUrl: account.databaseUrl,
    internalSecret: DEV_INTERNAL_SECRET,
  });
});
afterAll(async () => {
  await second?.close();
  await account?.close();
  await careercard?.close();
  await sink?.close();
});

/** A new e-mail member (through the real sign-up) with the given phone. */
async function member(phone: string) {
  const form = newSignUp({ userphone: phone });
  const response = await account.app.inject({ method: 'POST', url: '/api/signUp', payload: form });
  expect(response.statusCode, response.body).toBe(201);
  return { form };
}

/** A sign-in from `ip` as the gateway forwards it: the client's address signed in x-identity-client. */
const signIn = (app: FastifyInstance, email: string, password: string, ip: string) =>
  app.inject({ method: 'POST', url: '/api/signin', payload: { email, password }, headers: account.from(ip) });

/** The addresses the guard recorded failures of `email` for. */
const recordedAddresses = async (email: string) =>
  (
    await account.app
      .knex('sign_in_failure')
      .where({ scope: 'ACCOUNT_IP' })
      .whereLike('subject', `${email}|%`)
      .select('subject')
  ).map((row: { subject: string }) => row.subject.slice(email.length + 1));

describe('sign-in brute-force guard', () => {
  it('locks an account from one address after 5 failures in 15 minutes, on every instance, even for the right password', async () => {
    const email = DEMO_ACCOUNTS.member.email;
    const stranger = '10.0.0.66';
    for (let i = 0; i < 5; i += 1) {
      const response = await signIn(i % 2 ? second : account.app, email, `wrong${i}pass!`, stranger);
      expect(response.statusCode).toBe(401);
    }
    for (const app of [account.app, second]) {
      const locked = await signIn(app, email.toUpperCase(), DEMO_ACCOUNTS.member.password, stranger);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({
        ErrorCode: '29',
        message: '로그인 시도가 너무 많습니다. 15분 후에 다시 시도해 주세요.',
      });
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
    // The member, from their own address, is not locked out by the stranger.
    expect((await signIn(second, email, DEMO_ACCOUNTS.member.password, '10.0.1.1')).statusCode).toBe(200);
    // The cool-down ends when the oldest counted failure leaves the window.
    await account.app
      .knex('sign_in_failure')
      .where({ scope: 'ACCOUNT_IP' })
      .update({ failed_at: account.app.knex.raw("now() - interval '16 minutes'") });
    expect((await signIn(account.app, email, DEMO_ACCOUNTS.member.password, stranger)).statusCode).toBe(200);
  });

  it('locks an account from every address at the much higher ceiling; the reset mail opens it again', async () => {
    const { form } = await member('010-7373-0001');
    // A guesser with many addresses: 4 failures from each (under the per-address limit), 50 in all.
    for (let i = 0; i < 50; i += 1) {
      const response = await signIn(
        i % 2 ? second : account.app,
        form.email,
        'wrongpass1!',
        `198.18.${Math.floor(i / 4)}.1`,
      );
      expect(response.statusCode, String(i)).toBe(401);
    }
    const locked = await signIn(account.app, form.email, form.password, '10.9.9.9');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^로그인 시도가 너무 많습니다\. 1[45]분 후에 다시 시도해 주세요\.$/);

    // The owner asks for the reset mail (not refused by the lock) and sets a new password: the lock is gone.
    const reset = await account.app.inject({
      method: 'POST',
      url: '/api/password-reset',
      payload: { email: form.email, phone: '010-7373-0001' },
    });
    expect(reset.statusCode).toBe(200);
    const token = /\/change\/([A-Za-z0-9_-]{43})/.exec((await sink.waitFor(form.email)).text)![1]!;
    const changed = await account.app.inject({
      method: 'POST',
      url: '/api/change/password',
      payload: { token, password: 'fresh123!', pw_confirm: 'fresh123!' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await signIn(second, form.email, 'fresh123!', '10.9.9.9')).statusCode).toBe(200);
  });

  it('says how many minutes are left', async () => {
    const email = 'nobody-here@example.com';
    for (let i = 0; i < 5; i += 1) await signIn(account.app, email, 'wrongpass1!', '10.0.2.1');
    await account.app
      .knex('sign_in_failure')
      .where({ scope: 'ACCOUNT_IP', subject: `${email}|10.0.2.1` })
      .update({ failed_at: account.app.knex.raw("now() - interval '12 minutes 30 seconds'") });
    const locked = await signIn(account.app, email, 'wrongpass1!', '10.0.2.1');
    expect(locked.json().message).toBe('로그인 시도가 너무 많습니다. 3분 후에 다시 시도해 주세요.');
  });

  it('limits one address to 20 failures across accounts', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 20; i += 1) {
      const response = await signIn(i % 2 ? second : account.app, `spray${i}@example.com`, 'wrongpass1!', ip);
      expect(response.statusCode, String(i)).toBe(401);
    }
    const blocked = await signIn(account.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^로그인 시도가 너무 많습니다\. \d+분 후에 다시 시도해 주세요\.$/);
    // Another address is not affected.
    expect(
      (await signIn(account.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, '198.51.100.7')).statusCode,
    ).toBe(200);
  });

  it('counts an IPv6 client by its /64: a guesser stepping through its own network stays locked', async () => {
    const email = (await member('01077776401')).form.email;
    for (let i = 0; i < 5; i += 1) {
      const response = await signIn(account.app, email, `wrong${i}pass!`, `2001:db8:64:1::${i + 1}`);
      expect(response.statusCode).toBe(401);
    }
    expect((await signIn(account.app, email, 'wrong9pass!', '2001:db8:64:1:ffff::9')).statusCode).toBe(429);
    expect(await recordedAddresses(email)).toEqual(Array(5).fill('2001:db8:64:1::/64'));
    // The next /64 is another subscriber's network.
    expect((await signIn(account.app, email, 'wrong9pass!', '2001:db8:64:2::1')).statusCode).toBe(401);
  });

  it('clears the failures of that account from that address after a successful sign-in', async () => {
    const email = DEMO_ACCOUNTS.admin.email;
    for (let i = 0; i < 4; i += 1) await signIn(account.app, email, 'wrongpass1!', '192.0.2.1');
    expect((await signIn(account.app, email, DEMO_ACCOUNTS.admin.password, '192.0.2.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1)
      expect((await signIn(account.app, email, 'wrongpass1!', '192.0.2.1')).statusCode).toBe(401);
  });

  it('holds the per-address limit under 30 parallel guesses at one account on two instances; the right password is then refused too', async () => {
    const { form } = await member('010-7373-0002');
    const guesser = '203.0.113.77';
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(i % 2 ? second : account.app, form.email, `wrong${i}pass!`, guesser)),
    );
    const wrongPassword = answers.filter((r) => r.statusCode === 401);
    const locked = answers.filter((r) => r.statusCode === 429);
    expect(wrongPassword.length).toBe(5);
    expect(locked.length).toBe(25);
    for (const r of wrongPassword)
      expect(r.json()).toEqual({ ErrorCode: expect.any(String), message: '아이디 또는 비밀번호가 잘못되었습니다.' });
    for (const r of locked)
      expect(r.json().message).toMatch(/^로그인 시도가 너무 많습니다\. 1[45]분 후에 다시 시도해 주세요\.$/);
    const right = await signIn(account.app, form.email, form.password, guesser);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/^로그인 시도가 너무 많습니다\. 1[45]분 후에 다시 시도해 주세요\.$/);
    // The owner at home is not locked out.
    expect((await signIn(second, form.email, form.password, '198.51.100.201')).statusCode).toBe(200);
  });

  it('holds the per-address limit across accounts under 40 parallel guesses', async () => {
    const ip = '203.0.113.88';
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        signIn(i % 2 ? second : account.app, `parallel-spray${i}@example.com`, 'wrongpass1!', ip),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 401).length).toBe(20);
    expect(answers.filter((r) => r.statusCode === 429).length).toBe(20);
    expect((await signIn(account.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, ip)).statusCode).toBe(
      429,
    );
  });

  it("forgives the right password's own attempt: a member who signs in often is never locked by it", async () => {
    const { form } = await member('010-7373-0003');
    for (let i = 0; i < 8; i += 1)
      expect((await signIn(account.app, form.email, form.password, '198.51.100.202')).statusCode).toBe(200);
    expect(
      await account.app
        .knex('sign_in_failure')
        .where({ scope: 'ACCOUNT', subject: form.email.toLowerCase() })
        .count({ n: '*' })
        .first(),
    ).toEqual({ n: '0' });
  });

  it("takes the address only from the gateway's signature: a forged X-Forwarded-For or an unsigned client header changes nothing", async () => {
    const email = 'forger@example.com';
    const attempt = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
      account.app.inject({
        method: 'POST',
        url: '/api/signin',
        payload: { email, password: 'wrongpass1!' },
        headers,
        remoteAddress,
      });
    // A caller on loopback (where the gateway runs) writing X-Forwarded-For: its socket address is recorded.
    for (let i = 0; i < 5; i += 1)
      expect((await attempt({ 'x-forwarded-for': `198.51.100.${i + 10}` })).statusCode).toBe(401);
    expect(await recordedAddresses(email)).toEqual(Array(5).fill('127.0.0.1'));
    // So rotating the header does not get a fresh allowance.
    expect((await attempt({ 'x-forwarded-for': '198.51.100.99' })).statusCode).toBe(429);
    // A client address whose signature is not the gateway's is ignored as well.
    const forged = { ...account.from('198.51.100.50'), 'x-identity-client': '198.51.100.51' };
    expect((await attempt(forged, '192.0.2.77')).statusCode).toBe(401);
    expect(await recordedAddresses(email)).toContain('192.0.2.77');
    expect(await recordedAddresses(email)).not.toContain('198.51.100.51');
    // The gateway's signed address is the one recorded.
    expect((await attempt(account.from('198.51.100.50'))).statusCode).toBe(401);
    expect(await recordedAddresses(email)).toContain('198.51.100.50');
  });
});
