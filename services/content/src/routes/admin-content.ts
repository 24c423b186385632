import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MESSAGES, ok } from '@sq/contracts';
import { fieldMessages } from '@sq/contracts/forms';
import {
  CONTENT_KINDS,
  CONTENT_SCHEMAS,
  CONTENT_SEARCH_MAX_LENGTH,
  type ContentKind,
} from '@sq/contracts/api/content-admin';
import { badRequest, idParam, pageQuery, requireAdmin } from '@sq/service-kit';
import { storeOf } from '../repositories/cms/kinds';

const kind = z.enum(CONTENT_KINDS, { error: MESSAGES.badRequest });
const kindParams = z.object({ kind });
const itemParams = z.object({ kind, itemId: idParam });
const draftParams = z.object({ kind, itemId: z.union([z.literal('new'), idParam], { error: MESSAGES.badRequest }) });
const draftBody = z.object({ body: z.unknown() }, { error: MESSAGES.badRequest });
// The page size is the service's configuration, not the caller's.
const { page } = pageQuery.shape;
const search = z.string().trim().max(CONTENT_SEARCH_MAX_LENGTH, { error: MESSAGES.contentSearchTooLong }).default('');
const listQuery = z.object({ page, q: search });
const moveBody = z.object(
  { direction: z.enum(['up', 'down'], { error: MESSAGES.badRequest }), q: search },
  { error: MESSAGES.badRequest },
);
const auditQuery = z.object({ kind: kind.optional(), itemId: idParam.optional(), before: idParam.optional(), page });

type ItemParams = { Params: { kind: ContentKind; itemId: number } };

/**
 * Operators' content management (@sq/contracts/api/content-admin): one set of routes for every
 * kind. ROLE_ADMIN is checked at the gateway and again here; the actor of each change is the caller.
 */
const adminContentRoutes: FastifyPluginAsync = async (app) => {
  const admin = { onRequest: requireAdmin };
  const tags = ['admin-content'];

  app.get<{ Querystring: z.infer<typeof auditQuery> }>(
    '/api/admin/content/audit',
    { ...admin, schema: { tags, summary: '운영: 콘텐츠 변경 기록 (최신순, 한 쪽씩)', querystring: auditQuery } },
    async (request) =>
      ok(await app.cmsRepository.auditLog({ ...request.query, size: app.contentConfig.auditPageSize })),
  );

  app.get<{ Params: { kind: ContentKind }; Querystring: z.infer<typeof listQuery> }>(
    '/api/admin/content/:kind',
    {
      ...admin,
      schema: {
        tags,
        summary: '운영: 콘텐츠 목록 한 쪽 (초안, 게시된 것; 제목과 본문 검색)',
        params: kindParams,
        querystring: listQuery,
      },
    },
    async (request) =>
      ok(
        await app.cmsRepository.list(request.params.kind, { ...request.query, size: app.contentConfig.adminPageSize }),
      ),
  );

  app.get<ItemParams>(
    '/api/admin/content/:kind/:itemId',
    { ...admin, schema: { tags, summary: '운영: 콘텐츠 하나 (게시본과 초안)', params: itemParams } },
    async (request) => ok({ item: await app.cmsRepository.item(request.params.kind, request.params.itemId) }),
  );

  app.put<{ Params: { kind: ContentKind; itemId: 'new' | number }; Body: z.infer<typeof draftBody> }>(
    '/api/admin/content/:kind/:itemId/draft',
    {
      ...admin,
      schema: { tags, summary: '운영: 초안 저장 (공개 화면은 그대로)', params: draftParams, body: draftBody },
    },
    async (request) => {
      const { kind, itemId } = request.params;
      const parsed = CONTENT_SCHEMAS[kind].safeParse(request.body.body);
      if (!parsed.success) {
        const fields = fieldMessages(parsed);
        throw badRequest(Object.values(fields)[0], fields);
      }
      const refused = await storeOf(kind).programChecks?.(app.programsClient, parsed.data);
      if (refused) throw badRequest(Object.values(refused)[0], refused);
      const item = await app.cmsRepository.saveDraft(
        kind,
        itemId === 'new' ? null : itemId,
        parsed.data,
        request.identity!.userId,
      );
      return ok({ item });
    },
  );

  app.delete<ItemParams>(
    '/api/admin/content/:kind/:itemId/draft',
    { ...admin, schema: { tags, summary: '운영: 초안 버리기', params: itemParams } },
    async (request) =>
      ok({
        item: await app.cmsRepository.discardDraft(
          request.params.kind,
          request.params.itemId,
          request.identity!.userId,
        ),
      }),
  );

  app.post<ItemParams>(
    '/api/admin/content/:kind/:itemId/publish',
    { ...admin, schema: { tags, summary: '운영: 게시 (초안이 있으면 초안을 바로 공개)', params: itemParams } },
    async (request) =>
      ok({
        item: await app.cmsRepository.publish(request.params.kind, request.params.itemId, request.identity!.userId),
      }),
  );

  app.post<ItemParams>(
    '/api/admin/content/:kind/:itemId/unpublish',
    { ...admin, schema: { tags, summary: '운영: 게시 중단', params: itemParams } },
    async (request) =>
      ok({
        item: await app.cmsRepository.unpublish(request.params.kind, request.params.itemId, request.identity!.userId),
      }),
  );

  app.post<ItemParams & { Body: z.infer<typeof moveBody> }>(
    '/api/admin/content/:kind/:itemId/move',
    {
      ...admin,
      schema: {
        tags,
        summary: '운영: 순서 위로, 아래로 (옮긴 뒤 그 항목이 있는 쪽)',
        params: itemParams,
        body: moveBody,
      },
    },
    async (request) => {
      const { kind, itemId } = request.params;
      const { direction, q } = request.body;
      // While searching, the neighbours are the items the search finds (the ones on the operator's screen).
      await app.cmsRepository.move(kind, itemId, direction, request.identity!.userId, q);
      // The item may have crossed into the next or previous page: the answer is the page it is on now.
      const size = app.contentConfig.adminPageSize;
      return ok(
        await app.cmsRepository.list(kind, {
          page: await app.cmsRepository.pageOfItem(kind, itemId, { q, size }),
          q,
          size,
        }),
      );
    },
  );
};

export default adminContentRoutes;
