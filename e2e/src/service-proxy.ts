import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { watchEndpoints, type EndpointTarget, type EndpointTiming } from './endpoints';

/**
 * A Service's virtual address as kube-proxy makes it (iptables mode), on loopback: a TCP balancer, not an HTTP
 * one. Each new connection goes to an endpoint picked at random among those it currently lists and stays with
 * it for its whole life (conntrack), whatever the endpoint list does afterwards; the client's keep-alive
 * connections are carried through untouched. It never retries: a connection to an endpoint that refuses it is
 * reset, one whose endpoint resets or closes it is reset or closed towards the client, and with no endpoint
 * listed new connections are refused. The endpoint list follows the readiness probes on its own schedule
 * (endpoints.ts).
 */
export interface ServiceProxy {
  url: string;
  /** Connections each endpoint was given, by its URL. */
  served: Map<string, number>;
  close(): Promise<void>;
}

export async function startServiceProxy(targets: EndpointTarget[], timing?: EndpointTiming): Promise<ServiceProxy> {
  const endpoints = await watchEndpoints(targets, timing);
  const served = new Map<string, number>(targets.map((t) => [t.url, 0]));
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    const listed = endpoints.ready();
    if (listed.length === 0) {
      client.resetAndDestroy();
      return;
    }
    const target = new URL(listed[Math.floor(Math.random() * listed.length)]!);
    served.set(target.origin, (served.get(target.origin) ?? 0) + 1);
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    // A refused or reset endpoint resets the client's connection: no second endpoint is tried.
    upstream.on('error', () => {
      if (!client.destroyed) client.resetAndDestroy();
    });
    client.on('error', () => upstream.destroy());
    // Each side's end (FIN) is passed on to the other, as the kernel's NAT does.
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () => new Promise((resolve) => {
      endpoints.stop();
      sockets.forEach((socket) => socket.destroy());
      server.close(() => resolve());
    }),
  };
}
