import type { FastifyPluginAsync } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import { MESSAGES, ok } from '@sq/contracts';
import { APPLICANT_STATES, APPLICATION_STATES, APPLICATION_STATE_NAMES, ROLE_NAMES, type ApplicationAnswers } from '@sq/contracts/api/applications';
import type { AdminApplicant, ApplicantListResponse, AuditLogResponse } from '@sq/contracts/api/operators';
import { idParam, notFound, requireAdmin, type Row } from '@sq/service-kit';
import type { PeopleClient } from '../operators/people-client';

const oddParams = z.object({ oddId: idParam });
const joinParams = z.object({ joinId: idParam });
const filters = z.object({
  role: z.enum(['PLANNER', 'DESIGNER', 'DEVELOPER']).optional(),
  state: z.enum(APPLICATION_STATES).optional(),
  careerYears: z.string().max(30).optional(),
  friends: z.enum(['true', 'false']).optional(),
  /** A name or a career card ID (case-insensitive, part of it). */
  q: z.string().trim().max(50).optional(),
});
type Filters = z.infer<typeof filters>;
const auditQuery = z.object({ oddId: idParam.optional(), limit: z.coerce.number().int().min(1).max(500).default(100), before: idParam.optional() });

/** The applicants of a cohort with the console's filters; names and levels from the account and itskill services. */
export async function listApplicants(knex: Knex, people: PeopleClient, oddId: number, f: Filters): Promise<AdminApplicant[]> {
  const query = knex('application').where({ odd_id: oddId }).orderBy([{ column: 'submitted_at' }, { column: 'join_id' }]);
  query.whereIn('status', f.state ? [f.state] : APPLICANT_STATES);
  if (f.role) query.where({ role: f.role });
  if (f.careerYears) query.whereRaw(`answers->'required'->>'careerYears' = ?`, [f.careerYears]);
  if (f.friends === 'true') query.whereRaw(`jsonb_array_length(coalesce(answers->'aside'->'friendCareerCardIds', '[]'::jsonb)) > 0`);
  if (f.friends === 'false') query.whereRaw(`jsonb_array_length(coalesce(answers->'aside'->'friendCareerCardIds', '[]'::jsonb)) = 0`);
  const rows: Row[] = await query;
  const userIds = rows.map((r) => r.user_id as number);
  const [names, levels] = await Promise.all([people.lookup(userIds), people.skillLevels(rows.map((r) => ({ userId: r.user_id as number, joinId: r.join_id as number })))]);
  const applicants = rows.map((r): AdminApplicant => {
    const answers = (r.answers ?? {}) as ApplicationAnswers;
    const person = names.get(r.user_id);
    return {
      joinId: r.join_id,
      userId: r.user_id,
      name: person?.name ?? null,
      careerCardId: person?.profileId ?? null,
      role: r.role,
      state: r.status,
      stateName: APPLICATION_STATE_NAMES[r.status as keyof typeof APPLICATION_STATE_NAMES],
      careerYears: answers.required?.careerYears ?? null,
      experienceMonths: answers.required?.experienceMonths ?? null,
      friendCareerCardIds: [...(answers.aside?.friendCareerCardIds ?? [])],
      skillLevel: levels.get(r.join_id) ?? null,
      submittedAt: r.submitted_at ? new Date(r.submitted_at).toISOString() : null,
    };
  });
  if (!f.q) return applicants;
  const q = f.q.toLowerCase();
  return applicants.filter((a) => a.name?.toLowerCase().includes(q) || a.careerCardId?.toLowerCase().includes(q));
}

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  // Quotes doubled; a leading formula character is neutralised so Excel does not run it.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function applicantsCsv(applicants: AdminApplicant[]): string {
  const header = ['지원 번호', '이름', '커리어 카드 ID', '역할', '상태', '경력', '경력(개월)', '친구 요청', 'IT 스킬 레벨', '제출 시각'];
  const lines = applicants.map((a) => [a.joinId, a.name, a.careerCardId, a.role ? ROLE_NAMES[a.role] : '', a.stateName, a.careerYears, a.experienceMonths, a.friendCareerCardIds.join(' '), a.skillLevel, a.submittedAt].map(csvCell).join(','));
  // UTF-8 with BOM so Excel shows Korean; CRLF as RFC 4180.
  return '\uFEFF' + [header.join(','), ...lines].join('\r\n') + '\r\n';
}

/** Operators' applicants of a cohort, their answers, CSV export, and the audit log. */
const adminApplicantRoutes: FastifyPluginAsync<{ people: PeopleClient }> = async (app, { people }) => {
  const cohortExists = async (oddId: number) => {
    if (!(await app.knex('cohort').where({ odd_id: oddId }).first('odd_id'))) throw notFound(MESSAGES.adminCohortNotFound);
  };

  app.get<{ Params: z.infer<typeof oddParams>; Querystring: Filters }>(
    '/api/admin/cohorts/:oddId/applicants',
    { onRequest: requireAdmin, schema: { tags: ['admin'], summary: '운영: 기수 지원자 (역할, 상태, 경력, 친구 요청 필터, 이름·커리어 카드 ID 검색)', params: oddParams, querystring: filters } },
    async (request): Promise<ApplicantListResponse & { ErrorCode: '00' }> => {
      await cohortExists(request.params.oddId);
      return ok({ applicants: await listApplicants(app.knex, people, request.params.oddId, request.query) });
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
