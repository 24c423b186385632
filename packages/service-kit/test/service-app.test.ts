import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { MESSAGES } from '@sq/contracts';
import { build, type TestService } from '../src/testing';
import { conflict, requireAdmin, requireMember, type ServiceDefinition } from '../src';

/** A tiny service in the standard shape, to pin the behaviour every real service inherits. */
const probe: ServiceDefinition = {
  name: 'probe',
  schema: 'probe',
  migrations: {
    '001_note': {
      up: (knex) =>
        knex.schema.createTable('note', (t) => {
          t.increments('id');
          t.date('day').notNullable();
        }),
      down: (knex) => knex.schema.dropTable('note'),
    },
    '002_label': {
      up: (knex) =>
        knex.schema.createTable('label', (t) => {
          t.increments('id');
          t.text('text').notNullable();
          t.jsonb('extra');
        }),
      down: (knex) => knex.schema.dropTable('label'),
    },
  },
  seed: async (knex) => {
    if (!(await knex('note').first())) await knex('note').insert({ day: '2026-01-31' });
  },
  plugin: async (app) => {
    const body = z.object({
      name: z.string({ error: '이름을 입력해 주세요.' }).min(2, '이름은 2자 이상 입력해 주세요.'),
    });
    app.post('/api/notes', { schema: { body } }, async () => ({ ErrorCode: '00' }));
    // The account forms are zod/mini (shared with the browser); the same compiler validates and documents them.
    const miniBody = zm.object({
      alias: zm
        .string({ error: '닉네임을 입력해 주세요.' })
        .check(zm.trim(), zm.minLength(2, '닉네임은 2자 이상 입력해 주세요.')),
    });
    app.post('/api/mini', { schema: { body: miniBody } }, async (request) => ({ ErrorCode: '00', body: request.body }));
    // Stores whatever text it is given: only the central guard stands between it and PostgreSQL.
    app.post('/api/labels', async (request) => {
      const { text, extra } = request.body as { text: string; extra?: unknown };
      await app.knex('label').insert({ text, extra: extra === undefined ? null : JSON.stringify(extra) });
      return { ErrorCode: '00' };
    });
    app.get('/api/labels/:text', async (request) => ({
      ErrorCode: '00',
      found: await app
        .knex('label')
        .where({ text: (request.params as { text: string }).text })
        .orWhere({ text: String((request.query as { q?: string }).q ?? '') })
        .first(),
    }));
    app.get('/api/notes/first', async () => ({ ErrorCode: '00', note: await app.knex('note').first() }));
    app.get('/api/conflict', async () => {
      throw conflict(MESSAGES.nicknameDuplicate);
    });
    app.get('/api/crash', async () => {
      throw new Error('boom');
    });
    app.get('/api/member', { preHandler: requireMember }, async (request) => ({
      ErrorCode: '00',
      userId: request.identity!.userId,
    }));
    app.get('/api/admin-only', { preHandler: requireAdmin }, async () => ({ ErrorCode: '00' }));
    app.get('/api/whoami', async (request) => ({ ErrorCode: '00', clientIp: request.clientIp }));
  },
};

let service: TestService;
beforeAll(async () => {
  service = await build(probe);
});
afterAll(() => service?.close());

describe('service shape', () => {
  it("takes the client address from the gateway's signature only, never from X-Forwarded-For", async () => {
    const clientIp = async (headers: Record<string, string>) =>
      (await service.app.inject({ url: '/api/whoami', headers, remoteAddress: '127.0.0.1' })).json().clientIp;
    expect(await clientIp({ 'x-forwarded-for': '203.0.113.5' })).toBe('127.0.0.1');
    expect(await clientIp({ ...service.from('198.51.100.8'), 'x-forwarded-for': '203.0.113.5' })).toBe('198.51.100.8');
    expect(await clientIp({ ...service.from('198.51.100.8'), 'x-identity-client': '198.51.100.9' })).toBe('127.0.0.1');
    expect(await clientIp({ 'x-identity-client': '198.51.100.9', 'x-identity-client-signature': 'made-up' })).toBe(
      '127.0.0.1',
    );
  });

  it("validates bodies with the schema's Korean messages, per field", async () => {
    const response = await service.app.inject({ method: 'POST', url: '/api/notes', payload: { name: 'a' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      ErrorCode: '40',
      message: '이름은 2자 이상 입력해 주세요.',
      fields: { name: '이름은 2자 이상 입력해 주세요.' },
    });
  });

  it('validates and documents zod/mini schemas too', async () => {
    const bad = await service.app.inject({ method: 'POST', url: '/api/mini', payload: { alias: ' a ' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      ErrorCode: '40',
      message: '닉네임은 2자 이상 입력해 주세요.',
      fields: { alias: '닉네임은 2자 이상 입력해 주세요.' },
    });
    const missing = await service.app.inject({ method: 'POST', url: '/api/mini', payload: {} });
    expect(missing.json().message).toBe('닉네임을 입력해 주세요.');
    const good = await service.app.inject({ method: 'POST', url: '/api/mini', payload: { alias: ' 민지 ' } });
    expect(good.json()).toEqual({ ErrorCode: '00', body: { alias: '민지' } });
    const doc = (await service.app.inject({ url: '/openapi.json' })).json();
    const schema = doc.paths['/api/mini'].post.requestBody.content['application/json'].schema;
    expect(schema).toMatchObject({
      type: 'object',
      properties: { alias: { type: 'string', minLength: 2 } },
      required: ['alias'],
    });
  });

  it('keeps calendar dates as written, whatever the server time zone', async () => {
    expect((await service.app.inject({ url: '/api/notes/first' })).json().note.day).toBe('2026-01-31');
  });

  it('maps deliberate errors to their status and unexpected ones to the default text', async () => {
    expect((await service.app.inject({ url: '/api/conflict' })).json()).toEqual({
      ErrorCode: '49',
      message: MESSAGES.nicknameDuplicate,
    });
    const crash = await service.app.inject({ url: '/api/crash' });
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toEqual({ ErrorCode: '50', message: MESSAGES.defaultError });
  });

  it('answers malformed URLs and bodies in Korean', async () => {
    const badUrl = await service.app.inject({ url: '/api/notes/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().message).toBe(MESSAGES.badRequest);
    const big = await service.app.inject({
      method: 'POST',
      url: '/api/notes',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(MESSAGES.badRequest);
  });

  it('refuses a NUL or a broken surrogate in any string with a Korean 400, storing nothing', async () => {
    const refused = [
      { method: 'POST', url: '/api/labels', payload: { text: 'a\u0000b' }, field: 'text' },
      {
        method: 'POST',
        url: '/api/labels',
        payload: { text: 'ok', extra: { list: ['x', 'y\u0000'] } },
        field: 'extra.list.1',
      },
      { method: 'POST', url: '/api/labels', payload: { text: 'ok', extra: { 'k\u0000': 1 } }, field: 'extra._' },
      { method: 'POST', url: '/api/labels', payload: '{"text":"half \\ud800 a pair"}', field: 'text' },
      { method: 'GET', url: '/api/labels/a%00b', field: 'text' },
      { method: 'GET', url: '/api/labels/x?q=%00', field: 'q' },
    ] as const;
    for (const { method, url, field, ...rest } of refused) {
      const payload = 'payload' in rest ? rest.payload : undefined;
      const response = await service.app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({
        ErrorCode: '40',
        message: MESSAGES.textInvalidCharacters,
        fields: { [field]: MESSAGES.textInvalidCharacters },
      });
    }
    expect(await service.app.knex('label').count({ n: '*' })).toEqual([{ n: '0' }]);
    const stored = await service.app.inject({
      method: 'POST',
      url: '/api/labels',
      payload: { text: '사이드 \u{1F600} 퀘스트', extra: { tab: '\t' } },
    });
    expect(stored.statusCode).toBe(200);
    expect(
      (await service.app.inject({ url: `/api/labels/${encodeURIComponent('사이드 \u{1F600} 퀘스트')}` })).json().found
        .text,
    ).toBe('사이드 \u{1F600} 퀘스트');
  });

  it('trusts only identities signed with the internal secret', async () => {
    expect((await service.app.inject({ url: '/api/member' })).statusCode).toBe(401);
    const member = service.as({ userId: 3, role: 'ROLE_USER', sid: 's' });
    expect((await service.app.inject({ url: '/api/member', headers: member })).json()).toEqual({
      ErrorCode: '00',
      userId: 3,
    });
    expect((await service.app.inject({ url: '/api/admin-only', headers: member })).statusCode).toBe(403);
    const tampered = {
      ...member,
      'x-identity': Buffer.from(JSON.stringify({ userId: 1, role: 'ROLE_ADMIN', sid: 's' })).toString('base64url'),
    };
    expect((await service.app.inject({ url: '/api/admin-only', headers: tampered })).statusCode).toBe(401);
  });

  it('runs migrations and the seed again without duplicating anything', async () => {
    const { buildService } = await import('../src/service');
    const again = await buildService(probe, { databaseUrl: service.databaseUrl, internalSecret: 'x' });
    expect(Number((await again.knex('note').count({ n: '*' }))[0]!.n)).toBe(1);
    await again.close();
  });
});
