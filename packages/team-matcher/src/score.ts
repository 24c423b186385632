import type { Applicant, MatchOptions } from './types';

/** What the score needs of a member, with the cohort's averages filled in where a value is missing. */
export interface Profile {
  careerMonths: number;
  strength: number;
}

export interface CohortAverages {
  careerMonths: number;
  skillLevel: number;
  weeklyHours: number;
}

const mean = (values: number[], fallback: number) =>
  values.length ? values.reduce((s, v) => s + v, 0) / values.length : fallback;

export function cohortAverages(applicants: readonly Applicant[], options: MatchOptions): CohortAverages {
  return {
    careerMonths: mean(
      applicants.map((a) => a.careerMonths),
      0,
    ),
    // Nobody's level known: everyone counts as the middle of the scale, so the skill term is neutral.
    skillLevel: mean(
      applicants.flatMap((a) => (a.skillLevel === null ? [] : [a.skillLevel])),
      50,
    ),
    weeklyHours: mean(
      applicants.flatMap((a) => (a.weeklyHours === null ? [] : [a.weeklyHours])),
      options.hoursCap / 2,
    ),
  };
}

/** 0..100: career (capped), skill level and weekly hours (capped), weighted. */
export function profileOf(applicant: Applicant, averages: CohortAverages, options: MatchOptions): Profile {
  const career = Math.min(applicant.careerMonths, options.careerCapMonths) / options.careerCapMonths;
  const skill = (applicant.skillLevel ?? averages.skillLevel) / 100;
  const hours = Math.min(applicant.weeklyHours ?? averages.weeklyHours, options.hoursCap) / options.hoursCap;
  const strength = 100 * (options.careerWeight * career + options.skillWeight * skill + options.hoursWeight * hours);
  return { careerMonths: applicant.careerMonths, strength };
}

/**
 * A team's score: its members' mean strength, less a penalty for each member far from the team's median
 * career (a team where one person is years apart from the rest works badly either way round).
 */
export function teamScore(members: readonly Profile[], options: MatchOptions): number {
  return teamScoreChanged(members, null, null, options);
}

// Teams are small (at most a few dozen); one reused buffer keeps the search free of allocations.
let careers = new Float64Array(64);

/** The score of `members` without `without` and with `withProfile` added, without building a new list. */
export function teamScoreChanged(
  members: readonly { profile: Profile }[] | readonly Profile[],
  without: Profile | null,
  withProfile: Profile | null,
  options: MatchOptions,
): number {
  if (careers.length < members.length + 1) careers = new Float64Array(members.length * 2);
  let n = 0;
  let sum = 0;
  const push = (p: Profile) => {
    sum += p.strength;
    // Insertion sort as we go: the list stays ordered for the median.
    let i = n;
    while (i > 0 && careers[i - 1]! > p.careerMonths) {
      careers[i] = careers[i - 1]!;
      i -= 1;
    }
    careers[i] = p.careerMonths;
    n += 1;
  };
  for (const m of members) {
    const p = 'profile' in m ? m.profile : m;
    if (p !== without) push(p);
  }
  if (withProfile) push(withProfile);
  if (n === 0) return 0;
  const mid = n >> 1;
  const median = n % 2 ? careers[mid]! : (careers[mid - 1]! + careers[mid]!) / 2;
  let penalty = 0;
  for (let i = 0; i < n; i += 1) {
    const beyond = Math.abs(careers[i]! - median) - options.outlierMonths;
    if (beyond > 0) penalty += (options.outlierPenaltyPerYear * beyond) / 12;
  }
  return Math.max(0, sum / n - penalty);
}
