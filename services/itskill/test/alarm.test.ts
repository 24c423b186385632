import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import { MESSAGES } from '@sq/contracts';
import { itskillService } from '../src/service';

let service: TestService;
beforeAll(async () => {
  service = await build(itskillService);
});
afterAll(() => service?.close());

const member = (userId: number) => service.as({ userId, role: 'ROLE_USER', sid: `s${userId}` });
const isAlarm = (headers: Record<string, string>) => service.app.inject({ method: 'GET', url: '/api/getIsAlarm', headers });
const subscribe = (headers: Record<string, string>, payload?: string, contentType = 'application/json') =>
  service.app.inject({ method: 'POST', url: '/api/setSurveyAlarm', headers: payload === undefined ? headers : { ...headers, 'content-type': contentType }, payload });
const alarmRows = async () => service.app.knex('checkup_alarm').orderBy('user_id').pluck('user_id');

describe('check-up alarm', () => {
  it('is off until the member asks, then on, and asking again changes nothing', async () => {
    expect((await isAlarm(member(7))).json()).toEqual({ ErrorCode: '00', isAlarm: false });
    const first = await subscribe(member(7));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ErrorCode: '00', isAlarm: true });
    const created = await service.app.knex('checkup_alarm').where({ user_id: 7 }).first();
    expect((await subscribe(member(7), '{}')).json()).toEqual({ ErrorCode: '00', isAlarm: true });
    expect(await service.app.knex('checkup_alarm').where({ user_id: 7 }).first()).toEqual(created);
    expect((await isAlarm(member(7))).json()).toEqual({ ErrorCode: '00', isAlarm: true });
    expect((await isAlarm(member(8))).json().isAlarm).toBe(false);
  });

  it('keeps one row when the same member asks many times at once', async () => {
    const responses = await Promise.all(Array.from({ length: 8 }, () => subscribe(member(9))));
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect((await alarmRows()).filter((id) => id === 9)).toHaveLength(1);
  });

  it('needs a signed-in member, and a forged identity is a visitor', async () => {
    const before = await alarmRows();
    const forged = { 'x-identity': Buffer.from(JSON.stringify({ userId: 99, role: 'ROLE_USER', sid: 'x' })).toString('base64url'), 'x-identity-signature': 'forged' };
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
    const cases: [string, string][] = [
      ['{"surveyId":', 'application/json'],
      ["'; delete from checkup_alarm; --", 'application/json'],
      [JSON.stringify({ pad: 'x'.repeat(1024 * 1024 + 10) }), 'application/json'],
      ['surveyId=1', 'application/x-www-form-urlencoded'],
    ];
    for (const [payload, type] of cases) {
      const response = await subscribe(member(11), payload, type);
      expect(response.statusCode, type).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, type).toBeLessThan(500);
      expect(response.json(), type).toMatchObject({ message: MESSAGES.badRequest });
    }
    expect(await alarmRows()).toEqual(before);
  });
});
