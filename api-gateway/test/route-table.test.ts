import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@sq/contracts';
import { ROUTE_TABLE } from '../src/route-table';
import { setUpGateway, token } from './helpers';

const site = setUpGateway();

const cases = ROUTE_TABLE.flatMap((rule) =>
  rule.methods.map((method) => [method, rule.path.replace('*', 'sample/1'), rule] as const),
);

describe('route table', () => {
  it.each(cases)('%s %s reaches its service', async (method, url, rule) => {
    const response = await site.gateway.app.inject({
      method,
      url: `${url}?q=1`,
      headers: { authorization: `Bearer ${token({ role: 'ROLE_ADMIN' })}` },
      ...(method === 'GET' ? {} : { payload: { probe: true } }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ErrorCode: '00', service: rule.service, url: `${url}?q=1` });
  });

  it.each(ROUTE_TABLE.filter((rule) => rule.access !== 'public'))('$path refuses visitors', async (rule) => {
    const response = await site.gateway.app.inject({ method: rule.methods[0]!, url: rule.path.replace('*', 'x') });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['GET', '/api/admin/money/runs'],
    ['POST', '/api/admin/money/runs'],
    ['GET', '/api/admin/money/exceptions'],
    ['POST', '/api/admin/money/exceptions/7/retry'],
    ['POST', '/api/admin/money/exceptions/7/book'],
    ['POST', '/api/admin/money/exceptions/7/close'],
  ] as const)('%s %s (money operations) reaches programs for operators only', async (method, url) => {
    const as = (role: 'ROLE_ADMIN' | 'ROLE_USER') => ({
      method,
      url,
      headers: { authorization: `Bearer ${token({ role })}` },
      ...(method === 'GET' ? {} : { payload: {} }),
    });
    const operator = await site.gateway.app.inject(as('ROLE_ADMIN'));
    expect(operator.json()).toEqual({ ErrorCode: '00', service: 'programs', url });
    expect((await site.gateway.app.inject(as('ROLE_USER'))).statusCode).toBe(403);
  });

  it('answers a service that is down with a Korean 503, not a hang', async () => {
    await site.upstreams.stop('itskill');
    const started = Date.now();
    const response = await site.gateway.app.inject({ method: 'GET', url: '/api/itskill/checkup' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ ErrorCode: '53', message: MESSAGES.serviceUnavailable });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
