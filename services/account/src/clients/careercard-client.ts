import fp from 'fastify-plugin';
import { z } from 'zod';
import { MESSAGES } from '@sq/contracts';
import {
  ApiError,
  badRequest,
  conflict,
  createInternalClient,
  type InternalCallConfig,
  type InternalMethod,
} from '@sq/service-kit';

/**
 * The careercard service over its internal API (never through the gateway). It owns career card IDs: the
 * sign-up saga creates the card here and deletes it again (compensation) if the account cannot be kept.
 */
const profileAnswer = z.looseObject({
  ErrorCode: z.literal('00'),
  profile: z.looseObject({
    profileId: z.string(),
    jobGroupName: z.string().nullable(),
    positionName: z.string().nullable(),
    yearCodeName: z.string().nullable(),
  }),
  created: z.boolean(),
});
export type CareerCardNames = z.infer<typeof profileAnswer>['profile'];

/** The call may or may not have reached careercard (network error, time-out, 5xx): compensate to be sure. */
export class CareercardUnavailable extends ApiError {
  constructor() {
    super(503, MESSAGES.serviceUnavailable);
  }
}

export interface CreateCard {
  profileId: string;
  userId: number;
  /** The member's name, shown on the public card next to the nickname. */
  userName: string;
  userAlias: string;
  jobGroupCode: string;
  positionCode: string | null;
  yearCode: string;
}

export function createCareercardClient(options: {
  baseUrl: string;
  internalSecret: string;
  timeoutMs: number;
  retry?: InternalCallConfig;
  log: { warn(obj: object, msg: string): void };
}) {
  const careercard = createInternalClient({ peer: 'careercard', ...options });
  /** A call with an idempotency key is careercard's to deduplicate: safe to repeat. */
  async function call(
    method: InternalMethod,
    path: string,
    body?: unknown,
    key?: string,
  ): Promise<{ status: number; json: unknown }> {
    try {
      return await careercard.call({
        method,
        path,
        body,
        headers: key ? { 'idempotency-key': key } : undefined,
        idempotent: key !== undefined,
      });
    } catch (error) {
      options.log.warn({ err: error, path }, 'careercard unreachable');
      throw new CareercardUnavailable();
    }
  }

  /** Turns careercard's refusals into the sign-up's own answers; anything unexpected is "unavailable". */
  function refuse(status: number, json: unknown): never {
    const message = (json as { message?: unknown } | null)?.message;
    const fields = (json as { fields?: Record<string, string> } | null)?.fields;
    if (status === 409)
      throw conflict(MESSAGES.careerCardIdDuplicate, { careerCardId: MESSAGES.careerCardIdDuplicate });
    if (
      status === 400 &&
      typeof message === 'string' &&
      fields &&
      Object.keys(fields).some((f) => ['jobGroup', 'position', 'careerYears', 'imgId'].includes(f))
    ) {
      throw badRequest(message, fields);
    }
    options.log.warn({ status }, 'careercard refused');
    throw new CareercardUnavailable();
  }

  function names(status: number, json: unknown): CareerCardNames {
    if (status !== 200 && status !== 201) refuse(status, json);
    const parsed = profileAnswer.safeParse(json);
    if (!parsed.success) throw new CareercardUnavailable();
    return parsed.data.profile;
  }

  return {
    async create(card: CreateCard, key: string): Promise<CareerCardNames> {
      const { status, json } = await call('POST', '/internal/profiles', card, key);
      return names(status, json);
    },
    /** Compensation: deletes the card only if this key created it. Never throws. */
    async remove(profileId: string, key: string): Promise<boolean> {
      try {
        const { status, json } = await call(
          'DELETE',
          `/internal/profiles/${encodeURIComponent(profileId)}`,
          undefined,
          key,
        );
        return status === 200 && (json as { deleted?: boolean }).deleted === true;
      } catch {
        return false;
      }
    },
    /** `imgId`: an upload of the card's own member (careercard checks the owner); null takes the picture off. */
    async update(
      profileId: string,
      changes: {
        intro?: string;
        jobGroupCode?: string;
        positionCode?: string | null;
        yearCode?: string;
        userName?: string;
        userAlias?: string;
        imgId?: string | null;
      },
    ): Promise<CareerCardNames> {
      const { status, json } = await call('PATCH', `/internal/profiles/${encodeURIComponent(profileId)}`, changes);
      return names(status, json);
    },
    async retire(profileId: string): Promise<void> {
      const { status } = await call('POST', `/internal/profiles/${encodeURIComponent(profileId)}/retire`, {});
      if (status !== 200) throw new CareercardUnavailable();
    },
    async exists(profileId: string): Promise<boolean> {
      const { status, json } = await call('GET', `/internal/profiles/${encodeURIComponent(profileId)}/exists`);
      if (status !== 200) throw new CareercardUnavailable();
      return (json as { exists?: boolean }).exists === true;
    },
  };
}

export type CareercardClient = ReturnType<typeof createCareercardClient>;

declare module 'fastify' {
  interface FastifyInstance {
    careercard: CareercardClient;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'careercard',
      createCareercardClient({
        baseUrl: app.accountConfig.careercardUrl,
        internalSecret: app.internalSecret,
        timeoutMs: app.accountConfig.careercardTimeoutMs,
        retry: app.accountConfig.internalCalls,
        log: app.log,
      }),
    );
  },
  { name: 'careercard-client', dependencies: ['account-config'] },
);
