import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CONSUMER_MESSAGES } from '@sq/contracts';
import { readWebhookConfig } from '../src/config/webhooks';
import { addressAllowed, endpointProblem, guardedLookup } from '../src/webhooks/endpoint-address';

/** Where webhooks may go: https to public addresses; loopback (http too) only with WEBHOOK_ALLOW_LOOPBACK_HTTP. */
describe('webhook endpoints', () => {
  it('are https to a public address, http only to loopback where allowed', () => {
    expect(endpointProblem('https://hooks.example.com/sq', false)).toBeNull();
    expect(endpointProblem('https://203.0.113.9:8443/sq', false)).toBeNull();
    expect(endpointProblem('http://127.0.0.1:4000/hooks', true)).toBeNull();
    expect(endpointProblem('http://localhost:4000/hooks', true)).toBeNull();
    expect(endpointProblem('http://[::1]:4000/hooks', true)).toBeNull();
    for (const url of [
      'http://hooks.example.com/sq',
      'http://127.0.0.1:4000/hooks',
      'ftp://hooks.example.com/',
      'https://u:p@hooks.example.com/',
      'not a url',
    ]) {
      expect(endpointProblem(url, url.includes('127.0.0.1') ? false : true), url).toBe(
        CONSUMER_MESSAGES.webhookUrlInvalid,
      );
    }
    for (const url of [
      'https://10.0.0.8/x',
      'https://169.254.169.254/latest/meta-data',
      'https://192.168.0.1/',
      'https://[fd00::1]/',
      'https://[::ffff:10.0.0.1]/',
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://0.0.0.0/',
    ]) {
      expect(endpointProblem(url, false), url).toBe(CONSUMER_MESSAGES.webhookUrlInternal);
    }
    expect(addressAllowed('8.8.8.8', false)).toBe(true);
    expect(addressAllowed('172.20.1.1', true)).toBe(false);
  });

  it('are refused at connection time when their name resolves to an internal address', async () => {
    const server = http.createServer((_request, response) => response.end('reached'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const get = (allowLoopback: boolean) =>
      new Promise<string>((resolve, reject) => {
        http
          .get({ host: 'localhost', port, family: 4, lookup: guardedLookup(allowLoopback) }, (response) => {
            let text = '';
            response.on('data', (c) => {
              text += c;
            });
            response.on('end', () => resolve(text));
          })
          .on('error', reject);
      });
    try {
      await expect(get(false)).rejects.toThrow('localhost: 내부 주소로는 보낼 수 없습니다');
      expect(await get(true)).toBe('reached');
    } finally {
      server.close();
    }
  });

  it('allow loopback only outside production; by default retries span about a day', () => {
    expect(() => readWebhookConfig({ NODE_ENV: 'production', WEBHOOK_ALLOW_LOOPBACK_HTTP: 'true' })).toThrow(
      'WEBHOOK_ALLOW_LOOPBACK_HTTP',
    );
    expect(readWebhookConfig({ NODE_ENV: 'production' }).allowLoopbackHttp).toBe(false);
    const defaults = readWebhookConfig({});
    expect(defaults.allowLoopbackHttp).toBe(false);
    const hours = defaults.retryScheduleSeconds.reduce((sum, s) => sum + s, 0) / 3600;
    expect(hours).toBeGreaterThan(24);
    expect(hours).toBeLessThan(30);
    expect(readWebhookConfig({ WEBHOOK_RETRY_SCHEDULE_SECONDS: '1, 2,x,-3' }).retryScheduleSeconds).toEqual([1, 2]);
  });
});
