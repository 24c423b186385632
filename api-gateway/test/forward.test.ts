import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sq/contracts';
import {
  CONNECTION_RETRIES,
  GATHER_MAX_BYTES,
  RETRIES_ON_503,
  normalisedTarget,
  upstreamTarget,
} from '../src/plugins/forward';
import { readGatewayConfig } from '../src/config';
import { startGateway, startUpstreams, token } from './helpers';

/**
 * The gateway's own forwarder (plugins/forward.ts) against a plain Node upstream that answers exactly as each
 * test needs: what reaches the service, and what of the service's answer reaches the client.
 */
interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
const seen: Seen[] = [];
const pattern = (size: number) => Buffer.from(Array.from({ length: size }, (_, i) => i % 251));

const upstream = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const path = (request.url ?? '').split('?')[0]!;
    seen.push({
      method: request.method!,
      url: request.url!,
      headers: request.headers,
      body: Buffer.concat(chunks).toString(),
    });
    if (path.endsWith('/hop')) {
      response.setHeader('content-type', 'application/json');
      response.setHeader('keep-alive', 'timeout=5');
      response.setHeader('connection', 'keep-alive, x-hop');
      response.setHeader('x-hop', 'only for this hop');
      response.setHeader('proxy-connection', 'keep-alive');
      response.setHeader('x-end', 'end to end');
      response.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
      response.end('{"ErrorCode":"00"}');
    } else if (path.endsWith('/chunked')) {
      // No declared length: streamed to the client as it arrives.
      response.setHeader('content-type', 'application/octet-stream');
      const body = pattern(1024 * 1024);
      for (let at = 0; at < body.length; at += 64 * 1024) response.write(body.subarray(at, at + 64 * 1024));
      response.end();
    } else if (path.endsWith('/sized')) {
      const body = pattern(GATHER_MAX_BYTES + 100_000);
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': body.length });
      response.end(body);
    } else if (path.endsWith('/empty')) {
      response.writeHead(204).end();
    } else if (path.endsWith('/silent')) {
      // Never answers: the gateway gives up after its upstream timeout.
    } else if (path.endsWith('/flaky') || path.endsWith('/always503')) {
      // 503 twice, then an answer (or 503 for ever).
      const tries = seen.filter((s) => s.url === request.url).length;
      const body = JSON.stringify({ ErrorCode: '53', tries });
      response.writeHead(path.endsWith('/flaky') && tries > 2 ? 200 : 503, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'retry-after': '1',
      });
      response.end(body);
    } else if (path.endsWith('/drop')) {
      request.socket.destroy();
    } else if (path.endsWith('/dropfirst') && seen.filter((s) => s.url === request.url).length === 1) {
      // The connection closes under the first try only, as a stopping instance's kept-alive one can.
      request.socket.destroy();
    } else if (path.endsWith('/half')) {
      // Declares more than it sends, then hangs up: the answer is cut short, never completed with other bytes.
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': 2 * GATHER_MAX_BYTES });
      response.write(pattern(1000), () => request.socket.destroy());
    } else {
      const body = JSON.stringify({ ErrorCode: '00', method: request.method, url: request.url });
      response.writeHead(201, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    }
  });
});

let upstreams: Awaited<ReturnType<typeof startUpstreams>>;
let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  upstreams = await startUpstreams();
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  gateway = await startGateway(
    { ...upstreams.urls, content: url, careercard: url, programs: url },
    { upstreamTimeoutMs: 1_000 },
  );
});
afterAll(async () => {
  await gateway?.close();
  await upstreams?.stop();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

const member = () => ({ authorization: `Bearer ${token()}` });
let address: string | null = null;
/** The gateway on a real socket (for what `inject` would normalise, and for keep-alive). */
const listening = async () => (address ??= await gateway.app.listen({ port: 0, host: '127.0.0.1' }));

describe('what reaches the service', () => {
  it('the query string exactly as the client spelled it', async () => {
    const url =
      '/api/stories/echo?size=12&q=%ED%95%9C%EA%B5%AD&empty=&b=1&b=2&slash=%2F&plus=a+b&star=*&tilde=~&comma=a,b&at=@:x&pct=%25';
    const response = await gateway.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(201);
    expect(seen.at(-1)?.url).toBe(url);
  });

  it('no hop-by-hop header, nor any the Connection header names; the service’s own host', async () => {
    const response = await gateway.app.inject({
      method: 'GET',
      url: '/api/stories/echo',
      headers: {
        connection: 'keep-alive, x-private',
        'x-private': 'secret',
        'keep-alive': 'timeout=5',
        te: 'trailers',
        'proxy-connection': 'keep-alive',
        'x-kept': 'yes',
        host: 'site.example',
      },
    });
    expect(response.statusCode).toBe(201);
    const headers = seen.at(-1)!.headers;
    for (const name of ['x-private', 'keep-alive', 'te', 'proxy-connection']) expect(headers[name]).toBeUndefined();
    expect(headers.connection).not.toContain('x-private');
    expect(headers['x-kept']).toBe('yes');
    expect(headers.host).toBe(new URL(gateway.config.services.content).host);
  });

  it('a JSON body re-encoded with its length and plain media type, for POST, PUT and DELETE', async () => {
    for (const [method, url] of [
      ['POST', '/api/profile/project'],
      ['PUT', '/api/profile/project/3'],
      ['DELETE', '/api/profile/project/3'],
    ] as const) {
      const response = await gateway.app.inject({
        method,
        url,
        headers: { ...member(), 'content-type': 'application/json; charset=utf-8' },
        payload: '{ "title" : "한글",  "n": 1 }',
      });
      expect(response.statusCode).toBe(201);
      const last = seen.at(-1)!;
      expect(last.method).toBe(method);
      expect(last.body).toBe('{"title":"한글","n":1}');
      expect(last.headers['content-type']).toBe('application/json');
      expect(last.headers['content-length']).toBe(String(Buffer.byteLength(last.body)));
    }
  });

  it('a JSON body that is a bare value is sent too', async () => {
    const response = await gateway.app.inject({
      method: 'POST',
      url: '/api/profile/project',
      headers: { ...member(), 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(response.statusCode).toBe(201);
    expect(seen.at(-1)?.body).toBe('null');
  });

  it('a request without a body goes without one, whatever length the client declared', async () => {
    const response = await gateway.app.inject({ method: 'DELETE', url: '/api/profile/project/4', headers: member() });
    expect(response.statusCode).toBe(201);
    expect(seen.at(-1)?.body).toBe('');
    expect(seen.at(-1)?.headers['transfer-encoding']).toBeUndefined();
  });

  it('a path that decodes to a parent segment is refused, never resolved (raw targets, over a socket)', async () => {
    const address = new URL(await listening());
    const before = seen.length;
    for (const target of [
      '/api/stories/%2e%2e/%2e%2e/api/admin/x',
      '/api/stories/a/..%2f..%2fadmin',
      '/api/stories/x?next=../../admin',
      '/media/content/x/%2E%2E/%2E%2E/%2E%2E/api/admin/x',
    ]) {
      const status = await new Promise<number>((resolve, reject) => {
        http
          .get({ host: address.hostname, port: address.port, path: target }, (response) => {
            response.resume();
            resolve(response.statusCode!);
          })
          .on('error', reject);
      });
      expect(status, target).toBe(400);
    }
    expect(seen.length).toBe(before);
  });

  it('a path that climbs out with backslashes is refused in Korean and reaches no service', async () => {
    const before = seen.length;
    const response = await gateway.app.inject({ method: 'GET', url: '/api/stories/x%5C..%5C..%5Cadmin' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: MESSAGES.badRequest });
    expect(seen.length).toBe(before);
  });
});

describe('what reaches the client', () => {
  it('the service’s status, body and end-to-end headers, without its hop-by-hop ones', async () => {
    const response = await gateway.app.inject({ method: 'GET', url: '/api/stories/hop' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"ErrorCode":"00"}');
    expect(response.headers['x-end']).toBe('end to end');
    expect(response.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(response.headers['content-length']).toBe('18');
    for (const name of ['keep-alive', 'x-hop', 'proxy-connection']) expect(response.headers[name]).toBeUndefined();
    expect(String(response.headers.connection ?? '')).not.toContain('x-hop');
    // The gateway's own headers are on proxied answers too.
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a small answer with its length and media type as the service sent them', async () => {
    const response = await gateway.app.inject({ method: 'GET', url: '/api/stories/echo?a=1' });
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
    expect(response.json()).toEqual({ ErrorCode: '00', method: 'GET', url: '/api/stories/echo?a=1' });
  });

  it('HEAD: the length of what GET would send, and no body', async () => {
    const head = await gateway.app.inject({ method: 'HEAD', url: '/api/stories/echo' });
    expect(seen.at(-1)?.method).toBe('HEAD');
    expect(head.statusCode).toBe(201);
    // What the service declared for its HEAD answer (the body GET would have, naming the method HEAD).
    expect(head.headers['content-length']).toBe(
      String(JSON.stringify({ ErrorCode: '00', method: 'HEAD', url: '/api/stories/echo' }).length),
    );
    expect(head.rawPayload.length).toBe(0);
  });

  it('204: no body, no length', async () => {
    const response = await gateway.app.inject({ method: 'GET', url: '/api/stories/empty' });
    expect(response.statusCode).toBe(204);
    expect(response.rawPayload.length).toBe(0);
    expect(response.headers['content-length']).toBeUndefined();
  });

  it('streams a large answer of unknown length through, every byte, chunked', async () => {
    const response = await gateway.app.inject({ method: 'GET', url: '/api/stories/chunked' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(pattern(1024 * 1024))).toBe(true);
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['transfer-encoding']).toBe('chunked');
  });

  it('streams a large answer of known length through with its length', async () => {
    const response = await gateway.app.inject({ method: 'GET', url: '/api/stories/sized' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(GATHER_MAX_BYTES + 100_000));
    expect(response.rawPayload.equals(pattern(GATHER_MAX_BYTES + 100_000))).toBe(true);
  });

  it('over real sockets too: keep-alive for the client decided by the gateway, not copied from the service', async () => {
    const address = await listening();
    const response = await fetch(`${address}/api/stories/hop`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"ErrorCode":"00"}');
    expect(response.headers.get('keep-alive')).not.toBe('timeout=5');
    expect(response.headers.get('x-hop')).toBeNull();
    const big = await fetch(`${address}/api/stories/chunked`);
    expect(Buffer.from(await big.arrayBuffer()).equals(pattern(1024 * 1024))).toBe(true);
    // A request whose body the gateway read to its end (its stream is then done, the client still waiting).
    const posted = await fetch(`${address}/api/profile/project`, {
      method: 'POST',
      headers: { ...member(), 'content-type': 'application/json' },
      body: '{"title":"x"}',
      signal: AbortSignal.timeout(5_000),
    });
    expect(posted.status).toBe(201);
    expect(seen.at(-1)?.body).toBe('{"title":"x"}');
  });
});

describe('when the service fails', () => {
  const unavailable = { ErrorCode: '53', message: MESSAGES.serviceUnavailable };

  it('hangs up without answering: the Korean 503', async () => {
    const response = await gateway.app.inject({ method: 'GET', url: '/api/stories/drop' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(unavailable);
  });

  it('does not answer within the upstream timeout: the Korean 503, in time', async () => {
    const started = Date.now();
    const response = await gateway.app.inject({ method: 'GET', url: '/api/stories/silent' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(unavailable);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('hangs up halfway through a streamed answer: the answer is cut short, not completed', async () => {
    const response = await gateway.app
      .inject({ method: 'GET', url: '/api/stories/half' })
      .catch((error: unknown) => error);
    // Either the client sees an aborted response, or a body shorter than the length that was declared.
    if (!(response instanceof Error))
      expect((response as { rawPayload: Buffer }).rawPayload.length).toBeLessThan(2 * GATHER_MAX_BYTES);
  });
});

describe('a connection that fails before any answer', () => {
  const admin = () => ({
    authorization: `Bearer ${token({ role: 'ROLE_ADMIN' })}`,
    'content-type': 'application/json',
  });
  const tries = (url: string) => seen.filter((s) => s.url === url).length;

  it('an idempotent request is sent once more, and the later answer goes to the client', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const url = `/api/admin/content/dropfirst?method=${method}&run=${Date.now()}`;
      const response = await gateway.app.inject({
        method,
        url,
        headers: admin(),
        payload: method === 'GET' ? undefined : '{"a":1}',
      });
      expect(response.statusCode, method).toBe(201);
      expect(tries(url)).toBe(2);
      // The body goes again, whole.
      if (method !== 'GET')
        expect(seen.filter((s) => s.url === url).map((s) => s.body)).toEqual(['{"a":1}', '{"a":1}']);
    }
  });

  it('only CONNECTION_RETRIES more time: a service that keeps failing gets the Korean 503', async () => {
    const url = `/api/stories/drop?run=${Date.now()}`;
    const response = await gateway.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(503);
    expect(tries(url)).toBe(1 + CONNECTION_RETRIES);
  });

  it('a POST is never sent twice: the Korean 503', async () => {
    const url = `/api/admin/dropfirst?run=${Date.now()}`;
    const response = await gateway.app.inject({ method: 'POST', url, headers: admin(), payload: '{}' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ ErrorCode: '53', message: MESSAGES.serviceUnavailable });
    expect(tries(url)).toBe(1);
  });

  it('a POST with an Idempotency-Key (the service answers a repeat with its first answer) is sent once more', async () => {
    const url = `/api/admin/dropfirst?key=1&run=${Date.now()}`;
    const response = await gateway.app.inject({
      method: 'POST',
      url,
      headers: { ...admin(), 'idempotency-key': `k-${Date.now()}` },
      payload: '{}',
    });
    expect(response.statusCode).toBe(201);
    expect(tries(url)).toBe(2);
  });
});

describe('UPSTREAM_CONNECTION_RETRIES', () => {
  it('0: a GET whose connection fails before any answer is not sent again, and gets the Korean 503', async () => {
    const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const once = await startGateway(
      { ...upstreams.urls, content: url, careercard: url, programs: url },
      { upstreamTimeoutMs: 1_000, upstreamConnectionRetries: 0 },
    );
    try {
      const target = `/api/stories/dropfirst?run=${Date.now()}`;
      const response = await once.app.inject({ method: 'GET', url: target });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ ErrorCode: '53', message: MESSAGES.serviceUnavailable });
      expect(seen.filter((s) => s.url === target)).toHaveLength(1);
    } finally {
      await once.close();
    }
  });

  it('is read as a whole number of 0 or more, CONNECTION_RETRIES when unset', () => {
    const env = { DATABASE_URL: 'postgres://x/y', JWT_PUBLIC_KEY: gateway.config.jwtPublicKey };
    expect(readGatewayConfig(env).upstreamConnectionRetries).toBe(CONNECTION_RETRIES);
    expect(readGatewayConfig({ ...env, UPSTREAM_CONNECTION_RETRIES: '0' }).upstreamConnectionRetries).toBe(0);
    expect(() => readGatewayConfig({ ...env, UPSTREAM_CONNECTION_RETRIES: 'once' })).toThrow(
      'UPSTREAM_CONNECTION_RETRIES must be a whole number of 0 or more (got once).',
    );
  });
});

describe('a GET the service answers 503', () => {
  it('is asked again, and the later answer goes to the client', async () => {
    const url = `/api/stories/flaky?run=${Date.now()}`;
    const response = await gateway.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ErrorCode: '53', tries: 3 });
  });

  it('is asked at most 1 + RETRIES_ON_503 times, then the service’s own 503 goes to the client', async () => {
    const url = `/api/stories/always503?run=${Date.now()}`;
    const response = await gateway.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ ErrorCode: '53', tries: 1 + RETRIES_ON_503 });
    expect(seen.filter((s) => s.url === url)).toHaveLength(1 + RETRIES_ON_503);
  });

  it('other methods are never asked twice', async () => {
    const before = seen.length;
    const response = await gateway.app.inject({
      method: 'POST',
      url: '/api/admin/always503',
      headers: { authorization: `Bearer ${token({ role: 'ROLE_ADMIN' })}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(503);
    expect(seen.length).toBe(before + 1);
  });
});

describe('request targets', () => {
  it('plain targets go as spelled; others as the URL rules resolve them', () => {
    expect(upstreamTarget('/api/projects?size=12&q=%ED%95%9C')).toBe('/api/projects?size=12&q=%ED%95%9C');
    expect(upstreamTarget('/api/stories/a.b/c.json?x=y.z')).toBe('/api/stories/a.b/c.json?x=y.z');
    expect(upstreamTarget('/api/stories/./x')).toBe('/api/stories/x');
    expect(upstreamTarget('/api/stories/echo?')).toBe('/api/stories/echo?');
    expect(upstreamTarget("/api/stories/x?q='a b'")).toBe('/api/stories/x?q=%27a%20b%27');
    expect(upstreamTarget('/api/stories/x\\y')).toBe('/api/stories/x/y');
    expect(() => normalisedTarget('/api/stories/x\\..\\..\\admin')).toThrow();
    expect(() => upstreamTarget('/api/stories/%2E%2E/admin')).toThrow();
  });
});
