import type { Row } from '@sq/service-kit';
import type { Knex } from 'knex';
import type { CohortDetail, CohortSummary, ProductDetail, ProductSummary, RefundCase, RefundRule } from '@sq/contracts';
import { STATUS_NAMES, cohortStatus, lastDayOf, type CohortDates, type RuleBoundary } from '../schedule';
import type { Db } from './db';

/** A stored refund_rule row, as the refund engine (src/core/refunds) reads it. */
export interface RefundRuleRow {
  rule_id?: number;
  product_id?: number;
  case_kind: RefundCase;
  sort_order: number;
  phase: string;
  anchor: RuleBoundary['anchor'];
  offset_months: number;
  offset_days: number;
  elapsed_numerator: number | null;
  elapsed_denominator: number | null;
  refund_numerator: number;
  refund_denominator: number;
  refund_amount_krw: number | null;
  condition: string | null;
  max_vod_usage_percent: number | null;
}

// Dates leave PostgreSQL as text, so the server's time zone can never shift a day.
const cohortColumns = (knex: Knex) => [
  'c.odd_id',
  'c.product_id',
  'c.name',
  'c.recruit_start',
  'c.recruit_end',
  'c.cancelled_at',
  ...['team_building_announce_date', 'kickoff_date', 'start_date', 'end_date'].map((column) =>
    knex.raw(`to_char(c.??, 'YYYY-MM-DD') as ??`, [column, column]),
  ),
];

export function toDates(row: Row): CohortDates {
  return {
    recruitStart: row.recruit_start,
    recruitEnd: row.recruit_end,
    teamBuildingAnnounceDate: row.team_building_announce_date,
    kickoffDate: row.kickoff_date,
    startDate: row.start_date,
    endDate: row.end_date,
    cancelledAt: row.cancelled_at,
  };
}

function toCohort(row: Row, now: Date): CohortSummary {
  const status = cohortStatus(toDates(row), now);
  return {
    oddId: row.odd_id,
    productId: row.product_id,
    name: row.name,
    status,
    statusName: STATUS_NAMES[status],
    recruiting: status === 'RECRUITING',
    recruitStart: row.recruit_start.toISOString(),
    recruitEnd: row.recruit_end.toISOString(),
    teamBuildingAnnounceDate: row.team_building_announce_date,
    kickoffDate: row.kickoff_date,
    startDate: row.start_date,
    endDate: row.end_date,
  };
}

function toSummary(row: Row, cohorts: CohortSummary[]): ProductSummary {
  return {
    productId: row.product_id,
    slug: row.slug,
    name: row.name,
    kind: row.kind,
    summary: row.summary,
    feeKrw: row.fee_krw,
    recruiting: cohorts.some((c) => c.recruiting),
    cohorts,
  };
}

export const boundaryOf = (row: Row): RuleBoundary => ({
  anchor: row.anchor,
  offsetMonths: row.offset_months,
  offsetDays: row.offset_days,
  elapsed: row.elapsed_numerator === null ? null : [row.elapsed_numerator, row.elapsed_denominator],
});

export function toRefundRule(row: Row): RefundRule {
  const b = boundaryOf(row);
  return {
    case: row.case_kind,
    phase: row.phase,
    refundPercent: Math.round((row.refund_numerator * 10_000) / row.refund_denominator) / 100,
    refundRatio: { numerator: row.refund_numerator, denominator: row.refund_denominator },
    refundAmountKrw: row.refund_amount_krw,
    boundary: b.elapsed
      ? { type: 'ELAPSED', numerator: b.elapsed[0], denominator: b.elapsed[1] }
      : b.anchor
        ? { type: 'DATE', anchor: b.anchor, offsetMonths: b.offsetMonths, offsetDays: b.offsetDays }
        : null,
    condition: row.condition,
  };
}

/** A product's refund rules (of one case when given), in their order. */
export async function refundRulesOf(db: Db, productId: number, caseKind?: string): Promise<RefundRuleRow[]> {
  const query = db('refund_rule').where({ product_id: productId });
  if (caseKind) query.where({ case_kind: caseKind });
  return query.orderBy('sort_order');
}

/** When the cohort's product is charged (`charge_policy`) and its fee (`fee_krw`); undefined when there is no such cohort. */
export async function chargeTermsOf(
  db: Db,
  oddId: number,
): Promise<{ charge_policy: string; fee_krw: number } | undefined> {
  return db('cohort as c')
    .join('product as p', 'p.product_id', 'c.product_id')
    .where('c.odd_id', oddId)
    .first('p.charge_policy', 'p.fee_krw');
}

/** A cohort of a visible product with what the apply wizard checks (its product's kind, slug, fee and charge policy). */
export async function cohortToApply(db: Db, oddId: number): Promise<Row | undefined> {
  return db('cohort as c')
    .join('product as p', 'p.product_id', 'c.product_id')
    .where({ 'c.odd_id': oddId, 'p.is_visible': true })
    .select(
      'c.*',
      'p.kind',
      'p.slug',
      'p.fee_krw',
      'p.charge_policy',
      ...['team_building_announce_date', 'kickoff_date', 'start_date', 'end_date'].map((column) =>
        db.raw(`to_char(c.??, 'YYYY-MM-DD') as ??`, [column, column]),
      ),
    )
    .first();
}

export function createProductRepository(knex: Knex) {
  const visibleProducts = () => knex('product').where({ is_visible: true });
  const cohortsOf = (productIds: number[]) =>
    knex('cohort as c')
      .whereIn('c.product_id', productIds)
      .orderBy([
        { column: 'c.start_date', order: 'desc' },
        { column: 'c.odd_id', order: 'desc' },
      ])
      .select(cohortColumns(knex));

  return {
    /** Every visible product with its cohorts, newest first, and whether it is recruiting now. */
    async list(now: Date): Promise<ProductSummary[]> {
      const products = await visibleProducts().orderBy('sort_order');
      const cohorts = await cohortsOf(products.map((p) => p.product_id));
      return products.map((p) =>
        toSummary(
          p,
          cohorts.filter((c) => c.product_id === p.product_id).map((c) => toCohort(c, now)),
        ),
      );
    },

    async detail(key: { productId: number } | { slug: string }, now: Date): Promise<ProductDetail | null> {
      const row = await visibleProducts()
        .where('productId' in key ? { product_id: key.productId } : { slug: key.slug })
        .first();
      if (!row) return null;
      const [cohorts, rules] = await Promise.all([cohortsOf([row.product_id]), refundRulesOf(knex, row.product_id)]);
      const hasTeams = row.min_team_size !== null;
      return {
        ...toSummary(
          row,
          cohorts.map((c) => toCohort(c, now)),
        ),
        description: row.description,
        eligibility: row.eligibility,
        teamMakeup: hasTeams
          ? {
              minSize: row.min_team_size,
              maxSize: row.max_team_size,
              roles: { planner: row.planner_seats, designer: row.designer_seats, developer: row.developer_seats },
              maxFriends: row.max_friends,
            }
          : null,
        refundRules: rules.map(toRefundRule),
      };
    },

    /** A cohort of a visible product, with the product's refund rules dated for it. */
    async cohort(oddId: number, now: Date): Promise<CohortDetail | null> {
      const row = await knex('cohort as c')
        .join('product as p', 'p.product_id', 'c.product_id')
        .where({ 'c.odd_id': oddId, 'p.is_visible': true })
        .select([...cohortColumns(knex), 'p.slug', 'p.name as product_name', 'p.kind', 'p.fee_krw'])
        .first();
      if (!row) return null;
      const rules = await refundRulesOf(knex, row.product_id);
      const dates = toDates(row);
      return {
        ...toCohort(row, now),
        product: {
          productId: row.product_id,
          slug: row.slug,
          name: row.product_name,
          kind: row.kind,
          feeKrw: row.fee_krw,
        },
        refundSchedule: rules.map((rule) => ({
          case: rule.case_kind,
          phase: rule.phase,
          refundPercent: toRefundRule(rule).refundPercent,
          until: lastDayOf(boundaryOf(rule), dates),
        })),
      };
    },
  };
}
