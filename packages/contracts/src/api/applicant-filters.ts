import type { ApplicantRole } from './applications';
import type { ApplicantPerson, FriendStatus, Placement } from './operators/applicants';

/**
 * The operators' filters of people: the applicant list sends them to the programs service (which answers, and
 * exports as CSV, only those who match) and the team building board applies them to the members it shows.
 * Absent = any.
 */
export interface PersonFilters {
  role?: ApplicantRole;
  /** A CAREER_YEARS code: the career band the applicant picked. */
  careerYears?: string;
  /** An IT skill check-up level 1..5, or `none`: no check-up result. */
  skillLevel?: number | 'none';
  /** Weekly hours at least / at most; an applicant who gave none matches neither. */
  minHours?: number;
  maxHours?: number;
  friendStatus?: FriendStatus;
  placement?: Placement;
  /** Part of the name, nickname or career card ID (any case). */
  q?: string;
}

export function matchesPerson(person: ApplicantPerson, filters: PersonFilters): boolean {
  if (filters.role && person.role !== filters.role) return false;
  if (filters.careerYears && person.careerYears !== filters.careerYears) return false;
  if (filters.skillLevel === 'none' && person.skillLevel !== null) return false;
  if (typeof filters.skillLevel === 'number' && person.skillLevel !== filters.skillLevel) return false;
  if (filters.minHours !== undefined && (person.weeklyHours === null || person.weeklyHours < filters.minHours))
    return false;
  if (filters.maxHours !== undefined && (person.weeklyHours === null || person.weeklyHours > filters.maxHours))
    return false;
  if (filters.friendStatus && person.friendStatus !== filters.friendStatus) return false;
  if (filters.placement && person.placement !== filters.placement) return false;
  const q = filters.q?.trim().toLowerCase();
  if (q && ![person.name, person.alias, person.careerCardId].some((text) => text?.toLowerCase().includes(q)))
    return false;
  return true;
}
