import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { CONSUMER_MESSAGES } from '@sq/contracts';

/**
 * Where a webhook may be sent: the endpoint is a member's address, but the request leaves from inside the site's
 * network, so an address inside it (the services, the database, the cloud's metadata endpoint) is refused whatever
 * name points at it. Loopback is allowed only with WEBHOOK_ALLOW_LOOPBACK_HTTP (local development and tests).
 */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv6');
}
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether a request may go to this IP address. */
export function addressAllowed(address: string, allowLoopback: boolean): boolean {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (LOOPBACK.check(address, family)) return allowLoopback;
  // An IPv4-mapped IPv6 address is judged as the IPv4 address it is.
  const mapped = family === 'ipv6' ? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] : undefined;
  if (mapped) return addressAllowed(mapped, allowLoopback);
  return !INTERNAL.check(address, family);
}

/** The host of a URL as an IP address when it is one (brackets of IPv6 removed), else null. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
}

export class InternalAddressError extends Error {
  readonly code = 'EWEBHOOKADDRESS';
  constructor(host: string) {
    super(`${host}: 내부 주소로는 보낼 수 없습니다`);
  }
}

/**
 * DNS lookup for the delivery's connection that refuses a name resolving to an internal address: judged on the
 * addresses the connection will use, so a name that changes its answer after the subscription was made gains nothing.
 */
export function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      const refused = list.find((a) => !addressAllowed(a.address, allowLoopback));
      if (refused || !list.length) return callback(new InternalAddressError(hostname), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** https only; http only to loopback and only where WEBHOOK_ALLOW_LOOPBACK_HTTP allows (local development, tests). */
export function endpointProblem(raw: string, allowLoopbackHttp: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return CONSUMER_MESSAGES.webhookUrlInvalid;
  }
  if (url.username || url.password || !['https:', 'http:'].includes(url.protocol))
    return CONSUMER_MESSAGES.webhookUrlInvalid;
  const literal = literalAddress(url.hostname);
  const loopback =
    url.hostname === 'localhost' ||
    (literal !== null && addressAllowed(literal, true) && !addressAllowed(literal, false));
  if (url.protocol === 'http:' && !(loopback && allowLoopbackHttp)) return CONSUMER_MESSAGES.webhookUrlInvalid;
  // A name is judged again on each delivery's own lookup (endpoint-address.ts); an address or localhost at once.
  if ((loopback && !allowLoopbackHttp) || (literal !== null && !addressAllowed(literal, allowLoopbackHttp)))
    return CONSUMER_MESSAGES.webhookUrlInternal;
  return null;
}
