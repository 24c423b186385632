import type { AdminCohort, CohortInput, RoleSeats } from '@sq/contracts/api/operators/cohorts';
import { APPLICANT_ROLES } from '@sq/contracts/api/application-states';
import { seoulClock } from '@sq/contracts/seoul';

/** The cohort form as typed: every input a string, so a failed save shows exactly what the operator entered. */
export interface CohortValues {
  productId: string;
  name: string;
  /** `datetime-local` values, Korean time (recruiting opens and closes at an instant). */
  recruitStart: string;
  recruitEnd: string;
  teamBuildingAnnounceDate: string;
  kickoffDate: string;
  startDate: string;
  endDate: string;
  capacity: string;
  seats: Record<keyof RoleSeats, string>;
}

const LOCAL_MINUTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** `2026-12-01T10:00` typed in the console is Korean time, whatever the operator's browser says. */
export const seoulInstant = (local: string) => (LOCAL_MINUTE.test(local) ? `${local}:00+09:00` : local);
/** An instant as the `datetime-local` value in Korean time. */
export const seoulLocal = (iso: string) => seoulClock(iso).slice(0, 16);

/** '' is "not set" (null); anything else must be a whole number (the schema says so in Korean otherwise). */
const numberOrNull = (text: string) =>
  text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;

export const EMPTY_COHORT: CohortValues = {
  productId: '',
  name: '',
  recruitStart: '',
  recruitEnd: '',
  teamBuildingAnnounceDate: '',
  kickoffDate: '',
  startDate: '',
  endDate: '',
  capacity: '',
  seats: { PLANNER: '', DESIGNER: '', DEVELOPER: '' },
};

export function cohortValues(c: AdminCohort): CohortValues {
  const seat = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
  return {
    productId: String(c.productId),
    name: c.name,
    recruitStart: seoulLocal(c.recruitStart),
    recruitEnd: seoulLocal(c.recruitEnd),
    teamBuildingAnnounceDate: c.teamBuildingAnnounceDate ?? '',
    kickoffDate: c.kickoffDate ?? '',
    startDate: c.startDate,
    endDate: c.endDate,
    capacity: c.capacity === null ? '' : String(c.capacity),
    seats: {
      PLANNER: seat(c.roleSeats?.PLANNER),
      DESIGNER: seat(c.roleSeats?.DESIGNER),
      DEVELOPER: seat(c.roleSeats?.DEVELOPER),
    },
  };
}

/** The request body; seats left empty keep the product's make-up (all empty: `roleSeats` null). */
export function cohortRequest(v: CohortValues): CohortInput {
  const seats = Object.fromEntries(
    APPLICANT_ROLES.filter((role) => v.seats[role].trim() !== '').map((role) => [role, numberOrNull(v.seats[role])]),
  ) as RoleSeats;
  return {
    productId: v.productId === '' ? Number.NaN : Number(v.productId),
    name: v.name,
    recruitStart: seoulInstant(v.recruitStart),
    recruitEnd: seoulInstant(v.recruitEnd),
    teamBuildingAnnounceDate: v.teamBuildingAnnounceDate || null,
    kickoffDate: v.kickoffDate || null,
    startDate: v.startDate,
    endDate: v.endDate,
    capacity: numberOrNull(v.capacity),
    roleSeats: Object.keys(seats).length ? seats : null,
  };
}
