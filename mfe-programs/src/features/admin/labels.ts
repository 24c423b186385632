import { APPLICANT_ROLES, APPLICATION_STATE_NAMES, ROLE_NAMES, type ApplicantRole, type ApplicationState } from '@sq/contracts/api/applications';

/** A role's Korean name; an application without one (a course) shows a dash. */
export const roleName = (role: ApplicantRole | null | undefined) => (role ? ROLE_NAMES[role] : '-');
export const stateName = (state: ApplicationState) => APPLICATION_STATE_NAMES[state];
export const ROLE_OPTIONS = APPLICANT_ROLES.map((code) => ({ code, name: ROLE_NAMES[code] }));

/** Months of experience as the console shows them: "3년 2개월", "8개월". */
export function careerText(months: number | null): string {
  if (months === null) return '-';
  const years = Math.floor(months / 12);
  const rest = months % 12;
  if (!years) return `${rest}개월`;
  return rest ? `${years}년 ${rest}개월` : `${years}년`;
}
