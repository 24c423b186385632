import fp from 'fastify-plugin';
import { INTERNAL_SECRET_HEADER, MESSAGES } from '@sq/contracts';
import { ApiError, conflict, serviceUrl } from '@sq/service-kit';

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
export function createAccountClient(options: { baseUrl: () => string; internalSecret: string; timeoutMs: number; log: { warn(obj: object, msg: string): void } }) {
  return {
    async mirrorProfile(userId: number, mirror: ProfileMirror): Promise<void> {
      let status: number;
      try {
        const response = await fetch(`${options.baseUrl()}/internal/users/${userId}/profile`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', [INTERNAL_SECRET_HEADER]: options.internalSecret },
          body: JSON.stringify(mirror),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        status = response.status;
        await response.body?.cancel();
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

/** ACCOUNT_SERVICE_URL (read on each call, so tests can start the two services in either order); ACCOUNT_TIMEOUT_MS (default 5 s). */
export default fp(async (app) => {
  app.decorate('account', createAccountClient({
    baseUrl: () => serviceUrl('account'),
    internalSecret: app.internalSecret,
    timeoutMs: Number(process.env.ACCOUNT_TIMEOUT_MS ?? 5_000),
    log: app.log,
  }));
}, { name: 'account-client' });
