import { describe, expect, it } from 'vitest';
import { addressGroup } from '../src/address-group';

describe('the address group per-address limits count', () => {
  it('is an IPv4 address as is, an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(addressGroup('203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroup('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    for (const written of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:fffe',
      '2001:DB8:1:2:0:0:0:99',
      '2001:db8:1:2::1%eth0',
    ]) {
      expect(addressGroup(written), written).toBe('2001:db8:1:2::/64');
    }
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('2001:db8:1:3::1')).not.toBe(addressGroup('2001:db8:1:2::1'));
  });
});
