import fp from 'fastify-plugin';
import { z } from 'zod';
import { createInternalClient, type InternalCallConfig } from '@sq/service-kit';

const contactsAnswer = z.object({
  contacts: z.array(z.object({ userId: z.number(), email: z.string(), userName: z.string() })),
});
export type MemberContact = z.infer<typeof contactsAnswer>['contacts'][number];

/** The account service over its internal API (never through the gateway): who to mail, and where. */
export function createAccountClient(options: {
  baseUrl: string;
  internalSecret: string;
  timeoutMs: number;
  retry?: InternalCallConfig;
}) {
  const account = createInternalClient({ peer: 'account', ...options });
  return {
    /** Active members among `userIds` with their receiving e-mail; withdrawn members are left out. Throws when account is unreachable. */
    async contacts(userIds: number[]): Promise<MemberContact[]> {
      if (userIds.length === 0) return [];
      // A read that happens to need a body: safe to repeat.
      const { status, json } = await account.call({
        method: 'POST',
        path: '/internal/users/contacts',
        body: { userIds },
        idempotent: true,
      });
      if (status !== 200) throw new Error(`account answered ${status}`);
      return contactsAnswer.parse(json).contacts;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    accountClient: ReturnType<typeof createAccountClient>;
  }
}

export default fp(
  async (app) => {
    const config = app.itskillConfig;
    app.decorate(
      'accountClient',
      createAccountClient({
        baseUrl: config.accountUrl,
        internalSecret: app.internalSecret,
        timeoutMs: config.accountTimeoutMs,
        retry: config.internalCalls,
      }),
    );
  },
  { name: 'account-client', dependencies: ['itskill-config'] },
);
