import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, type TestService } from '@sq/service-kit/testing';
import { SESSION_EVENTS_CHANNEL, type UserDataResponse } from '@sq/contracts';
import { accountService } from '../src/service';
import { DEMO_ACCOUNTS } from '../src/seeds';
import { createSessionRepository } from '../src/repositories/session-repository';
import { asHolder } from './support/peers';

interface Listener {
  query(text: string): Promise<unknown>;
  on(event: 'notification', listener: (message: { channel: string; payload: string }) => void): void;
}

// The gateway caches session checks and forgets them when it hears these (api-gateway session-cache.ts).
let service: TestService;
let connection: Listener;
const heard: string[] = [];
beforeAll(async () => {
  service = await build(accountService);
  connection = (await service.app.knex.client.acquireConnection()) as Listener;
  connection.on('notification', (message) => {
    if (message.channel === SESSION_EVENTS_CHANNEL) heard.push(message.payload);
  });
  await connection.query(`listen ${SESSION_EVENTS_CHANNEL}`);
});
afterAll(async () => {
  if (connection) await service.app.knex.client.releaseConnection(connection);
  await service?.close();
});

async function signIn(account: { email: string; password: string } = DEMO_ACCOUNTS.member) {
  const { userData } = (
    await service.app.inject({ method: 'POST', url: '/api/signin', payload: account })
  ).json<UserDataResponse>();
  const sid = JSON.parse(Buffer.from(userData.token.split('.')[1]!, 'base64url').toString()).sid as string;
  return { ...userData, sid };
}

const sessions = () => createSessionRepository(service.app.knex);
const heardAfter = async (from: number, expected: string[]) =>
  vi.waitFor(() => expect(heard.slice(from)).toEqual(expected));

describe('session events', () => {
  it('announce a logout when it commits', async () => {
    const session = await signIn();
    const from = heard.length;
    const response = await service.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: asHolder(service, session.token),
    });
    expect(response.statusCode).toBe(200);
    await heardAfter(from, [`sid:${session.sid}`]);
  });

  it('announce every session a password change or reset ends', async () => {
    const first = await signIn();
    const second = await signIn();
    const from = heard.length;
    await sessions().revokeAllOf(first.userId);
    await vi.waitFor(() =>
      expect(heard.slice(from)).toEqual(expect.arrayContaining([`sid:${first.sid}`, `sid:${second.sid}`])),
    );
  });

  it('announce a member whose role changes or who withdraws', async () => {
    const admin = await signIn(DEMO_ACCOUNTS.admin);
    const from = heard.length;
    await service.app.knex('user_account').where({ user_id: admin.userId }).update({ user_role: 'ROLE_USER' });
    await service.app.knex('user_account').where({ user_id: admin.userId }).update({ user_role: 'ROLE_ADMIN' });
    await heardAfter(from, [`user:${admin.userId}`, `user:${admin.userId}`]);
  });

  it('say nothing when a session is only used, and nothing for a change rolled back', async () => {
    const session = await signIn();
    const from = heard.length;
    const check = await service.app.inject({
      method: 'POST',
      url: '/internal/sessions/check',
      headers: service.internalHeaders,
      payload: { sid: session.sid, userId: session.userId, exp: Math.floor(Date.now() / 1000) + 1800 },
    });
    expect(check.json().active).toBe(true);
    await service.app.knex
      .transaction(async (trx) => {
        await trx('session').where({ sid: session.sid }).update({ revoked_at: trx.fn.now() });
        await trx.rollback();
      })
      .catch(() => undefined);
    // A later announcement proves the earlier ones would have arrived first (notifications keep commit order).
    await sessions().revoke(session.sid);
    await heardAfter(from, [`sid:${session.sid}`]);
  });
});
