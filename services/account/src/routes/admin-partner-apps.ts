import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  PARTNER_APP_AUDIT_PAGE,
  PARTNER_MESSAGES,
  ok,
  partnerAppFormSchema,
  type PartnerAppAuditResponse,
  type PartnerAppForm,
  type PartnerAppListResponse,
  type PartnerAppResponse,
  type PartnerAppSecretResponse,
} from '@sq/contracts';
import { idParam, notFound, requireAdmin } from '@sq/service-kit';

const appParams = z.object({ appId: idParam });

/**
 * The operators' console for partner apps: register, edit (disable by `enabled: false`), rotate the secret. The
 * client secret is in the answers of registration and rotation only (`no-store`). Every change is audited in its
 * own transaction (operator_audit).
 */
const adminPartnerAppRoutes: FastifyPluginAsync = async (app) => {
  const apps = app.partnerApps;

  app.get(
    '/api/admin/partner-apps',
    { schema: { tags: ['account'], summary: '파트너 앱 목록 (운영자)' }, preHandler: requireAdmin },
    async (): Promise<PartnerAppListResponse> => ok({ apps: await apps.list() }),
  );

  app.get(
    '/api/admin/partner-apps/audit',
    { schema: { tags: ['account'], summary: '파트너 앱 변경 기록 (운영자, 최근 순)' }, preHandler: requireAdmin },
    async (): Promise<PartnerAppAuditResponse> => ok({ entries: await apps.auditLog(PARTNER_APP_AUDIT_PAGE) }),
  );

  app.post<{ Body: PartnerAppForm }>(
    '/api/admin/partner-apps',
    {
      schema: {
        tags: ['account'],
        summary: '파트너 앱 등록 (클라이언트 시크릿은 이 응답에서 한 번만 보여 줍니다)',
        body: partnerAppFormSchema,
      },
      preHandler: requireAdmin,
    },
    async (request, reply): Promise<PartnerAppSecretResponse> => {
      const created = await apps.create(request.identity!.userId, request.body);
      reply.header('cache-control', 'no-store');
      return ok(created);
    },
  );

  app.put<{ Params: z.infer<typeof appParams>; Body: PartnerAppForm }>(
    '/api/admin/partner-apps/:appId',
    {
      schema: {
        tags: ['account'],
        summary: '파트너 앱 수정·사용 중지 (운영자)',
        params: appParams,
        body: partnerAppFormSchema,
      },
      preHandler: requireAdmin,
    },
    async (request): Promise<PartnerAppResponse> => {
      const updated = await apps.update(request.identity!.userId, request.params.appId, request.body);
      if (!updated) throw notFound(PARTNER_MESSAGES.partnerAppNotFound);
      return ok({ app: updated });
    },
  );

  app.post<{ Params: z.infer<typeof appParams> }>(
    '/api/admin/partner-apps/:appId/secret',
    {
      schema: {
        tags: ['account'],
        summary: '파트너 앱 클라이언트 시크릿 재발급 (이전 시크릿은 즉시 무효)',
        params: appParams,
      },
      preHandler: requireAdmin,
    },
    async (request, reply): Promise<PartnerAppSecretResponse> => {
      const rotated = await apps.rotateSecret(request.identity!.userId, request.params.appId);
      if (!rotated) throw notFound(PARTNER_MESSAGES.partnerAppNotFound);
      reply.header('cache-control', 'no-store');
      return ok(rotated);
    },
  );
};

export default adminPartnerAppRoutes;
