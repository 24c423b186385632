import { describe, expect, it, vi } from 'vitest';
import knexFactory from 'knex';
import { SESSION_EVENTS_APPLICATION } from '../src/plugins/session-events';
import { announce, setUpGateway, startGateway, token } from './helpers';

const site = setUpGateway();

// A member route of another service than account (a call to account makes the gateway forget the caller's sessions).
const me = (value: string, on = site.gateway) =>
  on.app.inject({ method: 'GET', url: '/api/findByIdMyinfo', headers: { authorization: `Bearer ${value}` } });
const sid = (name: string) => `${name}-${Math.random().toString(36).slice(2)}`;

describe('cached session checks', () => {
  it('ask the account service once while its answer holds', async () => {
    const value = token({ sid: sid('steady') });
    const before = site.upstreams.checks.count;
    for (let i = 0; i < 5; i += 1) expect((await me(value)).statusCode).toBe(200);
    expect(site.upstreams.checks.count - before).toBe(1);
    expect(site.upstreams.received.at(-1)!.identity).toMatchObject({ userId: 7, role: 'ROLE_USER' });
  });

  it('forget a session when its revocation is announced', async () => {
    const session = sid('revoked');
    const value = token({ sid: session });
    expect((await me(value)).statusCode).toBe(200);
    site.upstreams.revoked.add(session);
    expect((await me(value)).statusCode).toBe(200);
    await announce(site.gateway, `sid:${session}`);
    expect((await me(value)).statusCode).toBe(401);
  });

  it('forget every session of a member whose account changed (withdrawal, role)', async () => {
    const session = sid('promoted');
    const value = token({ sid: session, sub: '31' });
    expect((await me(value)).statusCode).toBe(200);
    site.upstreams.roles.set(session, 'ROLE_ADMIN');
    await announce(site.gateway, 'user:31');
    expect(
      (
        await site.gateway.app.inject({
          method: 'GET',
          url: '/api/admin/teams',
          headers: { authorization: `Bearer ${value}` },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('on the instance that carried the logout, refuse the session before the announcement arrives', async () => {
    const value = token({ sid: sid('logout') });
    site.upstreams.logout.revokes = true;
    expect((await me(value)).statusCode).toBe(200);
    const logout = await site.gateway.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { authorization: `Bearer ${value}` },
    });
    expect(logout.statusCode).toBe(200);
    // No announcement here: only the stand-in account service knows of the revocation.
    expect((await me(value)).statusCode).toBe(401);
  });

  it('do not keep an answer that was in flight while an announcement arrived', async () => {
    const session = sid('in-flight');
    const value = token({ sid: session });
    let release!: () => void;
    site.upstreams.checks.hold = new Promise<void>((resolve) => (release = resolve));
    const before = site.upstreams.checks.count;
    const pending = me(value);
    await vi.waitFor(() => expect(site.upstreams.checks.count).toBe(before + 1));
    site.upstreams.revoked.add(session);
    await announce(site.gateway, `sid:${session}`);
    site.upstreams.checks.hold = null;
    release();
    // The answer read before the revocation is let through once (it was in flight), but not remembered.
    expect((await pending).statusCode).toBe(200);
    expect((await me(value)).statusCode).toBe(401);
  });

  it('keep nothing once the announcements cannot be heard, and resume when they can', async () => {
    const db = knexFactory({ client: 'pg', connection: site.gateway.config.databaseUrl, pool: { min: 0, max: 1 } });
    try {
      const session = sid('unheard');
      const value = token({ sid: session });
      expect((await me(value)).statusCode).toBe(200);
      await db.raw('select pg_terminate_backend(pid) from pg_stat_activity where application_name = ?', [
        SESSION_EVENTS_APPLICATION,
      ]);
      await vi.waitFor(() => expect(site.gateway.app.sessions.listening).toBe(false));
      // Revoked without any announcement: still refused at once, since nothing is served from or added to
      // the cache meanwhile (a session first seen now is not remembered either).
      site.upstreams.revoked.add(session);
      expect((await me(value)).statusCode).toBe(401);
      const meanwhile = sid('meanwhile');
      expect((await me(token({ sid: meanwhile }))).statusCode).toBe(200);
      site.upstreams.revoked.add(meanwhile);
      expect((await me(token({ sid: meanwhile }))).statusCode).toBe(401);

      await vi.waitFor(() => expect(site.gateway.app.sessions.listening).toBe(true), { timeout: 10_000 });
      const again = token({ sid: sid('heard-again') });
      const before = site.upstreams.checks.count;
      for (let i = 0; i < 3; i += 1) expect((await me(again)).statusCode).toBe(200);
      expect(site.upstreams.checks.count - before).toBe(1);
    } finally {
      await db.destroy();
    }
  });

  it('keep an answer no longer than the configured lifetime', async () => {
    const short = await startGateway(site.upstreams.urls, { sessionCache: { ttlMs: 200 } });
    try {
      const value = token({ sid: sid('short') });
      const before = site.upstreams.checks.count;
      expect((await me(value, short)).statusCode).toBe(200);
      expect((await me(value, short)).statusCode).toBe(200);
      expect(site.upstreams.checks.count - before).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect((await me(value, short)).statusCode).toBe(200);
      expect(site.upstreams.checks.count - before).toBe(2);
    } finally {
      await short.close();
    }
  });

  it('never cache an answer that hands out a fresh token', async () => {
    const value = token({ sid: sid('refresh'), expiresInSeconds: 30 });
    const before = site.upstreams.checks.count;
    // The stand-in says the answer holds until 60 s before expiry: already past, as when a refresh is due.
    for (let i = 0; i < 3; i += 1) expect((await me(value)).statusCode).toBe(200);
    expect(site.upstreams.checks.count - before).toBe(3);
  });
});
