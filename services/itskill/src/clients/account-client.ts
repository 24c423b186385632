import fp from 'fastify-plugin';
import { z } from 'zod';
import { INTERNAL_SECRET_HEADER } from '@sq/contracts';

const contactsAnswer = z.object({ contacts: z.array(z.object({ userId: z.number(), email: z.string(), userName: z.string() })) });
export type MemberContact = z.infer<typeof contactsAnswer>['contacts'][number];

/** The account service over its internal API (never through the gateway): who to mail, and where. */
export function createAccountClient(options: { baseUrl: string; internalSecret: string; timeoutMs: number }) {
  return {
    /** Active members among `userIds` with their receiving e-mail; withdrawn members are left out. Throws when account is unreachable. */
    async contacts(userIds: number[]): Promise<MemberContact[]> {
      if (userIds.length === 0) return [];
      const response = await fetch(`${options.baseUrl}/internal/users/contacts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', [INTERNAL_SECRET_HEADER]: options.internalSecret },
        body: JSON.stringify({ userIds }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (response.status !== 200) throw new Error(`account answered ${response.status}`);
      return contactsAnswer.parse(await response.json()).contacts;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    accountClient: ReturnType<typeof createAccountClient>;
  }
}

export default fp(async (app) => {
  app.decorate('accountClient', createAccountClient({ baseUrl: app.itskillConfig.accountUrl, internalSecret: app.internalSecret, timeoutMs: app.itskillConfig.accountTimeoutMs }));
}, { name: 'account-client', dependencies: ['itskill-config'] });
