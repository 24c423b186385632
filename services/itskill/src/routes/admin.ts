import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MESSAGES, ok, type AdminSeason, type AdminSeasonsResponse, type OpenSeasonResponse } from '@sq/contracts';
import { WITHOUT_CONTROL_CHARACTERS } from '@sq/contracts/control-characters';
import { conflict, idParam, notFound, requireAdmin } from '@sq/service-kit';
import { seasonOpenMail } from '../season-mail';

const text = (max: number) =>
  z
    .string({ error: MESSAGES.badRequest })
    .trim()
    .min(2, MESSAGES.badRequest)
    .max(max, MESSAGES.badRequest)
    .regex(WITHOUT_CONTROL_CHARACTERS, MESSAGES.badRequest);
const createBody = z.strictObject(
  { title: text(200), description: text(1000).optional() },
  { error: MESSAGES.badRequest },
);
const params = z.object({ id: idParam });

/** Operators (ROLE_ADMIN, checked at the gateway and here): seasons, and the alarm mail when one opens. */
const adminRoutes: FastifyPluginAsync = async (app) => {
  /** Mails every pending subscriber once; those whose mail failed stay pending for the next opening or retry. */
  async function notifySubscribers(season: AdminSeason): Promise<{ notified: number; failed: number }> {
    const claimed = await app.alarmRepository.claimPending(new Date());
    if (claimed.length === 0) return { notified: 0, failed: 0 };
    let contacts;
    try {
      contacts = await app.accountClient.contacts(claimed);
    } catch (error) {
      app.log.warn({ err: error }, 'account unreachable; subscribers kept for a retry');
      await app.alarmRepository.release(claimed);
      return { notified: 0, failed: claimed.length };
    }
    const failed: number[] = [];
    for (const contact of contacts) {
      try {
        await app.mailer.send({
          to: contact.email,
          ...seasonOpenMail(season.title, contact.userName, app.itskillConfig.siteUrl),
        });
      } catch (error) {
        app.log.warn({ err: error, userId: contact.userId }, 'season alarm mail failed');
        failed.push(contact.userId);
      }
    }
    await app.alarmRepository.release(failed);
    // Members without an active account (withdrawn) are dropped: there is nobody to tell.
    return { notified: contacts.length - failed.length, failed: failed.length };
  }

  app.get(
    '/api/admin/itskill/seasons',
    { onRequest: requireAdmin, schema: { tags: ['itskill-admin'], summary: '체크업 시즌 목록' } },
    async (): Promise<AdminSeasonsResponse> => ok({ seasons: await app.surveyRepository.listSeasons() }),
  );

  app.post<{ Body: z.infer<typeof createBody> }>(
    '/api/admin/itskill/seasons',
    {
      onRequest: requireAdmin,
      schema: { tags: ['itskill-admin'], summary: '새 시즌 준비 (현재 문항 복사)', body: createBody },
    },
    async (request, reply) => {
      reply.status(201);
      return ok({ season: await app.surveyRepository.createDraft(request.body.title, request.body.description) });
    },
  );

  app.post<{ Params: z.infer<typeof params> }>(
    '/api/admin/itskill/seasons/:id/open',
    {
      onRequest: requireAdmin,
      schema: { tags: ['itskill-admin'], summary: '시즌 열기 (알림 신청자에게 메일)', params },
    },
    async (request): Promise<OpenSeasonResponse> => {
      const outcome = await app.surveyRepository.open(request.params.id, new Date());
      if (outcome === null) throw notFound();
      if (outcome === 'not-draft') throw conflict(MESSAGES.checkupSeasonNotDraft);
      const season = (await app.surveyRepository.season(request.params.id))!;
      return ok({ season, ...(await notifySubscribers(season)) });
    },
  );
};

export default adminRoutes;
