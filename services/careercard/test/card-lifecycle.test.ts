import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import { MESSAGES } from '@sq/contracts';
import { careercardService } from '../src/service';

let service: TestService;
beforeAll(async () => {
  service = await build(careercardService);
});
afterAll(() => service?.close());

const create = (payload: object, key: string) =>
  service.app.inject({
    method: 'POST',
    url: '/internal/profiles',
    headers: { ...service.internalHeaders, 'idempotency-key': key },
    payload,
  });
const compensate = (id: string, key: string) =>
  service.app.inject({
    method: 'DELETE',
    url: `/internal/profiles/${id}`,
    headers: { ...service.internalHeaders, 'idempotency-key': key },
  });
const lookup = (ids: string[]) =>
  service.app.inject({
    method: 'POST',
    url: '/internal/profiles/lookup',
    headers: service.internalHeaders,
    payload: { ids },
  });
const retire = (id: string) =>
  service.app.inject({
    method: 'POST',
    url: `/internal/profiles/${id}/retire`,
    headers: service.internalHeaders,
    payload: {},
  });
const publicCard = (id: string) => service.app.inject({ method: 'GET', url: `/api/profile/${id}` });
const card = { userAlias: '새내기', jobGroupCode: 'JG_DEV', yearCode: 'CY_1_3Y' };

describe('a card created at sign-up', () => {
  it('is created once per key: a retry gets the same card, another card under that key is refused', async () => {
    const first = await create({ ...card, profileId: 'lifecard1', userId: 9201 }, 'key-lifecard1');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      ErrorCode: '00',
      created: true,
      profile: { profileId: 'lifecard1', jobGroupName: '개발' },
    });

    const retry = await create({ ...card, profileId: 'lifecard1', userId: 9201 }, 'key-lifecard1');
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ created: false, profile: { profileId: 'lifecard1' } });

    const other = await create({ ...card, profileId: 'lifecard9', userId: 9209 }, 'key-lifecard1');
    expect(other.statusCode).toBe(409);
    expect((await publicCard('lifecard9')).statusCode).toBe(404);
  });

  it('refuses an ID already taken (any case) under another key', async () => {
    const taken = await create({ ...card, profileId: 'LifeCard1', userId: 9202 }, 'key-lifecard1-again');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      message: MESSAGES.careerCardIdDuplicate,
      fields: { careerCardId: MESSAGES.careerCardIdDuplicate },
    });
  });

  it('is removed by the compensation of its own key only', async () => {
    expect((await create({ ...card, profileId: 'lifecard2', userId: 9203 }, 'key-lifecard2')).statusCode).toBe(201);
    const wrongKey = await compensate('lifecard2', 'key-somebody-else');
    expect(wrongKey.json()).toMatchObject({ deleted: false });
    expect((await publicCard('lifecard2')).statusCode).toBe(200);

    expect((await compensate('lifecard2', 'key-lifecard2')).json()).toMatchObject({ deleted: true });
    expect((await publicCard('lifecard2')).statusCode).toBe(404);
    // The ID is free again for the next attempt.
    expect((await create({ ...card, profileId: 'lifecard2', userId: 9204 }, 'key-lifecard2-next')).statusCode).toBe(
      201,
    );
  });

  it('is not removed by a compensation once retired (its ID stays taken)', async () => {
    expect((await create({ ...card, profileId: 'lifecard3', userId: 9205 }, 'key-lifecard3')).statusCode).toBe(201);
    expect((await retire('lifecard3')).statusCode).toBe(200);
    expect((await compensate('lifecard3', 'key-lifecard3')).json()).toMatchObject({ deleted: false });
    expect((await create({ ...card, profileId: 'lifecard3', userId: 9206 }, 'key-lifecard3-reuse')).statusCode).toBe(
      409,
    );
  });
});

describe('looking up career card IDs', () => {
  it('answers the live cards of the list, whatever the case, with their members; retired and unknown IDs are left out', async () => {
    expect((await create({ ...card, profileId: 'lifecard4', userId: 9207 }, 'key-lifecard4')).statusCode).toBe(201);
    const response = await lookup(['LIFECARD4', 'lifecard3', 'nobody-here', 'minji']);
    expect(response.statusCode).toBe(200);
    const { profiles } = response.json<{ profiles: { profileId: string; userId: number | null }[] }>();
    expect(profiles.sort((a, b) => a.profileId.localeCompare(b.profileId))).toEqual([
      { profileId: 'lifecard4', userId: 9207 },
      { profileId: 'minji', userId: 1 },
    ]);
  });
});
