import { seededRandom } from './random';
import type { Applicant, Role, TeamMakeup } from './types';

/** The three programs' team make-ups as the programs service stores them (seeds of services/programs). */
export const MAKEUPS = {
  teamProject: { minSize: 6, maxSize: 8, seats: { PLANNER: 2, DESIGNER: 2, DEVELOPER: 4 }, maxFriends: 2 },
  sprint: { minSize: 2, maxSize: 4, seats: {}, matchMinSize: 3, maxFriends: 0 },
  course: { minSize: 1, maxSize: 3, seats: { PLANNER: 3, DESIGNER: 0, DEVELOPER: 0 }, maxFriends: 0 },
} satisfies Record<string, TeamMakeup>;

/**
 * A random cohort for property tests and the bench: role mix skewed like real cohorts (more developers),
 * careers from new to veteran, some members without a check-up level, some mutual and one-sided friend
 * requests (at most `maxFriends` each).
 */
export function randomCohort(
  seed: number,
  size: number,
  maxFriends = 2,
  mix: Record<Role, number> = { PLANNER: 0.25, DESIGNER: 0.2, DEVELOPER: 0.55 },
): Applicant[] {
  const random = seededRandom(seed);
  const pickRole = (): Role => {
    const r = random();
    return r < mix.PLANNER ? 'PLANNER' : r < mix.PLANNER + mix.DESIGNER ? 'DESIGNER' : 'DEVELOPER';
  };
  const applicants: Applicant[] = Array.from({ length: size }, (_, i) => ({
    id: i + 1,
    name: `member${i + 1}`,
    role: pickRole(),
    careerMonths: Math.floor(6 + random() * random() * 180),
    skillLevel: random() < 0.7 ? Math.floor(20 + random() * 80) : null,
    weeklyHours: random() < 0.9 ? Math.floor(4 + random() * 20) : null,
    friendIds: [],
  }));
  for (const a of applicants) {
    if (random() > 0.1 || maxFriends === 0) continue;
    const friend = applicants[Math.floor(random() * size)]!;
    if (friend === a || a.friendIds.length >= maxFriends || friend.friendIds.length >= maxFriends) continue;
    (a.friendIds as number[]).push(friend.id);
    // Most requests are mutual; some are one-sided and bind no one.
    if (random() < 0.8) (friend.friendIds as number[]).push(a.id);
  }
  return applicants;
}
