import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, startUpstreams } from './helpers';

/**
 * PG webhooks are signed over the raw body (Standard Webhooks): the gateway must hand the programs service
 * the very bytes the PG sent, not a re-serialised JSON body.
 */
let upstreams: Awaited<ReturnType<typeof startUpstreams>>;
let gateway: Awaited<ReturnType<typeof startGateway>>;
const bodies: { body: string; headers: Record<string, unknown> }[] = [];
const programs = Fastify();
beforeAll(async () => {
  programs.removeAllContentTypeParsers();
  programs.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  programs.post('/api/payments/webhook', async (request) => {
    bodies.push({ body: request.body as string, headers: request.headers });
    return { ErrorCode: '00', received: true };
  });
  upstreams = await startUpstreams();
  gateway = await startGateway({ ...upstreams.urls, programs: await programs.listen({ port: 0, host: '127.0.0.1' }) });
});
afterAll(async () => {
  await gateway?.close();
  await upstreams?.stop();
  await programs.close();
});

describe('signed webhook bodies through the gateway', () => {
  it('forwards the webhook body byte for byte, with its signature headers, without a token', async () => {
    const raw = '{ "type" : "Transaction.Paid",\n  "data": {"amount": 1.0, "note": "\\u00e9\\ud55c"} }';
    const response = await gateway.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'msg_1',
        'webhook-timestamp': '1',
        'webhook-signature': 'v1,abc',
      },
      payload: raw,
    });
    expect(response.statusCode).toBe(200);
    expect(bodies.at(-1)?.body).toBe(raw);
    expect(bodies.at(-1)?.headers).toMatchObject({
      'webhook-id': 'msg_1',
      'webhook-timestamp': '1',
      'webhook-signature': 'v1,abc',
    });
  });

  it('still refuses an oversized body', async () => {
    const response = await gateway.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: 'x'.repeat(300 * 1024),
    });
    expect(response.statusCode).toBe(413);
  });
});
