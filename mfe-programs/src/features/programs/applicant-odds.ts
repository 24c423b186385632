import type { CohortApplicants, RoleApplicants } from '@sq/contracts/api/applicants';

export interface RoleOdds extends RoleApplicants {
  /** Applicants per seat of one team (null when the role has no fixed seats). */
  perSeat: number | null;
  /** Whole teams this role alone could fill. */
  teamsFillable: number | null;
  /** The role with the fewest applicants per seat: its applicants are the most likely to be placed. */
  scarce: boolean;
  /** Bar length, 0..1, relative to the busiest role. */
  fill: number;
  /** Korean one-liner for this role's odds. */
  hint: string;
}

export interface ApplicantOdds {
  roles: RoleOdds[];
  /** Complete teams the current applicants could make (the scarce role decides); null without fixed seats. */
  teams: number | null;
}

/**
 * Applicants per role against the team make-up, so a scarce role knows its odds: teams need every role's
 * seats, so the role with the fewest applicants per seat limits how many teams form, and its applicants are
 * the likeliest to be placed; a role with many applicants per seat competes for fewer places.
 */
export function applicantOdds(applicants: Pick<CohortApplicants, 'roles'>): ApplicantOdds {
  const seated = applicants.roles.filter((r) => r.seatsPerTeam !== null && r.seatsPerTeam > 0);
  const perSeat = (r: RoleApplicants) => (r.seatsPerTeam ? r.applicants / r.seatsPerTeam : null);
  const ratios = seated.map((r) => perSeat(r)!);
  const lowest = ratios.length ? Math.min(...ratios) : null;
  const highest = Math.max(1, ...applicants.roles.map((r) => perSeat(r) ?? r.applicants));
  const teams = seated.length ? Math.min(...seated.map((r) => Math.floor(r.applicants / r.seatsPerTeam!))) : null;
  const several = seated.length > 1;

  const roles = applicants.roles.map((r): RoleOdds => {
    const ratio = perSeat(r);
    const scarce = several && ratio !== null && ratio === lowest && ratios.some((x) => x > ratio);
    const teamsFillable = r.seatsPerTeam ? Math.floor(r.applicants / r.seatsPerTeam) : null;
    let hint: string;
    if (r.seatsPerTeam === null) hint = `${r.applicants}명 지원`;
    else if (scarce) hint = '지원자가 가장 적은 직군이에요. 지금 지원하면 팀 배정 가능성이 높아요.';
    else if (several && teams !== null && teamsFillable! > teams)
      hint = `팀 ${teamsFillable}개를 채울 만큼 지원했어요. 자리 경쟁이 있어요.`;
    else hint = `팀 ${teamsFillable}개를 채울 수 있어요.`;
    return { ...r, perSeat: ratio, teamsFillable, scarce, fill: Math.min(1, (ratio ?? r.applicants) / highest), hint };
  });
  return { roles, teams };
}
