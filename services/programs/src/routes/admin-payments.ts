import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MESSAGES, ok } from '@sq/contracts';
import type { PaymentRecordsResponse } from '@sq/contracts/api/operators/payments';
import { idParam, notFound, requireAdmin } from '@sq/service-kit';
import type { PeopleClient } from '../clients/people-client';

const oddParams = z.object({ oddId: idParam });

/**
 * Operators' payment records of a cohort (GET only: nothing here moves money). A withdrawn member's records
 * stay; only the name, which the account service no longer gives for them, is missing then.
 */
const adminPaymentRoutes: FastifyPluginAsync<{ people: PeopleClient }> = async (app, { people }) => {
  app.get<{ Params: z.infer<typeof oddParams> }>(
    '/api/admin/cohorts/:oddId/payments',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '운영: 기수 결제 기록 (예약, 결제, 환불; 취소·탈퇴 회원 포함)',
        params: oddParams,
      },
    },
    async (request): Promise<PaymentRecordsResponse & { ErrorCode: '00' }> => {
      if (!(await app.cohortRepository.exists(request.params.oddId))) throw notFound(MESSAGES.adminCohortNotFound);
      const records = await app.paymentRecordRepository.ofCohort(request.params.oddId);
      const names = records.length ? await people.lookup(records.map((r) => r.userId)) : null;
      return ok({
        payments: records.map(({ joinId, userId, ...record }) => ({
          joinId,
          userId,
          name: names?.get(userId)?.name ?? null,
          ...record,
        })),
      });
    },
  );
};

export default adminPaymentRoutes;
