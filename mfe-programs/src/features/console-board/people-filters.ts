import type { PersonFilters } from '@sq/contracts/api/applicant-filters';
import type { ApplicantRole } from '@sq/contracts/api/application-states';
import type { FriendStatus, Placement } from '@sq/contracts/api/operators/applicants';

/** The people filters as the console's fields hold them; '' = any. */
export interface PeopleFilterForm {
  role: ApplicantRole | '';
  careerYears: string;
  skillLevel: '' | 'none' | `${number}`;
  minHours: string;
  maxHours: string;
  friendStatus: FriendStatus | '';
  placement: Placement | '';
  /** Part of a name, nickname or career card ID. */
  q: string;
}

export const NO_PEOPLE_FILTERS: PeopleFilterForm = {
  role: '',
  careerYears: '',
  skillLevel: '',
  minHours: '',
  maxHours: '',
  friendStatus: '',
  placement: '',
  q: '',
};

const hours = (text: string) => (text === '' ? undefined : Number(text));

/** A minimum above the maximum matches nobody: the fields say so instead of showing an empty list. */
export const hoursRangeInvalid = (form: PeopleFilterForm) =>
  form.minHours !== '' && form.maxHours !== '' && Number(form.minHours) > Number(form.maxHours);

export function toPersonFilters(form: PeopleFilterForm): PersonFilters {
  return {
    role: form.role || undefined,
    careerYears: form.careerYears || undefined,
    skillLevel: form.skillLevel === '' ? undefined : form.skillLevel === 'none' ? 'none' : Number(form.skillLevel),
    minHours: hours(form.minHours),
    maxHours: hours(form.maxHours),
    friendStatus: form.friendStatus || undefined,
    placement: form.placement || undefined,
    q: form.q.trim() || undefined,
  };
}

/** The query string of the people filters: only those set (the service takes the same fields). */
export function peopleFilterQuery(form: PeopleFilterForm): Record<string, string> {
  return Object.fromEntries(Object.entries({ ...form, q: form.q.trim() }).filter(([, v]) => v !== '')) as Record<
    string,
    string
  >;
}
