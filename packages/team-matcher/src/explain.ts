import { seatsFor, type Slot, type Team } from './board';
import { ROLE_NAMES, type Applicant, type TeamMakeup, type UnplacedReason } from './types';

/** 26 months -> 2년 2개월; 8 -> 8개월; 36 -> 3년. */
export function careerText(months: number): string {
  const whole = Math.round(months);
  const years = Math.floor(whole / 12);
  const rest = whole % 12;
  if (years === 0) return `${rest}개월`;
  return rest === 0 ? `${years}년` : `${years}년 ${rest}개월`;
}

/** The particle 으로/로: 개월 ends in ㄹ (로), 년 in ㄴ (으로). */
const withRo = (text: string) => (text.endsWith('개월') ? `${text}로` : `${text}으로`);

/** Within half a year of the cohort's average counts as about the same. */
const SIMILAR_MONTHS = 6;

export function placementText(
  slot: Slot,
  team: Team,
  makeup: TeamMakeup,
  cohortAverage: number,
  names: ReadonlyMap<number, string>,
): string {
  const role = slot.applicant.role;
  const seats = seatsFor(makeup, role);
  const parts: string[] = [];
  if (slot.locked) parts.push('운영자가 이 팀에 고정했어요.');
  const name = slot.applicant.name;
  parts.push(
    seats === null
      ? `${name}님은 ${ROLE_NAMES[role]}로 참여해요.`
      : `${name}님이 ${ROLE_NAMES[role]} 자리(${team.roleCount[role]}/${seats})를 채워요.`,
  );
  if (slot.group) {
    const friends = slot.group.members
      .filter((m) => m.id !== slot.applicant.id)
      .map((m) => names.get(m.id) ?? String(m.id));
    parts.push(`함께 신청한 ${friends.join(', ')}님과 같은 팀이에요.`);
  }
  const average = team.members.reduce((s, m) => s + m.applicant.careerMonths, 0) / team.members.length;
  const diff = average - cohortAverage;
  const comparison = Math.abs(diff) <= SIMILAR_MONTHS ? '과 비슷해요' : diff > 0 ? '보다 높아요' : '보다 낮아요';
  parts.push(`팀 평균 경력은 ${withRo(careerText(average))} 기수 평균 ${careerText(cohortAverage)}${comparison}.`);
  return parts.join(' ');
}

export function unplacedText(applicant: Applicant, reason: UnplacedReason, minSize: number): string {
  switch (reason) {
    case 'NO_SEAT_FOR_ROLE':
      return `${applicant.name}님이 지원한 ${ROLE_NAMES[applicant.role]} 자리가 모두 찼어요.`;
    case 'FRIEND_GROUP_DID_NOT_FIT':
      return `${applicant.name}님과 함께 신청한 친구들이 한 팀에 들어갈 자리가 없어요.`;
    case 'TEAM_TOO_SMALL':
      return `팀 최소 인원(${minSize}명)을 채울 지원자가 부족해 ${applicant.name}님이 들어갈 팀이 없어요.`;
  }
}
