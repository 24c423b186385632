import type { FastifyPluginAsync } from 'fastify';
import { ok, type CheckupIntroResponse, type SurveyAlarmResponse } from '@sq/contracts';
import { notFound, requireMember } from '@sq/service-kit';

const checkupRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/itskill/checkup', { schema: { tags: ['itskill'], summary: 'IT 스킬 체크업 소개' } }, async (): Promise<CheckupIntroResponse> => {
    const checkup = await app.surveyRepository.openIntro();
    if (!checkup) throw notFound();
    return ok({ checkup });
  });

  app.get('/api/getIsAlarm', { preHandler: requireMember, schema: { tags: ['itskill'], summary: '체크업 알림 신청 여부' } }, async (request): Promise<SurveyAlarmResponse> =>
    ok({ isAlarm: await app.alarmRepository.isSubscribed(request.identity!.userId) }),
  );

  app.post('/api/setSurveyAlarm', { preHandler: requireMember, schema: { tags: ['itskill'], summary: '체크업 알림 신청' } }, async (request): Promise<SurveyAlarmResponse> => {
    await app.alarmRepository.subscribe(request.identity!.userId);
    return ok({ isAlarm: true });
  });
};

export default checkupRoutes;
