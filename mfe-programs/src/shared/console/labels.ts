import {
  APPLICANT_ROLES,
  APPLICATION_STATE_NAMES,
  ROLE_NAMES,
  type ApplicantRole,
  type ApplicationState,
} from '@sq/contracts/api/application-states';
import type { FriendStatus, Placement } from '@sq/contracts/api/operators/applicants';
import { skillLevelName } from '@sq/contracts/itskill';

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

/** How the console names a person: nickname and name, or the application number when the member withdrew. */
export function personName(person: { joinId: number; alias: string | null; name: string | null }): string {
  if (person.alias && person.name) return `${person.alias} (${person.name})`;
  return person.alias ?? person.name ?? `#${person.joinId}`;
}

export const skillText = (level: number | null) =>
  level === null ? '검사 안 함' : `레벨 ${level} · ${skillLevelName(level)}`;
export const hoursText = (hours: number | null) => (hours === null ? '시간 미정' : `주 ${hours}시간`);

export const FRIEND_STATUS_NAMES: Record<FriendStatus, string> = {
  NONE: '요청 없음',
  HONOURED: '모두 같은 팀',
  NOT_HONOURED: '같은 팀 아님',
  UNDECIDED: '배정 전',
};
export const PLACEMENT_NAMES: Record<Placement, string> = {
  PLACED: '팀 배정',
  WAITLISTED: '대기 명단',
  NOT_ON_BOARD: '보드에 없음',
};
