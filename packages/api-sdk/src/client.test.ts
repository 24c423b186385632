import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSUMER_MESSAGES } from '@sq/contracts/messages/consumers';
import { PUBLIC_API_VERSION, SDK_MESSAGES, SquadApiError, createSquadClient } from './index';

/**
 * A loopback peer answering as the gateway does (its envelope, quota headers and Korean messages): it records
 * what the client sent. The client against the real gateway is e2e/tests/api-consumers.e2e.ts.
 */
const received: { method: string; url: string; headers: http.IncomingHttpHeaders }[] = [];
const QUOTA = {
  'ratelimit-policy': '"minute";q=60;w=60, "day";q=5000;w=86400',
  ratelimit: '"minute";r=59;t=60, "day";r=4999;t=86400',
};
const server = http.createServer((request, response) => {
  received.push({ method: request.method!, url: request.url!, headers: request.headers });
  const json = (status: number, body: object, headers: Record<string, string> = {}) => {
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'sidequest-version': PUBLIC_API_VERSION,
      ...QUOTA,
      ...headers,
    });
    response.end(JSON.stringify(body));
  };
  if (request.url === '/api/join/history') return json(200, { ErrorCode: '00', applications: [] });
  if (request.url === '/api/applications/7/checkin')
    return json(
      200,
      { ErrorCode: '00', day: '2026-11-29', checkedAt: '2026-11-29T01:00:00.000Z' },
      { 'idempotent-replayed': 'true' },
    );
  if (request.url === '/api/applications/8/checkin')
    return json(
      429,
      { ErrorCode: '29', message: CONSUMER_MESSAGES.consumerQuotaExceeded },
      { 'retry-after': '41', ratelimit: '"minute";r=0;t=41, "day";r=4940;t=80000' },
    );
  if (request.url === '/api/findByIdMyinfo')
    return json(401, { ErrorCode: '41', message: CONSUMER_MESSAGES.consumerTokenInvalid });
  response.writeHead(502, { 'content-type': 'text/html' });
  response.end('<html>Bad Gateway</html>');
});
let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const TOKEN = 'sqp_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

describe('createSquadClient', () => {
  it('sends the token and the version it was generated for, and answers the body with the quota it came with', async () => {
    const squad = createSquadClient({ baseUrl: `${baseUrl}/some/page`, token: TOKEN });
    const answer = await squad.call(squad.api.GET('/api/join/history'));
    expect(answer.data.applications).toEqual([]);
    expect(answer.version).toBe(PUBLIC_API_VERSION);
    expect(answer.rateLimit.windows.map((w) => [w.name, w.remaining, w.limit])).toEqual([
      ['minute', 59, 60],
      ['day', 4999, 5000],
    ]);
    const sent = received.at(-1)!;
    expect(sent.url).toBe('/api/join/history');
    expect(sent.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(sent.headers['sidequest-version']).toBe(PUBLIC_API_VERSION);
  });

  it('asks for another version when told, and sends the Idempotency-Key; a replayed answer says so', async () => {
    const squad = createSquadClient({ baseUrl, token: TOKEN, version: '2027-01-01' });
    const answer = await squad.call(
      squad.api.POST('/api/applications/{joinId}/checkin', {
        params: { path: { joinId: 7 }, header: { 'Idempotency-Key': 'checkin-2026-11-29' } },
      }),
    );
    expect(answer.data).toMatchObject({ day: '2026-11-29' });
    expect(answer.replayed).toBe(true);
    const sent = received.at(-1)!;
    expect([sent.method, sent.headers['sidequest-version'], sent.headers['idempotency-key']]).toEqual([
      'POST',
      '2027-01-01',
      'checkin-2026-11-29',
    ]);
  });

  it('throws the gateway’s Korean message with its status, ErrorCode and Retry-After', async () => {
    const squad = createSquadClient({ baseUrl, token: TOKEN });
    const overQuota = await squad
      .call(squad.api.POST('/api/applications/{joinId}/checkin', { params: { path: { joinId: 8 } } }))
      .catch((error: unknown) => error);
    expect(overQuota).toBeInstanceOf(SquadApiError);
    expect(overQuota).toMatchObject({
      status: 429,
      code: '29',
      message: CONSUMER_MESSAGES.consumerQuotaExceeded,
      retryAfterSeconds: 41,
      overQuota: true,
    });
    expect((overQuota as SquadApiError).rateLimit.windows[0]).toMatchObject({
      name: 'minute',
      remaining: 0,
      resetSeconds: 41,
    });
    const refused = await squad.call(squad.api.GET('/api/findByIdMyinfo')).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      status: 401,
      code: '41',
      message: CONSUMER_MESSAGES.consumerTokenInvalid,
      unauthorized: true,
      retryAfterSeconds: null,
    });
  });

  it('words an answer that is not the envelope, and a server that cannot be reached, in Korean', async () => {
    const squad = createSquadClient({ baseUrl, token: TOKEN });
    const broken = await squad.call(squad.api.GET('/api/products')).catch((error: unknown) => error);
    expect(broken).toMatchObject({ status: 502, code: null, message: `${SDK_MESSAGES.unreadable} (HTTP 502)` });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const away = createSquadClient({ baseUrl: `http://127.0.0.1:${port}`, token: TOKEN });
    expect(await away.call(away.api.GET('/api/products')).catch((error: unknown) => error)).toMatchObject({
      status: 0,
      message: SDK_MESSAGES.unreachable,
    });
  });

  it('refuses to start without a token or with an address that is not one', () => {
    expect(() => createSquadClient({ baseUrl, token: ' ' })).toThrow(SDK_MESSAGES.tokenMissing);
    expect(() => createSquadClient({ baseUrl: 'sidequest', token: TOKEN })).toThrow(SDK_MESSAGES.baseUrlInvalid);
  });
});
