import { BlockList, isIPv6 } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER, TRACEPARENT_HEADER, requestIdOf } from '@sq/service-kit';

/**
 * The gateway is the edge: a request's id and trace are minted here, unless the request came straight from a
 * configured trusted proxy (TRUSTED_PROXIES: addresses or CIDR ranges), whose ids are kept. A client's own
 * `x-request-id` and `traceparent` are dropped before anything reads them: it cannot fake log correlation or
 * force every trace to be recorded. Services behind keep what the gateway sends.
 */
export function edgeRequestId(trustedProxies: string[]): (raw: IncomingMessage) => string {
  const trusted = new BlockList();
  for (const entry of trustedProxies) {
    const [address, bits] = entry.split('/');
    const type = isIPv6(address!) ? 'ipv6' : 'ipv4';
    if (bits === undefined) trusted.addAddress(address!, type);
    else trusted.addSubnet(address!, Number(bits), type);
  }
  return (raw) => {
    const peer = raw.socket?.remoteAddress?.replace(/^::ffff:(?=\d+\.)/, '');
    const fromProxy = peer !== undefined && trusted.check(peer, isIPv6(peer) ? 'ipv6' : 'ipv4');
    if (!fromProxy) {
      delete raw.headers[REQUEST_ID_HEADER];
      delete raw.headers[TRACEPARENT_HEADER];
    }
    return requestIdOf(raw);
  };
}
