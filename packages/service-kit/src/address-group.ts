import { isIPv4, isIPv6 } from 'node:net';

/**
 * The unit every per-address limit counts (the gateway's request and RUM limits, sign-in lockouts, the
 * find-e-mail limit): an IPv4 address as is, an IPv6 address by its /64 (one subscriber's network: a single
 * host can use any of its 2^64 addresses, so counting them one by one limits nothing). An IPv4-mapped IPv6
 * address counts as its IPv4 address.
 */
export function addressGroup(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  // An embedded IPv4 tail is in the low 64 bits, which the group drops anyway.
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
