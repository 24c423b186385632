import fp from 'fastify-plugin';
import { MESSAGES } from '@sq/contracts';
import { ApiError, conflict, createInternalClient, type InternalCallConfig } from '@sq/service-kit';

/** What the account keeps of the card: the nickname (unique among members, the account's) and the codes. */
export interface ProfileMirror {
  useralias?: string;
  jobCode: string;
  jobGroupName: string;
  positionName: string | null;
  yearCode: string;
  careerYearsName: string;
}

/**
 * The account service over its internal API. A card's nickname is the member's nickname: only the account
 * can tell whether it is free, so POST /api/profile asks it first and changes the card only after it agreed.
 * The account also keeps the job group and career years it shows in the signed-in user.
 */
export function createAccountClient(options: {
  baseUrl: string;
  internalSecret: string;
  timeoutMs: number;
  retry?: InternalCallConfig;
  log: { warn(obj: object, msg: string): void };
}) {
  const account = createInternalClient({ peer: 'account', ...options });
  return {
    async mirrorProfile(userId: number, mirror: ProfileMirror): Promise<void> {
      let status: number;
      try {
        ({ status } = await account.call({ method: 'POST', path: `/internal/users/${userId}/profile`, body: mirror }));
      } catch (error) {
        options.log.warn({ err: error }, 'account unreachable');
        throw new ApiError(503, MESSAGES.serviceUnavailable);
      }
      if (status === 409) throw conflict(MESSAGES.nicknameDuplicate, { useralias: MESSAGES.nicknameDuplicate });
      if (status !== 200) {
        options.log.warn({ status }, 'account refused the profile mirror');
        throw new ApiError(503, MESSAGES.serviceUnavailable);
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    account: ReturnType<typeof createAccountClient>;
  }
}

export default fp(
  async (app) => {
    const config = app.careercardConfig;
    app.decorate(
      'account',
      createAccountClient({
        baseUrl: config.accountUrl,
        internalSecret: app.internalSecret,
        timeoutMs: config.accountTimeoutMs,
        retry: config.internalCalls,
        log: app.log,
      }),
    );
  },
  { name: 'account-client', dependencies: ['careercard-config'] },
);
