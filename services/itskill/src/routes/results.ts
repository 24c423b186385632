import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MESSAGES, ok, type SharedCheckupResultResponse } from '@sq/contracts';
import { notFound } from '@sq/service-kit';

const params = z.object({ shareKey: z.uuid(MESSAGES.badRequest) });

/** The public, shareable result page reads this (and the gateway's link preview). */
const resultRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: z.infer<typeof params> }>(
    '/api/itskill/results/:shareKey',
    { schema: { tags: ['itskill'], summary: '공유된 IT 스킬 체크업 결과', params } },
    async (request): Promise<SharedCheckupResultResponse> => {
      const result = await app.resultRepository.findShared(request.params.shareKey);
      if (!result) throw notFound();
      return ok({ result });
    },
  );
};

export default resultRoutes;
