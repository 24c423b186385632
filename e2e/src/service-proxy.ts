import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { watchEndpoints, type Endpoints, type EndpointTiming, type Pod } from './endpoints';

/**
 * A Service's virtual address as kube-proxy makes it (iptables mode), on loopback: a TCP balancer, not an HTTP
 * one. Each new connection goes to an endpoint picked at random among those listed now (endpoints.ts) and stays
 * with it for its whole life (conntrack), whatever the endpoint list does afterwards; the clients' keep-alive
 * connections are carried through untouched, each side's end (FIN) passed on as the kernel's NAT does. It
 * never retries: a connection whose endpoint refuses it is reset, one whose endpoint resets it is reset, and
 * with no endpoint listed a new connection is reset at once.
 */
export interface ServiceProxy {
  url: string;
  endpoints: Endpoints;
  /** Connections each endpoint was given, by its URL. */
  served: Map<string, number>;
  close(): Promise<void>;
}

export async function startServiceProxy(pods: Pod[], timing?: EndpointTiming): Promise<ServiceProxy> {
  const endpoints = await watchEndpoints(pods, timing);
  const served = new Map<string, number>(pods.map((pod) => [pod.url, 0]));
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    track(client);
    const listed = endpoints.listed();
    if (listed.length === 0) {
      client.resetAndDestroy();
      return;
    }
    const target = new URL(listed[Math.floor(Math.random() * listed.length)]!);
    served.set(target.origin, (served.get(target.origin) ?? 0) + 1);
    const upstream = net.connect({ port: Number(target.port), host: target.hostname, allowHalfOpen: true });
    track(upstream);
    // A refused or reset endpoint resets the client's connection, and the other way round.
    upstream.on('error', () => {
      if (!client.destroyed) client.resetAndDestroy();
    });
    client.on('error', () => {
      if (!upstream.destroyed) upstream.resetAndDestroy();
    });
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    endpoints,
    served,
    close: () =>
      new Promise((resolve) => {
        endpoints.stop();
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}
