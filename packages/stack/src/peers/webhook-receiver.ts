import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  /** The body byte for byte as text: what the signature covers. */
  body: string;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:<port>/hooks */
  url: string;
  received: ReceivedWebhook[];
  /** The answers to give, in order (status and body); once used up, `fallback` is given. */
  answer(...answers: { status: number; body?: string }[]): void;
  setFallback(status: number, body?: string): void;
  close(): Promise<void>;
}

/**
 * A consumer's endpoint on loopback, for tests of webhooks out: it keeps every request it gets (headers and raw body)
 * and answers what the test scripts (a failing receiver, then a healthy one).
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let queued: { status: number; body?: string }[] = [];
  let fallback = { status: 200, body: 'ok' };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const next = queued.shift() ?? fallback;
      response.writeHead(next.status, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(next.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    answer(...answers) {
      queued = [...queued, ...answers];
    },
    setFallback(status, body = '') {
      fallback = { status, body };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
