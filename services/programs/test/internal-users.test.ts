import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import { MESSAGES } from '@sq/contracts';
import { programsService } from '../src/service';

let service: TestService;
beforeAll(async () => {
  service = await build(programsService);
});
afterAll(() => service?.close());

const live = (userId: number | string, headers = service.internalHeaders) =>
  service.app.inject({ method: 'GET', url: `/internal/users/${userId}/live-applications`, headers });

describe('live applications of a member (for withdrawal)', () => {
  it('counts only applications that still hold a reservation, a charge or a seat', async () => {
    const userId = 900_001;
    const oddIds: number[] = await service.app.knex('cohort').orderBy('odd_id').limit(6).pluck('odd_id');
    expect(oddIds.length).toBe(6);
    expect((await live(userId)).json()).toEqual({ ErrorCode: '00', liveApplications: 0 });

    const statuses = ['CANCELLED', 'REFUNDED', 'DROPPED', 'COMPLETED'];
    for (const [i, status] of statuses.entries()) {
      await service.app.knex('application').insert({ odd_id: oddIds[i], user_id: userId, role: 'DEVELOPER', status });
    }
    // Ended applications need no cohort of their own (one live application per cohort): a partial refund
    // and an auto-cancelled reservation hold nothing either.
    await service.app
      .knex('application')
      .insert({ odd_id: oddIds[0], user_id: userId, role: 'DEVELOPER', status: 'PARTIALLY_REFUNDED' });
    await service.app
      .knex('application')
      .insert({ odd_id: oddIds[1], user_id: userId, role: 'DEVELOPER', status: 'AUTO_CANCELLED' });
    expect((await live(userId)).json().liveApplications).toBe(0);

    await service.app
      .knex('application')
      .insert({ odd_id: oddIds[4], user_id: userId, role: 'DEVELOPER', status: 'RESERVED' });
    await service.app
      .knex('application')
      .insert({ odd_id: oddIds[5], user_id: userId, role: 'DEVELOPER', status: 'ASSIGNED' });
    expect((await live(userId)).json().liveApplications).toBe(2);
    // Someone else's applications never count.
    expect((await live(userId + 1)).json().liveApplications).toBe(0);
  });

  it('says whether an application is the member’s, whatever its state (itskill’s check-up attachment)', async () => {
    const userId = 900_101;
    const [oddId] = await service.app.knex('cohort').orderBy('odd_id').limit(1).pluck('odd_id');
    const [{ join_id: joinId }] = await service.app
      .knex('application')
      .insert({ odd_id: oddId, user_id: userId, role: 'DEVELOPER', status: 'CANCELLED' })
      .returning('join_id');
    const owned = (user: number, join: number) =>
      service.app.inject({
        method: 'GET',
        url: `/internal/users/${user}/applications/${join}`,
        headers: service.internalHeaders,
      });
    expect((await owned(userId, joinId)).json()).toEqual({ ErrorCode: '00', owned: true });
    expect((await owned(userId + 1, joinId)).json()).toEqual({ ErrorCode: '00', owned: false });
    expect((await owned(userId, joinId + 1_000_000)).json()).toEqual({ ErrorCode: '00', owned: false });
    expect(
      (await service.app.inject({ method: 'GET', url: `/internal/users/${userId}/applications/${joinId}` })).statusCode,
    ).toBe(403);
  });

  it('answers only other services, and refuses malformed ids with a Korean 400', async () => {
    expect((await live(1, {})).statusCode).toBe(403);
    expect((await live(1, service.as({ userId: 1, role: 'ROLE_ADMIN', sid: 's' }))).statusCode).toBe(403);
    for (const id of ['abc', '0', '-1', '99999999999']) {
      const response = await live(id);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().message).toBe(MESSAGES.badRequest);
    }
  });
});
