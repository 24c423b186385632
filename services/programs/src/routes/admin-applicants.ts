import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MESSAGES, ok } from '@sq/contracts';
import { APPLICATION_STATES, ROLE_NAMES, type ApplicationAnswers } from '@sq/contracts/api/applications';
import { FRIEND_STATUSES, PLACEMENTS, type AdminApplicant, type ApplicantListResponse, type AuditLogResponse, type FriendStatus, type Placement } from '@sq/contracts/api/operators';
import { idParam, notFound, requireAdmin } from '@sq/service-kit';
import type { PeopleClient } from '../operators/people-client';
import { listApplicants, pageOfApplicants } from '../operators/applicant-list';

const oddParams = z.object({ oddId: idParam });
const joinParams = z.object({ joinId: idParam });
const invalid = { error: MESSAGES.badRequest };
const hours = z.coerce.number(invalid).int(invalid).min(0, invalid).max(80, invalid).optional();
const filterFields = z.object({
  role: z.enum(['PLANNER', 'DESIGNER', 'DEVELOPER']).optional(),
  state: z.enum(APPLICATION_STATES).optional(),
  careerYears: z.string().max(30).optional(),
  skillLevel: z.enum(['1', '2', '3', '4', '5', 'none'], invalid).optional(),
  minHours: hours,
  maxHours: hours,
  friends: z.enum(['true', 'false']).optional(),
  friendStatus: z.enum(FRIEND_STATUSES, invalid).optional(),
  placement: z.enum(PLACEMENTS, invalid).optional(),
  /** Part of a name, nickname or career card ID (any case). */
  q: z.string().trim().max(50).optional(),
});
const hoursInOrder = (f: { minHours?: number; maxHours?: number }) => f.minHours === undefined || f.maxHours === undefined || f.minHours <= f.maxHours;
const hoursMessage = { message: MESSAGES.adminHoursRangeInvalid, path: ['minHours'] };
const filters = filterFields.refine(hoursInOrder, hoursMessage);
type Filters = z.infer<typeof filters>;
/** A page of the list: page 1-based; the size defaults to the configured one and is capped by the configured largest. */
const pagedFilters = (pageSize: number, maxPageSize: number) =>
  filterFields.extend({
    page: z.coerce.number(invalid).int(invalid).min(1, invalid).max(1_000_000, invalid).default(1),
    pageSize: z.coerce.number(invalid).int(invalid).min(1, invalid).max(maxPageSize, invalid).default(pageSize),
  }).refine(hoursInOrder, hoursMessage);
const auditQuery = z.object({ oddId: idParam.optional(), limit: z.coerce.number().int().min(1).max(500).default(100), before: idParam.optional() });

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  // Quotes doubled; a leading formula character is neutralised so Excel does not run it.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
};

const FRIEND_STATUS_TEXT: Record<FriendStatus, string> = { NONE: '', HONOURED: '모두 같은 팀', NOT_HONOURED: '같은 팀 아님', UNDECIDED: '배정 전' };
const PLACEMENT_TEXT: Record<Placement, string> = { PLACED: '팀 배정', WAITLISTED: '대기 명단', NOT_ON_BOARD: '' };

export function applicantsCsv(applicants: AdminApplicant[]): string {
  const header = ['지원 번호', '이름', '닉네임', '커리어 카드 ID', '역할', '상태', '경력', '경력(개월)', '주당 시간', '친구 요청', '친구 요청 결과', 'IT 스킬 레벨', '배치', '팀', '제출 시각'];
  const lines = applicants.map((a) => [
    a.joinId, a.name, a.alias, a.careerCardId, a.role ? ROLE_NAMES[a.role] : '', a.stateName, a.careerYears, a.experienceMonths, a.weeklyHours,
    a.friendCareerCardIds.join(' '), FRIEND_STATUS_TEXT[a.friendStatus], a.skillLevel, PLACEMENT_TEXT[a.placement], a.teamKey, a.submittedAt,
  ].map(csvCell).join(','));
  // UTF-8 with BOM so Excel shows Korean; CRLF as RFC 4180.
  return '\uFEFF' + [header.join(','), ...lines].join('\r\n') + '\r\n';
}

/** Operators' applicants of a cohort, their answers, CSV export, and the audit log. */
const adminApplicantRoutes: FastifyPluginAsync<{ people: PeopleClient }> = async (app, { people }) => {
  const cohortExists = async (oddId: number) => {
    if (!(await app.knex('cohort').where({ odd_id: oddId }).first('odd_id'))) throw notFound(MESSAGES.adminCohortNotFound);
  };

  const { pageSize, maxPageSize } = app.programsConfig.applicantList;
  const pageQuery = pagedFilters(pageSize, maxPageSize);
  app.get<{ Params: z.infer<typeof oddParams>; Querystring: z.infer<typeof pageQuery> }>(
    '/api/admin/cohorts/:oddId/applicants',
    { onRequest: requireAdmin, schema: { tags: ['admin'], summary: '운영: 기수 지원자 한 페이지와 전체 수 (역할, 상태, 경력, IT 스킬 레벨, 주당 시간, 친구 요청, 배치 필터, 이름·닉네임·커리어 카드 ID 검색)', params: oddParams, querystring: pageQuery } },
    async (request): Promise<ApplicantListResponse & { ErrorCode: '00' }> => {
      await cohortExists(request.params.oddId);
      const { page, pageSize: size, ...wanted } = request.query;
      return ok(await pageOfApplicants(app.knex, people, request.params.oddId, wanted, page, size));
    },
  );

  app.get<{ Params: z.infer<typeof oddParams>; Querystring: Filters }>(
    '/api/admin/cohorts/:oddId/applicants.csv',
    { onRequest: requireAdmin, schema: { tags: ['admin'], summary: '운영: 기수 지원자 CSV (UTF-8 BOM)', params: oddParams, querystring: filters } },
    async (request, reply) => {
      await cohortExists(request.params.oddId);
      const csv = applicantsCsv(await listApplicants(app.knex, people, request.params.oddId, request.query));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="cohort-${request.params.oddId}-applicants.csv"`)
        .send(csv);
    },
  );

  app.get<{ Params: z.infer<typeof joinParams> }>(
    '/api/admin/applications/:joinId/answers',
    { onRequest: requireAdmin, schema: { tags: ['admin'], summary: '운영: 지원서 답변', params: joinParams } },
    async (request) => {
      const row = await app.knex('application').where({ join_id: request.params.joinId }).first('join_id', 'answers', 'personal_data_erased_at');
      if (!row) throw notFound(MESSAGES.applyNotFound);
      // A withdrawn member's answers are erased ({}); `erasedAt` says since when.
      const erasedAt = row.personal_data_erased_at ? new Date(row.personal_data_erased_at).toISOString() : null;
      return ok({ joinId: row.join_id as number, answers: row.answers as ApplicationAnswers, erasedAt });
    },
  );

  app.get<{ Querystring: z.infer<typeof auditQuery> }>(
    '/api/admin/audit-log',
    { onRequest: requireAdmin, schema: { tags: ['admin'], summary: '운영: 운영 기록 (누가, 언제, 무엇을, 전후)', querystring: auditQuery } },
    async (request): Promise<AuditLogResponse & { ErrorCode: '00' }> => {
      const query = app.knex('audit_log').orderBy('audit_id', 'desc').limit(request.query.limit);
      if (request.query.oddId) query.where({ odd_id: request.query.oddId });
      if (request.query.before) query.where('audit_id', '<', request.query.before);
      const rows = await query;
      return ok({
        entries: rows.map((r) => ({ auditId: Number(r.audit_id), actorUserId: r.actor_user_id, action: r.action, targetType: r.target_type, targetId: r.target_id, oddId: r.odd_id, before: r.before, after: r.after, createdAt: new Date(r.created_at).toISOString() })),
      });
    },
  );
};

export default adminApplicantRoutes;
