import { createInternalClient } from '@sq/service-kit';

/** The account service's `POST /internal/users/contacts`: where to mail a member (withdrawn members are left out). */
export function createAccountContacts(options: { accountUrl: string; internalSecret: string; timeoutMs: number }) {
  const account = createInternalClient({
    peer: 'account',
    baseUrl: options.accountUrl,
    internalSecret: options.internalSecret,
    timeoutMs: options.timeoutMs,
  });
  return {
    /** The member's e-mail, or null when they are not an active member; throws when account does not answer (the job retries). */
    async emailOf(userId: number): Promise<string | null> {
      // A read that needs a body: safe to repeat.
      const { status, json } = await account.call({
        method: 'POST',
        path: '/internal/users/contacts',
        body: { userIds: [userId] },
        idempotent: true,
      });
      if (status !== 200) throw new Error(`account answered ${status} to a contacts lookup`);
      const found = (json as { contacts?: { userId: number; email: string }[] }).contacts?.find(
        (c) => c.userId === userId,
      );
      return found?.email ?? null;
    },
  };
}

export type AccountContacts = ReturnType<typeof createAccountContacts>;
