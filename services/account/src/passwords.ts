import argon2 from 'argon2';

/** argon2id with OWASP's minimum parameters (19 MiB, 2 passes). */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  // Without a hash (a social-only account) still spend the time, so timing does not reveal which it is.
  if (!hash) {
    await argon2.hash(password, OPTIONS);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
