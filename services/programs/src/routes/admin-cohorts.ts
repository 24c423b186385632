import type { FastifyPluginAsync } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import { MESSAGES, ok } from '@sq/contracts';
import { APPLICANT_STATES } from '@sq/contracts/api/applications';
import type { AdminCohort, CohortListResponse } from '@sq/contracts/api/operators';
import { badRequest, calendarDay, idParam, instant, notFound, requireAdmin, type Row } from '@sq/service-kit';
import { audit } from '../operators/audit';

const day = calendarDay(MESSAGES.adminCohortDatesInvalid);
const seats = z.number().int().min(0).max(20).nullable().optional();
const cohortBody = z.object({
  productId: z.number().int().positive(),
  name: z.string().trim().min(1).max(100),
  recruitStart: instant(MESSAGES.adminCohortDatesInvalid),
  recruitEnd: instant(MESSAGES.adminCohortDatesInvalid),
  teamBuildingAnnounceDate: day.nullable(),
  kickoffDate: day.nullable(),
  startDate: day,
  endDate: day,
  capacity: z.number().int().positive().max(100_000).nullable(),
  roleSeats: z.object({ PLANNER: seats, DESIGNER: seats, DEVELOPER: seats }).nullable(),
});
type CohortBody = z.infer<typeof cohortBody>;
const oddParams = z.object({ oddId: idParam });
const listQuery = z.object({ productId: idParam.optional() });

const toRow = (b: CohortBody) => ({
  product_id: b.productId,
  name: b.name,
  recruit_start: b.recruitStart,
  recruit_end: b.recruitEnd,
  team_building_announce_date: b.teamBuildingAnnounceDate,
  kickoff_date: b.kickoffDate,
  start_date: b.startDate,
  end_date: b.endDate,
  capacity: b.capacity,
  role_seats: b.roleSeats ? JSON.stringify(b.roleSeats) : null,
});

/** Live counts per state and per role of the given cohorts (applications past the wizard, not ended). */
export async function cohortCounts(knex: Knex, oddIds: number[]): Promise<Map<number, AdminCohort['counts']>> {
  const rows: Row[] = await knex('application').whereIn('odd_id', oddIds).whereIn('status', APPLICANT_STATES).groupBy('odd_id', 'status', 'role').select('odd_id', 'status', 'role').count({ n: '*' });
  const counts = new Map<number, AdminCohort['counts']>(oddIds.map((id) => [id, { byState: {}, byRole: {}, total: 0 }]));
  for (const row of rows) {
    const c = counts.get(row.odd_id as number)!;
    const n = Number(row.n);
    c.byState[row.status as keyof typeof c.byState] = (c.byState[row.status as keyof typeof c.byState] ?? 0) + n;
    if (row.role) c.byRole[row.role as keyof typeof c.byRole] = (c.byRole[row.role as keyof typeof c.byRole] ?? 0) + n;
    c.total += n;
  }
  return counts;
}

function toCohort(row: Row, counts: AdminCohort['counts']): AdminCohort {
  return {
    oddId: row.odd_id,
    productId: row.product_id,
    productName: row.product_name,
    name: row.name,
    recruitStart: new Date(row.recruit_start).toISOString(),
    recruitEnd: new Date(row.recruit_end).toISOString(),
    teamBuildingAnnounceDate: row.team_building_announce_date,
    kickoffDate: row.kickoff_date,
    startDate: row.start_date,
    endDate: row.end_date,
    capacity: row.capacity,
    roleSeats: row.role_seats ?? null,
    counts,
  };
}

const cohortQuery = (knex: Knex) => knex('cohort as c').join('product as p', 'p.product_id', 'c.product_id').select('c.*', 'p.name as product_name');

/** A check constraint (dates out of order) is the operator's input, not a server error. */
async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === '23514') throw badRequest(MESSAGES.adminCohortDatesInvalid);
    if (code === '23503') throw notFound();
    throw error;
  }
}

/** Operators' cohorts: list per product with live counts, create, edit. Every change is in the audit log. */
const adminCohortRoutes: FastifyPluginAsync = async (app) => {
  const load = async (knex: Knex, oddId: number) => {
    const row = await cohortQuery(knex).where('c.odd_id', oddId).first();
    if (!row) throw notFound(MESSAGES.adminCohortNotFound);
    return row;
  };

  app.get<{ Querystring: z.infer<typeof listQuery> }>(
    '/api/admin/cohorts',
    { onRequest: requireAdmin, schema: { tags: ['admin'], summary: '운영: 기수 목록 (상태별, 역할별 지원 수)', querystring: listQuery } },
    async (request): Promise<CohortListResponse & { ErrorCode: '00' }> => {
      const query = cohortQuery(app.knex).orderBy([{ column: 'c.product_id' }, { column: 'c.start_date', order: 'desc' }]);
      if (request.query.productId) query.where('c.product_id', request.query.productId);
      const rows = await query;
      const counts = await cohortCounts(app.knex, rows.map((r) => r.odd_id));
      return ok({ cohorts: rows.map((r) => toCohort(r, counts.get(r.odd_id)!)) });
    },
  );

  app.post<{ Body: CohortBody }>(
    '/api/admin/cohorts',
    { onRequest: requireAdmin, schema: { tags: ['admin'], summary: '운영: 기수 만들기', body: cohortBody } },
    async (request) => {
      const cohort = await saving(() =>
        app.knex.transaction(async (trx) => {
          const [row] = await trx('cohort').insert(toRow(request.body)).returning('odd_id');
          const created = await load(trx, row.odd_id);
          const view = toCohort(created, { byState: {}, byRole: {}, total: 0 });
          await audit(trx, { actorUserId: request.identity!.userId, action: 'COHORT_CREATE', targetType: 'COHORT', targetId: row.odd_id, oddId: row.odd_id, after: view, at: app.clock() });
          return view;
        }),
      );
      return ok({ cohort });
    },
  );

  app.put<{ Params: z.infer<typeof oddParams>; Body: CohortBody }>(
    '/api/admin/cohorts/:oddId',
    { onRequest: requireAdmin, schema: { tags: ['admin'], summary: '운영: 기수 수정 (일정, 정원, 역할별 자리)', params: oddParams, body: cohortBody } },
    async (request) => {
      const { oddId } = request.params;
      const cohort = await saving(() =>
        app.knex.transaction(async (trx) => {
          await trx('cohort').where({ odd_id: oddId }).forUpdate().first();
          const counts = (await cohortCounts(trx, [oddId])).get(oddId)!;
          const before = toCohort(await load(trx, oddId), counts);
          await trx('cohort').where({ odd_id: oddId }).update(toRow(request.body));
          const after = toCohort(await load(trx, oddId), counts);
          await audit(trx, { actorUserId: request.identity!.userId, action: 'COHORT_UPDATE', targetType: 'COHORT', targetId: oddId, oddId, before, after, at: app.clock() });
          return after;
        }),
      );
      return ok({ cohort });
    },
  );
};

export default adminCohortRoutes;
