import * as z from 'zod/mini';
import { CORE_MESSAGES } from '../../core-messages';
import { OPERATOR_MESSAGES } from '../../messages/operators';
import { seoulDate } from '../../seoul';
import type { ApplicantRole, ApplicationState } from '../applications';

/**
 * Cohorts in the operators' console (paths under /api/admin): the list with live counts, a new cohort, an edit.
 *
 * - GET  /cohorts?productId=                      -> CohortListResponse (live counts per state and role)
 * - POST /cohorts                 CohortInput      -> { cohort: AdminCohort }
 * - PUT  /cohorts/{oddId}         CohortInput      -> { cohort: AdminCohort }
 */

export interface RoleSeats {
  PLANNER?: number | null;
  DESIGNER?: number | null;
  DEVELOPER?: number | null;
}

export interface CohortInput {
  productId: number;
  name: string;
  recruitStart: string; // ISO instant
  recruitEnd: string; // ISO instant
  teamBuildingAnnounceDate: string | null; // YYYY-MM-DD (Asia/Seoul)
  kickoffDate: string | null;
  startDate: string;
  endDate: string;
  capacity: number | null;
  /** Seats per role in one team for this cohort; null: the product's make-up. */
  roleSeats: RoleSeats | null;
}

/** Largest seats per role in one team an operator may set (the biggest product team is 8). */
export const ROLE_SEATS_MAX = 20;
/** Largest capacity of a cohort (seats on sale). */
export const COHORT_CAPACITY_MAX = 100_000;

/** Years PostgreSQL and JavaScript read alike (no year 0, no 5-digit year), so a date never fails in the database. */
const inYears = (value: string) => Number(value.slice(0, 4)) >= 1900 && Number(value.slice(0, 4)) <= 9999;
/** A calendar day that exists (no 2026-02-30). */
const day = z.iso
  .date({ error: OPERATOR_MESSAGES.adminCohortDateRequired })
  .check(z.refine(inYears, OPERATOR_MESSAGES.adminCohortDateRequired));
/** An instant with its offset, kept in UTC: PostgreSQL refuses offsets of 16 hours or more, JavaScript does not. */
const instant = z
  .pipe(
    z.iso
      .datetime({ offset: true, error: OPERATOR_MESSAGES.adminCohortDateRequired })
      .check(z.refine((value) => Number.isFinite(Date.parse(value)), OPERATOR_MESSAGES.adminCohortDateRequired)),
    z.transform((value: string) => new Date(value).toISOString()),
  )
  .check(z.refine(inYears, OPERATOR_MESSAGES.adminCohortDateRequired));
const seats = z.optional(
  z.nullable(
    z
      .number({ error: OPERATOR_MESSAGES.adminCohortSeatsInvalid })
      .check(
        z.int(OPERATOR_MESSAGES.adminCohortSeatsInvalid),
        z.gte(0, OPERATOR_MESSAGES.adminCohortSeatsInvalid),
        z.lte(ROLE_SEATS_MAX, OPERATOR_MESSAGES.adminCohortSeatsInvalid),
      ),
  ),
);
/** One date rule of the cohort (the database's check constraint), its message under the field that breaks it. */
const inOrder = (path: keyof CohortInput, holds: (c: CohortInput) => boolean) =>
  z.refine<CohortInput>(
    (c) => {
      // Object checks still run when a field failed its own check: a date that does not parse has its message
      // already, and comparing it would throw (an invalid Date has no ISO form).
      try {
        return holds(c);
      } catch {
        return true;
      }
    },
    { message: OPERATOR_MESSAGES.adminCohortDatesInvalid, path: [path] },
  );

/**
 * POST/PUT /api/admin/cohorts body: the console checks it before sending and the programs service validates
 * the request with it, so the operator sees the same Korean message in both places. Dates follow the order
 * recruiting opens < closes (an instant) <= start, announcement and kick-off <= start <= end.
 */
export const cohortInputSchema = z
  .object(
    {
      productId: z
        .number({ error: OPERATOR_MESSAGES.adminCohortProductRequired })
        .check(
          z.int(OPERATOR_MESSAGES.adminCohortProductRequired),
          z.positive(OPERATOR_MESSAGES.adminCohortProductRequired),
        ),
      name: z
        .string({ error: OPERATOR_MESSAGES.adminCohortNameRequired })
        .check(
          z.trim(),
          z.minLength(1, OPERATOR_MESSAGES.adminCohortNameRequired),
          z.maxLength(100, OPERATOR_MESSAGES.adminCohortNameRequired),
        ),
      recruitStart: instant,
      recruitEnd: instant,
      teamBuildingAnnounceDate: z.nullable(day),
      kickoffDate: z.nullable(day),
      startDate: day,
      endDate: day,
      capacity: z.nullable(
        z
          .number({ error: OPERATOR_MESSAGES.adminCohortCapacityInvalid })
          .check(
            z.int(OPERATOR_MESSAGES.adminCohortCapacityInvalid),
            z.positive(OPERATOR_MESSAGES.adminCohortCapacityInvalid),
            z.lte(COHORT_CAPACITY_MAX, OPERATOR_MESSAGES.adminCohortCapacityInvalid),
          ),
      ),
      roleSeats: z.nullable(z.object({ PLANNER: seats, DESIGNER: seats, DEVELOPER: seats })),
    },
    { error: CORE_MESSAGES.badRequest },
  )
  .check(
    inOrder('recruitEnd', (c) => Date.parse(c.recruitStart) < Date.parse(c.recruitEnd)),
    inOrder('startDate', (c) => seoulDate(c.recruitEnd) <= c.startDate),
    inOrder(
      'teamBuildingAnnounceDate',
      (c) => c.teamBuildingAnnounceDate === null || c.teamBuildingAnnounceDate <= c.startDate,
    ),
    inOrder('kickoffDate', (c) => c.kickoffDate === null || c.kickoffDate <= c.startDate),
    inOrder('endDate', (c) => c.startDate <= c.endDate),
  );

export interface AdminCohort extends CohortInput {
  oddId: number;
  productName: string;
  /** Live applications per state, and per role (past the wizard, not ended). */
  counts: {
    byState: Partial<Record<ApplicationState, number>>;
    byRole: Partial<Record<ApplicantRole, number>>;
    total: number;
  };
}
export interface CohortListResponse {
  cohorts: AdminCohort[];
}
