import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/**
 * A real HTTP server on a free loopback port for the client tests. It answers CORS like the production
 * gateway must (the page origin differs from the API host), including exposing the `authorization` header.
 */
export async function startTestServer(routes: Record<string, Handler>) {
  const seen: { method: string; url: string; authorization: string | undefined; body: string }[] = [];
  const server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Allow-Headers', 'authorization, content-type, accept');
    res.setHeader('Access-Control-Expose-Headers', 'authorization');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body });
      const path = (req.url ?? '').split('?')[0] ?? '';
      const handler = routes[path];
      if (!handler) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('no route');
        return;
      }
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/api`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
}

/**
 * A token shaped like the gateway's (ES256 header, sub and sid) with the given claims, and a fake signature:
 * the browser never verifies signatures.
 */
export function makeToken(claims: Record<string, unknown>): string {
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${enc({ alg: 'ES256', typ: 'JWT' })}.${enc({ sub: '1', sid: 'test-session', ...claims })}.c2lnbmF0dXJl`;
}
