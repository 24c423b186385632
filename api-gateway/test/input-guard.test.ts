import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@sq/contracts';
import { DEFAULT_INPUT_LIMITS } from '../src/config';
import { jsonDepthExceeds } from '../src/plugins/input-guard';
import { setUpGateway, token } from './helpers';

const site = setUpGateway();

const envelope = { ErrorCode: '40', message: MESSAGES.badRequest };
const member = { authorization: `Bearer ${token()}` };
const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('malformed percent-encoding', () => {
  it.each([
    '/api/project/getLeftMenuByProductId?productId=%E0%A4%A',
    '/api/project/getLeftMenuByProductId?productId=%zz',
    '/api/projects/%E0%A4%A',
    '/api/stories/%ff',
  ])('%s is a Korean 400 and never reaches the service', async (url) => {
    const before = site.upstreams.received.length;
    const response = await site.gateway.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(envelope);
    expect(site.upstreams.received.length).toBe(before);
  });

  it('well-formed encodings (UTF-8, reserved characters) still pass through', async () => {
    const url = '/api/project/getLeftMenuByProductId?productId=%EC%82%AC%EC%9D%B4%EB%93%9C&x=a%2Bb';
    const response = await site.gateway.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toBe(url);
  });
});

describe('JSON bodies', () => {
  it.each([
    ['objects', nested(5_000)],
    ['arrays', `${'['.repeat(5_000)}${']'.repeat(5_000)}`],
  ])('5,000 levels of %s are refused with 400 before the service sees them', async (_kind, payload) => {
    const before = site.upstreams.received.length;
    const response = await site.gateway.app.inject({
      method: 'POST',
      url: '/api/updateUser',
      headers: { ...member, 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(envelope);
    expect(site.upstreams.received.length).toBe(before);
  });

  it('nesting up to the limit is forwarded; one level more is not', async () => {
    const at = await site.gateway.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers: { 'content-type': 'application/json' },
      payload: nested(DEFAULT_INPUT_LIMITS.jsonMaxDepth),
    });
    expect(at.statusCode).toBe(200);
    const over = await site.gateway.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers: { 'content-type': 'application/json' },
      payload: nested(DEFAULT_INPUT_LIMITS.jsonMaxDepth + 1),
    });
    expect(over.statusCode).toBe(400);
  });

  it('brackets inside strings do not count as nesting', () => {
    expect(jsonDepthExceeds(JSON.stringify({ text: '[[[[{{{{"\\' }), 2)).toBe(false);
    expect(jsonDepthExceeds('[[["]"]]]', 2)).toBe(true);
  });

  it('a body over the size limit is refused with 413 and the envelope', async () => {
    const payload = JSON.stringify({ text: 'a'.repeat(DEFAULT_INPUT_LIMITS.jsonBodyMaxBytes) });
    const response = await site.gateway.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(envelope);
  });

  it('prototype poisoning is still refused', async () => {
    const response = await site.gateway.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"admin":true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(envelope);
  });
});
