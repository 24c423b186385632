import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestService } from '@sq/service-kit/testing';
import { startMailSink, type MailSink } from '@sq/stack/peers/mail-sink';
import { MESSAGES, type AdminSeason } from '@sq/contracts';
import { admin, buildItskill, call, member } from './support';

/**
 * The account service's internal contacts call, answered by a stand-in on loopback (account's own suite tests
 * the real endpoint): members 1 to 99 are active with e-mail member{id}@example.com; others are withdrawn.
 */
let accountDown = false;
const account = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => {
    body += chunk.toString();
  });
  request.on('end', () => {
    if (
      accountDown ||
      request.url !== '/internal/users/contacts' ||
      request.headers['x-internal-secret'] === undefined
    ) {
      response.writeHead(accountDown ? 503 : 403).end();
      return;
    }
    const { userIds } = JSON.parse(body) as { userIds: number[] };
    const contacts = userIds
      .filter((id) => id < 100)
      .map((userId) => ({ userId, email: `member${userId}@example.com`, userName: `회원${userId}` }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ErrorCode: '00', contacts }));
  });
});

let sink: MailSink;
let service: TestService;
beforeAll(async () => {
  await new Promise<void>((resolve) => account.listen(0, '127.0.0.1', resolve));
  sink = await startMailSink({ smtpPort: 0, httpPort: 0 });
  service = await buildItskill({
    ACCOUNT_SERVICE_URL: `http://127.0.0.1:${(account.address() as AddressInfo).port}`,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(sink.smtpPort),
    SMTP_TIMEOUT_MS: '2000',
    SITE_URL: 'http://site.test',
  });
});
afterAll(async () => {
  await service?.close();
  await sink?.close();
  account.closeAllConnections();
  await new Promise<void>((resolve) => account.close(() => resolve()));
});
beforeEach(() => {
  sink.clear();
  sink.setFailing(false);
  accountDown = false;
});

const isAlarm = (headers: Record<string, string>) =>
  service.app.inject({ method: 'GET', url: '/api/getIsAlarm', headers });
const subscribe = (headers: Record<string, string>, payload?: string, contentType = 'application/json') =>
  service.app.inject({
    method: 'POST',
    url: '/api/setSurveyAlarm',
    headers: payload === undefined ? headers : { ...headers, 'content-type': contentType },
    payload,
  });
const alarmRows = async () => service.app.knex('checkup_alarm').orderBy('user_id').select('user_id', 'notified_at');
const draft = async (title: string) =>
  (await call(service, admin(service), 'POST', '/api/admin/itskill/seasons', { title })).json<{ season: AdminSeason }>()
    .season;
const open = (id: number | string, headers = admin(service)) =>
  call(service, headers, 'POST', `/api/admin/itskill/seasons/${id}/open`);

describe('next-season alarm', () => {
  it('is off until the member asks, then on, and asking again changes nothing', async () => {
    expect((await isAlarm(member(service, 7))).json()).toEqual({ ErrorCode: '00', isAlarm: false });
    const first = await subscribe(member(service, 7));
    expect(first.json()).toEqual({ ErrorCode: '00', isAlarm: true });
    const created = await service.app.knex('checkup_alarm').where({ user_id: 7 }).first();
    expect((await subscribe(member(service, 7), '{}')).json()).toEqual({ ErrorCode: '00', isAlarm: true });
    expect(await service.app.knex('checkup_alarm').where({ user_id: 7 }).first()).toEqual(created);
    expect((await isAlarm(member(service, 8))).json().isAlarm).toBe(false);
  });

  it('keeps one row when the same member asks many times at once', async () => {
    const responses = await Promise.all(Array.from({ length: 8 }, () => subscribe(member(service, 9))));
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect((await alarmRows()).filter((r) => r.user_id === 9)).toHaveLength(1);
  });

  it('needs a signed-in member, and a forged identity is a visitor', async () => {
    const before = await alarmRows();
    const forged = {
      'x-identity': Buffer.from(JSON.stringify({ userId: 99, role: 'ROLE_USER', sid: 'x' })).toString('base64url'),
      'x-identity-signature': 'forged',
    };
    for (const headers of [{}, forged]) {
      for (const response of [await isAlarm(headers), await subscribe(headers)]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ ErrorCode: '41', message: MESSAGES.signInRequired });
      }
    }
    expect(await alarmRows()).toEqual(before);
  });

  it('rejects malformed and oversized bodies in Korean without touching the table', async () => {
    const before = await alarmRows();
    for (const [payload, type] of [
      ['{"surveyId":', 'application/json'],
      [JSON.stringify({ pad: 'x'.repeat(1024 * 1024 + 10) }), 'application/json'],
      ['surveyId=1', 'application/x-www-form-urlencoded'],
    ] as const) {
      const response = await subscribe(member(service, 11), payload, type);
      expect(response.statusCode, type).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, type).toBeLessThan(500);
      expect(response.json(), type).toMatchObject({ message: MESSAGES.badRequest });
    }
    expect(await alarmRows()).toEqual(before);
  });
});

describe('an operator opens the next season', () => {
  it('copies the bank into a draft, opens it, closes the old one and mails every subscriber once', async () => {
    await subscribe(member(service, 21));
    await subscribe(member(service, 22));
    await subscribe(member(service, 500)); // withdrawn in account: nobody to mail
    const previous = await service.app.knex('survey').where({ status: 'OPEN' }).first();
    const season = await draft('IT 스킬 체크업 2027 상반기');
    expect(season).toMatchObject({ status: 'DRAFT', questionCount: 40 });
    const response = await open(season.surveyId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ErrorCode: '00',
      season: { status: 'OPEN', title: 'IT 스킬 체크업 2027 상반기' },
      notified: 4,
      failed: 0,
    });
    expect((await service.app.knex('survey').where({ survey_id: previous.survey_id }).first()).status).toBe('CLOSED');
    const mails = sink.messages();
    // Members 7 and 9 asked in the tests above.
    expect(mails.map((m) => m.to[0]).sort()).toEqual([
      'member21@example.com',
      'member22@example.com',
      'member7@example.com',
      'member9@example.com',
    ]);
    expect(mails[0]!.subject).toContain('새 시즌이 열렸어요');
    expect(mails[0]!.text).toContain('http://site.test/itskillcheckup');
    // Told: the alarm is off until they ask again; opening again is refused and mails nobody.
    expect((await isAlarm(member(service, 21))).json().isAlarm).toBe(false);
    const again = await open(season.surveyId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.checkupSeasonNotDraft);
    expect(sink.messages()).toHaveLength(4);
    // The new season offers the same banks.
    expect((await service.app.inject({ method: 'GET', url: '/api/itskill/checkup' })).json().checkup).toMatchObject({
      title: 'IT 스킬 체크업 2027 상반기',
      questionCount: 14,
    });
  });

  it('keeps subscribers whose mail failed for the next opening', async () => {
    await subscribe(member(service, 31));
    sink.setFailing(true);
    const first = await open((await draft('실패 시즌')).surveyId);
    expect(first.json()).toMatchObject({ notified: 0, failed: 1 });
    expect((await isAlarm(member(service, 31))).json().isAlarm).toBe(true);
    sink.setFailing(false);
    accountDown = true;
    expect((await open((await draft('계정 서비스 중단 시즌')).surveyId)).json()).toMatchObject({
      notified: 0,
      failed: 1,
    });
    accountDown = false;
    expect((await open((await draft('다시 여는 시즌')).surveyId)).json()).toMatchObject({ notified: 1, failed: 0 });
    expect(sink.messages().map((m) => m.to[0])).toEqual(['member31@example.com']);
  });

  it('is for operators only, and refuses bad ids and bodies in Korean', async () => {
    const before = await service.app.knex('survey').orderBy('survey_id').select('survey_id', 'status');
    const season = await service.app.knex('survey').where({ status: 'OPEN' }).first();
    const demo = await service.app.knex('survey').where({ is_demo: true }).first();
    expect((await open(season.survey_id, member(service, 21))).statusCode).toBe(403);
    expect((await open(season.survey_id, {})).statusCode).toBe(401);
    expect(
      (await call(service, member(service, 21), 'POST', '/api/admin/itskill/seasons', { title: '회원이 만든 시즌' }))
        .statusCode,
    ).toBe(403);
    expect((await call(service, member(service, 21), 'GET', '/api/admin/itskill/seasons')).statusCode).toBe(403);
    expect((await open(demo.survey_id)).json().message).toBe(MESSAGES.checkupSeasonNotDraft);
    expect((await open(999_999)).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1', '1%00']) expect((await open(id)).statusCode, id).toBe(400);
    for (const body of [
      {},
      { title: 'a' },
      { title: 'x'.repeat(201) },
      { title: '시즌\u0000' },
      { title: 7 },
      { title: '정상 제목', extra: 1 },
    ]) {
      const response = await call(service, admin(service), 'POST', '/api/admin/itskill/seasons', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      // A NUL is refused before the schema (service-kit): text PostgreSQL cannot store.
      expect(response.json().message).toBe(
        JSON.stringify(body).includes('\\u0000') ? MESSAGES.textInvalidCharacters : MESSAGES.badRequest,
      );
    }
    expect(await service.app.knex('survey').orderBy('survey_id').select('survey_id', 'status')).toEqual(before);
    const list = (await call(service, admin(service), 'GET', '/api/admin/itskill/seasons')).json()
      .seasons as AdminSeason[];
    expect(list.filter((s) => s.status === 'OPEN')).toHaveLength(1);
    expect(list.filter((s) => s.isDemo).length).toBeGreaterThan(0);
  });
});
