import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small round-robin HTTP balancer on loopback, standing in for the ingress in front of several pods, with
 * nginx's default `proxy_next_upstream error`: each request goes to the next upstream; one whose connection is
 * refused (a pod stopped or not yet listening) goes to the next upstream, and so does an idempotent request
 * whose connection broke before any answer (a connection the stopping instance had accepted but not yet
 * read); a non-idempotent request that may have reached an upstream is never sent twice. No keep-alive
 * towards upstreams, so a draining instance is left the moment it closes its listener.
 */
export interface RoundRobin {
  url: string;
  /** Requests each upstream answered, by its URL. */
  served: Map<string, number>;
  close(): Promise<void>;
}

const REFUSED = new Set(['ECONNREFUSED']);
const BROKEN = new Set(['ECONNRESET', 'EPIPE']);
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

export async function startRoundRobin(upstreams: string[], options: { port?: number } = {}): Promise<RoundRobin> {
  let next = 0;
  const served = new Map<string, number>(upstreams.map((u) => [u, 0]));
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const first = next++ % upstreams.length;
      const attempt = (tried: number) => {
        const target = new URL(upstreams[(first + tried) % upstreams.length]!);
        const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
        const outgoing = http.request(
          { host: target.hostname, port: target.port, method: request.method, path: request.url, agent: false, headers: { ...request.headers, 'x-forwarded-for': forwardedFor, connection: 'close' } },
          (answer) => {
            served.set(target.origin, (served.get(target.origin) ?? 0) + 1);
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
          },
        );
        outgoing.on('error', (error: NodeJS.ErrnoException) => {
          const retry = REFUSED.has(error.code ?? '') || (BROKEN.has(error.code ?? '') && !response.headersSent && IDEMPOTENT.has(request.method ?? ''));
          if (retry && tried + 1 < upstreams.length * 3) {
            // Every upstream refusing at once (both restarting) is waited out briefly, as a balancer's retries do.
            setTimeout(() => attempt(tried + 1), tried + 1 >= upstreams.length ? 100 : 0);
            return;
          }
          if (!response.headersSent) response.writeHead(502).end(`balancer: ${error.code ?? error.message}`);
          else response.destroy();
        });
        outgoing.end(body);
      };
      attempt(0);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
