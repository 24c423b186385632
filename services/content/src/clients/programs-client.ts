import fp from 'fastify-plugin';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { ProductSummary, ProgramRefundRulesResponse } from '@sq/contracts';
import { createInternalClient, type InternalCallConfig } from '@sq/service-kit';

/**
 * The programs service over its internal URL (never through the gateway). Every call answers null when the
 * service is down, slow or answers something unexpected, so the pages that embed programs data degrade to
 * a Korean notice instead of failing.
 */
export interface ProgramsClient {
  products(): Promise<ProductSummary[] | null>;
  refundRules(productId: number): Promise<ProgramRefundRulesResponse | null>;
}

const refundCase = z.enum(['INDIVIDUAL', 'TEAM_STOP', 'COMPANY_ENDED', 'LEFT_AFTER_INVITE', 'REWARD']);
const refundRulesBody = z.looseObject({
  ErrorCode: z.literal('00'),
  product: z.looseObject({
    productId: z.number().int(),
    slug: z.string(),
    name: z.string(),
    kind: z.string(),
    feeKrw: z.number().int().nonnegative(),
    eligibility: z.string(),
    teamMakeup: z
      .looseObject({
        minSize: z.number().int(),
        maxSize: z.number().int(),
        roles: z.object({
          planner: z.number().int().nullable(),
          designer: z.number().int().nullable(),
          developer: z.number().int().nullable(),
        }),
        maxFriends: z.number().int(),
      })
      .nullable(),
  }),
  refundRules: z.array(
    z.looseObject({
      case: refundCase,
      phase: z.string(),
      refundPercent: z.number(),
      refundRatio: z.object({ numerator: z.number().int().nonnegative(), denominator: z.number().int().positive() }),
      refundAmountKrw: z.number().int().positive().nullable(),
      condition: z.string().nullable(),
    }),
  ),
  cohort: z
    .looseObject({
      oddId: z.number().int(),
      name: z.string(),
      status: z.string(),
      statusName: z.string(),
      refundSchedule: z.array(
        z.looseObject({ case: refundCase, phase: z.string(), refundPercent: z.number(), until: z.string().nullable() }),
      ),
    })
    .nullable(),
});

const cohortShape = z.looseObject({
  oddId: z.number().int(),
  name: z.string(),
  status: z.string(),
  statusName: z.string(),
  recruiting: z.boolean(),
});
const productsBody = z.looseObject({
  ErrorCode: z.literal('00'),
  products: z.array(
    z.looseObject({
      productId: z.number().int(),
      slug: z.string(),
      name: z.string(),
      recruiting: z.boolean(),
      feeKrw: z.number(),
      cohorts: z.array(cohortShape),
    }),
  ),
});

export interface ProgramsClientOptions {
  baseUrl: string;
  internalSecret: string;
  timeoutMs: number;
  retry?: InternalCallConfig;
  log: FastifyBaseLogger;
}

export function createProgramsClient({ log, ...options }: ProgramsClientOptions): ProgramsClient {
  const programs = createInternalClient({ peer: 'programs', ...options });
  async function getJson<T>(path: string, schema: z.ZodType<T>): Promise<T | null> {
    try {
      const { status, json } = await programs.call({ path });
      if (status < 200 || status > 299) {
        log.warn({ path, status }, 'programs service answered with an error');
        return null;
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        log.warn({ path }, 'programs service answered an unexpected shape');
        return null;
      }
      return parsed.data;
    } catch (error) {
      log.warn({ path, err: error }, 'programs service unreachable');
      return null;
    }
  }

  return {
    async products() {
      const body = await getJson('/api/products', productsBody);
      return body ? (body.products as unknown as ProductSummary[]) : null;
    },
    async refundRules(productId) {
      if (!Number.isSafeInteger(productId) || productId <= 0) return null;
      const body = await getJson(`/internal/products/${productId}/refund-rules`, refundRulesBody);
      return body ? (body as unknown as ProgramRefundRulesResponse) : null;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    programsClient: ProgramsClient;
  }
}

export default fp(
  async (app) => {
    const config = app.contentConfig;
    app.decorate(
      'programsClient',
      createProgramsClient({
        baseUrl: config.programsUrl,
        internalSecret: app.internalSecret,
        timeoutMs: config.programsTimeoutMs,
        retry: config.internalCalls,
        log: app.log,
      }),
    );
  },
  { name: 'programs-client', dependencies: ['identity', 'content-config'] },
);
