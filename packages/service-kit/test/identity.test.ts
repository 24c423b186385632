import { describe, expect, it } from 'vitest';
import { readClient, readIdentity, signClient, signIdentity } from '../src/identity';

const SECRET = 'test-internal-secret-of-enough-length';

describe('signed identity and client address', () => {
  it('reads what was signed with the secret, as often as asked (signatures are remembered), and nothing else', () => {
    const identity = { userId: 7, role: 'ROLE_USER' as const, sid: 'sid-1' };
    const signed = signIdentity(identity, SECRET);
    expect(readIdentity(signed.header, signed.signature, SECRET)).toEqual(identity);
    expect(readIdentity(signed.header, signed.signature, SECRET)).toEqual(identity);
    expect(readIdentity(signed.header, signed.signature, `${SECRET}x`)).toBeNull();
    expect(readIdentity(signIdentity({ ...identity, userId: 8 }, SECRET).header, signed.signature, SECRET)).toBeNull();

    const client = signClient('192.0.2.7', SECRET);
    expect(readClient(client.header, client.signature, SECRET)).toBe('192.0.2.7');
    // The client signature cannot pass for an identity one, nor the other way round.
    expect(readIdentity(client.header, client.signature, SECRET)).toBeNull();
    expect(readClient(signed.header, signed.signature, SECRET)).toBeNull();
  });

  it('refuses an identity header longer than any the gateway signs, even signed', () => {
    const long = signIdentity({ userId: 7, role: 'ROLE_USER', sid: 'x'.repeat(1_000) }, SECRET);
    expect(long.header.length).toBeGreaterThan(1024);
    expect(readIdentity(long.header, long.signature, SECRET)).toBeNull();
  });
});
