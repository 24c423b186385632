import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  CAREER_BAND_OF_YEAR,
  MESSAGES,
  ok,
  type CheckupIntroResponse,
  type CheckupRunResponse,
  type SaveAnswerResponse,
  type SubmitCheckupResponse,
  type SurveyAlarmResponse,
} from '@sq/contracts';
import { idParam, notFound, requireMember } from '@sq/service-kit';

const code = (message: string) => z.string({ error: message }).regex(/^[A-Z][A-Z0-9_]{1,39}$/, message);

/** Step A: the job group picks the question bank; career years put the result in a career band. */
const baseInfo = z.object(
  {
    jobGroupCode: code(MESSAGES.jobGroupRequired),
    positionCode: code(MESSAGES.badRequest)
      .nullish()
      .transform((v) => v ?? null),
    yearCode: z
      .string({ error: MESSAGES.careerYearsRequired })
      .refine((v) => v in CAREER_BAND_OF_YEAR, MESSAGES.careerYearsRequired),
  },
  { error: MESSAGES.badRequest },
);
const answerBody = z.strictObject({ questionId: idParam, optionId: idParam }, { error: MESSAGES.badRequest });
const noBody = z.union([z.strictObject({}), z.null(), z.undefined()], { error: MESSAGES.badRequest });

/** The intro, the member's run (start or resume, answers one by one, submit) and the next-season alarm. */
const checkupRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/itskill/checkup',
    { schema: { tags: ['itskill'], summary: 'IT 스킬 체크업 소개' } },
    async (): Promise<CheckupIntroResponse> => {
      const checkup = await app.surveyRepository.openIntro();
      if (!checkup) throw notFound(MESSAGES.checkupNotOpen);
      return ok({ checkup });
    },
  );

  app.get(
    '/api/itskill/checkup/run',
    { onRequest: requireMember, schema: { tags: ['itskill'], summary: '진행 중인 체크업 (문항과 저장된 답)' } },
    async (request): Promise<CheckupRunResponse> => {
      const run = await app.runRepository.current(request.identity!.userId);
      if (!run) throw notFound(MESSAGES.checkupNotStarted);
      return ok({ run });
    },
  );

  app.post<{ Body: z.infer<typeof baseInfo> }>(
    '/api/itskill/checkup/run',
    {
      onRequest: requireMember,
      schema: { tags: ['itskill'], summary: '체크업 시작 또는 이어하기 (기본 정보)', body: baseInfo },
    },
    async (request): Promise<CheckupRunResponse> =>
      ok({ run: await app.runRepository.start(request.identity!.userId, request.body, new Date()) }),
  );

  app.post<{ Body: z.infer<typeof answerBody> }>(
    '/api/itskill/checkup/run/answers',
    { onRequest: requireMember, schema: { tags: ['itskill'], summary: '문항 하나의 답 저장', body: answerBody } },
    async (request): Promise<SaveAnswerResponse> =>
      ok(
        await app.runRepository.answer(
          request.identity!.userId,
          request.body.questionId,
          request.body.optionId,
          new Date(),
        ),
      ),
  );

  app.post(
    '/api/itskill/checkup/run/submit',
    { onRequest: requireMember, schema: { tags: ['itskill'], summary: '체크업 제출 (서비스에서 채점)', body: noBody } },
    async (request): Promise<SubmitCheckupResponse> => {
      const { userId } = request.identity!;
      const shareKey = await app.runRepository.submit(userId, new Date());
      // Committed: programs takes its copies of the member's new level now, or the retry job asks it later.
      await app.skillChangeOutbox.deliverFor(userId);
      return ok({ shareKey });
    },
  );

  app.get(
    '/api/getIsAlarm',
    { onRequest: requireMember, schema: { tags: ['itskill'], summary: '다음 시즌 알림 신청 여부' } },
    async (request): Promise<SurveyAlarmResponse> =>
      ok({ isAlarm: await app.alarmRepository.isSubscribed(request.identity!.userId) }),
  );

  app.post(
    '/api/setSurveyAlarm',
    { onRequest: requireMember, schema: { tags: ['itskill'], summary: '다음 시즌 알림 신청' } },
    async (request): Promise<SurveyAlarmResponse> => {
      await app.alarmRepository.subscribe(request.identity!.userId);
      return ok({ isAlarm: true });
    },
  );
};

export default checkupRoutes;
