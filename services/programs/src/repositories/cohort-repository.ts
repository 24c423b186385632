import type { Knex } from 'knex';
import { MESSAGES } from '@sq/contracts';
import { APPLICANT_STATES } from '@sq/contracts/api/applications';
import type { AdminCohort, CohortInput } from '@sq/contracts/api/operators/cohorts';
import { badRequest, notFound, type Row } from '@sq/service-kit';
import { audit } from './audit-log-repository';

/** Who changed a cohort and when, for the audit log. */
export interface CohortChange {
  actorUserId: number;
  at: Date;
}

const toRow = (b: CohortInput) => ({
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

const noCounts = (): AdminCohort['counts'] => ({ byState: {}, byRole: {}, total: 0 });

/** Live counts per state and per role of the given cohorts (applications past the wizard, not ended). */
async function cohortCounts(
  knex: Knex | Knex.Transaction,
  oddIds: number[],
): Promise<Map<number, AdminCohort['counts']>> {
  const rows: Row[] = await knex('application')
    .whereIn('odd_id', oddIds)
    .whereIn('status', APPLICANT_STATES)
    .groupBy('odd_id', 'status', 'role')
    .select('odd_id', 'status', 'role')
    .count({ n: '*' });
  const counts = new Map<number, AdminCohort['counts']>(oddIds.map((id) => [id, noCounts()]));
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

const cohortQuery = (knex: Knex | Knex.Transaction) =>
  knex('cohort as c').join('product as p', 'p.product_id', 'c.product_id').select('c.*', 'p.name as product_name');

/** A check constraint (dates out of order) is the operator's input, not a server error; an unknown product is a 404. */
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

/**
 * The operators' cohorts: listed with live counts, created and edited with their audit-log entry in one transaction.
 * Visitors read cohorts through the catalogue (product-repository).
 */
export function createCohortRepository(knex: Knex) {
  return {
    async exists(oddId: number): Promise<boolean> {
      return Boolean(await knex('cohort').where({ odd_id: oddId }).first('odd_id'));
    },

    /** Every cohort (or a product's), by product and newest start first, with its live counts. */
    async list(filter: { productId?: number }): Promise<AdminCohort[]> {
      const query = cohortQuery(knex).orderBy([{ column: 'c.product_id' }, { column: 'c.start_date', order: 'desc' }]);
      if (filter.productId) query.where('c.product_id', filter.productId);
      const rows = await query;
      const counts = await cohortCounts(
        knex,
        rows.map((r) => r.odd_id),
      );
      return rows.map((r) => toCohort(r, counts.get(r.odd_id)!));
    },

    create: (input: CohortInput, change: CohortChange): Promise<AdminCohort> =>
      saving(() =>
        knex.transaction(async (trx) => {
          const [row] = await trx('cohort').insert(toRow(input)).returning('odd_id');
          const view = toCohort(await cohortQuery(trx).where('c.odd_id', row.odd_id).first(), noCounts());
          await audit(trx, {
            actorUserId: change.actorUserId,
            action: 'COHORT_CREATE',
            targetType: 'COHORT',
            targetId: row.odd_id,
            oddId: row.odd_id,
            after: view,
            at: change.at,
          });
          return view;
        }),
      ),

    /** Under the cohort's row lock, with the before and after in the audit log; null when there is no such cohort. */
    update: (oddId: number, input: CohortInput, change: CohortChange): Promise<AdminCohort | null> =>
      saving(() =>
        knex.transaction(async (trx) => {
          if (!(await trx('cohort').where({ odd_id: oddId }).forUpdate().first())) return null;
          const counts = (await cohortCounts(trx, [oddId])).get(oddId)!;
          const load = async () => toCohort(await cohortQuery(trx).where('c.odd_id', oddId).first(), counts);
          const before = await load();
          await trx('cohort').where({ odd_id: oddId }).update(toRow(input));
          const after = await load();
          await audit(trx, {
            actorUserId: change.actorUserId,
            action: 'COHORT_UPDATE',
            targetType: 'COHORT',
            targetId: oddId,
            oddId,
            before,
            after,
            at: change.at,
          });
          return after;
        }),
      ),
  };
}
