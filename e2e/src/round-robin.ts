import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { watchEndpoints, type EndpointTarget, type EndpointTiming } from './endpoints';

/**
 * A small round-robin HTTP balancer on loopback, standing in for the ingress controller in front of the
 * gateway pods (ingress-nginx sends to the pods' addresses itself, not through a Service), with nginx's
 * default `proxy_next_upstream error`: each request goes to the next endpoint it lists; one whose connection is
 * refused goes to the next endpoint, and so does an idempotent request whose connection broke before any
 * answer (a kept-alive connection the stopping instance closed as the request went out); a non-idempotent
 * request that may have reached an upstream is never sent twice. Kept-alive connections towards upstreams, as
 * nginx's `keepalive`; the endpoint list follows the readiness probes on its own schedule (endpoints.ts).
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

export async function startRoundRobin(targets: EndpointTarget[], options: { port?: number; timing?: EndpointTiming } = {}): Promise<RoundRobin> {
  let next = 0;
  const endpoints = await watchEndpoints(targets, options.timing);
  const agent = new http.Agent({ keepAlive: true });
  const served = new Map<string, number>(targets.map((t) => [t.url, 0]));
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const first = next++;
      const attempt = (tried: number) => {
        // With no endpoint listed (every pod restarting) the last known ones are tried, as nginx keeps its list.
        const upstreams = endpoints.ready().length > 0 ? endpoints.ready() : targets.map((t) => t.url);
        const target = new URL(upstreams[(first + tried) % upstreams.length]!);
        const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
        const outgoing = http.request(
          { host: target.hostname, port: target.port, method: request.method, path: request.url, agent, headers: { ...request.headers, 'x-forwarded-for': forwardedFor, connection: 'keep-alive' } },
          (answer) => {
            served.set(target.origin, (served.get(target.origin) ?? 0) + 1);
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
          },
        );
        outgoing.on('error', (error: NodeJS.ErrnoException) => {
          const retry = REFUSED.has(error.code ?? '') || (BROKEN.has(error.code ?? '') && !response.headersSent && IDEMPOTENT.has(request.method ?? ''));
          if (retry && tried + 1 < targets.length * 3) {
            // Every upstream refusing at once (both restarting) is waited out briefly, as a balancer's retries do.
            setTimeout(() => attempt(tried + 1), tried + 1 >= targets.length ? 100 : 0);
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
      endpoints.stop();
      agent.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
