import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MESSAGES, ok } from '@sq/contracts';
import { ROLE_NAMES, type ApplicationAnswers } from '@sq/contracts/api/applications';
import type {
  AdminApplicant,
  ApplicantListResponse,
  FriendStatus,
  Placement,
} from '@sq/contracts/api/operators/applicants';
import type { AuditLogResponse } from '@sq/contracts/api/operators/audit';
import { idParam, notFound, requireAdmin } from '@sq/service-kit';
import { listApplicants, pageOfApplicants } from '../operators/applicant-list';
import { applicantFilterFields, hoursInOrder, invalid, pageField } from './people-filter-query';

const oddParams = z.object({ oddId: idParam });
const joinParams = z.object({ joinId: idParam });
const filters = hoursInOrder(applicantFilterFields);
type Filters = z.infer<typeof filters>;
/** A page of the list: page 1-based; the size defaults to the configured one and is capped by the configured largest. */
const pagedFilters = (pageSize: number, maxPageSize: number) =>
  hoursInOrder(
    applicantFilterFields.extend({
      page: pageField.default(1),
      pageSize: z.coerce.number(invalid).int(invalid).min(1, invalid).max(maxPageSize, invalid).default(pageSize),
    }),
  );
const auditQuery = z.object({
  oddId: idParam.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: idParam.optional(),
});

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  // Quotes doubled; a leading formula character is neutralised so Excel does not run it.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
};

const FRIEND_STATUS_TEXT: Record<FriendStatus, string> = {
  NONE: '',
  HONOURED: '모두 같은 팀',
  NOT_HONOURED: '같은 팀 아님',
  UNDECIDED: '배정 전',
};
const PLACEMENT_TEXT: Record<Placement, string> = { PLACED: '팀 배정', WAITLISTED: '대기 명단', NOT_ON_BOARD: '' };

export function applicantsCsv(applicants: AdminApplicant[]): string {
  const header = [
    '지원 번호',
    '이름',
    '닉네임',
    '커리어 카드 ID',
    '역할',
    '상태',
    '경력',
    '경력(개월)',
    '주당 시간',
    '친구 요청',
    '친구 요청 결과',
    'IT 스킬 레벨',
    '배치',
    '팀',
    '제출 시각',
  ];
  const lines = applicants.map((a) =>
    [
      a.joinId,
      a.name,
      a.alias,
      a.careerCardId,
      a.role ? ROLE_NAMES[a.role] : '',
      a.stateName,
      a.careerYears,
      a.experienceMonths,
      a.weeklyHours,
      a.friendCareerCardIds.join(' '),
      FRIEND_STATUS_TEXT[a.friendStatus],
      a.skillLevel,
      PLACEMENT_TEXT[a.placement],
      a.teamKey,
      a.submittedAt,
    ]
      .map(csvCell)
      .join(','),
  );
  // UTF-8 with BOM so Excel shows Korean; CRLF as RFC 4180.
  return '\uFEFF' + [header.join(','), ...lines].join('\r\n') + '\r\n';
}

/** Operators' applicants of a cohort, their answers, CSV export, and the audit log. */
const adminApplicantRoutes: FastifyPluginAsync = async (app) => {
  const cohortExists = async (oddId: number) => {
    if (!(await app.cohortRepository.exists(oddId))) throw notFound(MESSAGES.adminCohortNotFound);
  };

  const { pageSize, maxPageSize } = app.programsConfig.applicantList;
  const pageQuery = pagedFilters(pageSize, maxPageSize);
  app.get<{ Params: z.infer<typeof oddParams>; Querystring: z.infer<typeof pageQuery> }>(
    '/api/admin/cohorts/:oddId/applicants',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          '운영: 기수 지원자 한 페이지와 전체 수 (역할, 상태, 경력, IT 스킬 레벨, 주당 시간, 친구 요청, 배치 필터, 이름·닉네임·커리어 카드 ID 검색)',
        params: oddParams,
        querystring: pageQuery,
      },
    },
    async (request): Promise<ApplicantListResponse & { ErrorCode: '00' }> => {
      await cohortExists(request.params.oddId);
      const { page, pageSize: size, ...wanted } = request.query;
      return ok(await pageOfApplicants(app, request.params.oddId, wanted, page, size));
    },
  );

  app.get<{ Params: z.infer<typeof oddParams>; Querystring: Filters }>(
    '/api/admin/cohorts/:oddId/applicants.csv',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: '운영: 기수 지원자 CSV (UTF-8 BOM)',
        params: oddParams,
        querystring: filters,
      },
    },
    async (request, reply) => {
      await cohortExists(request.params.oddId);
      const csv = applicantsCsv(await listApplicants(app, request.params.oddId, request.query));
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
      const row = await app.applicantListRepository.answersOf(request.params.joinId);
      if (!row) throw notFound(MESSAGES.applyNotFound);
      // A withdrawn member's answers are erased ({}); `erasedAt` says since when.
      const erasedAt = row.personal_data_erased_at ? new Date(row.personal_data_erased_at).toISOString() : null;
      return ok({ joinId: row.join_id, answers: row.answers as ApplicationAnswers, erasedAt });
    },
  );

  app.get<{ Querystring: z.infer<typeof auditQuery> }>(
    '/api/admin/audit-log',
    {
      onRequest: requireAdmin,
      schema: { tags: ['admin'], summary: '운영: 운영 기록 (누가, 언제, 무엇을, 전후)', querystring: auditQuery },
    },
    async (request): Promise<AuditLogResponse & { ErrorCode: '00' }> =>
      ok({ entries: await app.auditLogRepository.page(request.query) }),
  );
};

export default adminApplicantRoutes;
