import { add, fits, remove, seatsFor, type Slot, type Team } from './board';
import { MinHeap } from './heap';
import { teamScoreChanged } from './score';
import type { MatchOptions, TeamMakeup } from './types';

/** Random partners tried for the weakest team before the search stops (it is as good as it gets). */
const PARTNERS_PER_ROUND = 16;
/** Passes over every team for the weakest one, when random partners found no improvement. */
const MAX_FULL_PASSES = 30;
const EPSILON = 1e-9;

interface Change {
  value: number;
  apply(): void;
}

/**
 * Local search that maximises the weakest team's score: each round takes the weakest team and looks, in a
 * few random partner teams, for a swap of two members of the same role (seats stay as they are) or a move
 * of one member that raises the lower of the two teams' scores above the current minimum. The minimum never
 * falls, and the seeded order of partners keeps the result the same for the same input.
 */
export function balanceTeams(
  teams: Team[],
  makeup: TeamMakeup,
  minSize: number,
  options: MatchOptions,
  random: () => number,
): void {
  const movable = teams.filter((t) => !t.locked);
  if (movable.length < 2) return;
  const maxRounds = options.roundsPerTeam * movable.length;
  // The weakest team in O(log n): a heap by score, entries of teams changed since are skipped.
  const heap = new MinHeap<{ team: Team; version: number; score: number }>(
    (a, b) => a.score < b.score || (a.score === b.score && a.team.index < b.team.index),
  );
  const track = (team: Team) => heap.push({ team, version: team.version, score: team.score });
  movable.forEach(track);
  let fullPasses = 0;
  for (let round = 0; round < maxRounds; round += 1) {
    let weakest: Team | undefined;
    while (!weakest && heap.size > 0) {
      const top = heap.pop()!;
      if (top.version === top.team.version) weakest = top.team;
    }
    if (!weakest) return;
    const attempt = (partner: Team) => {
      if (partner === weakest) return false;
      const change = bestChange(weakest, partner, makeup, minSize, options);
      if (!change) return false;
      change.apply();
      track(weakest);
      track(partner);
      return true;
    };
    let improved = false;
    for (let tries = 0; tries < PARTNERS_PER_ROUND && !improved; tries += 1)
      improved = attempt(movable[Math.floor(random() * movable.length)]!);
    // Random partners found nothing: look at every team before giving up (bounded, it costs a full pass).
    if (!improved && fullPasses < MAX_FULL_PASSES) {
      fullPasses += 1;
      for (const partner of movable) if ((improved = attempt(partner))) break;
    }
    if (!improved) return;
  }
}

const free = (team: Team) => team.members.filter((m) => !m.pinned && !m.group);

function keepsRole(team: Team, slot: Slot, makeup: TeamMakeup): boolean {
  // A team never loses the last member of a fixed role.
  return seatsFor(makeup, slot.applicant.role) === null || team.roleCount[slot.applicant.role] > 1;
}

function scoreWith(team: Team, without: Slot | null, withSlot: Slot | null, options: MatchOptions): number {
  return teamScoreChanged(team.members, without?.profile ?? null, withSlot?.profile ?? null, options);
}

/** Two members can trade places when they fill the same seat, or when neither role has fixed seats. */
function interchangeable(u: Slot, v: Slot, makeup: TeamMakeup): boolean {
  return (
    u.applicant.role === v.applicant.role ||
    (seatsFor(makeup, u.applicant.role) === null && seatsFor(makeup, v.applicant.role) === null)
  );
}

function bestChange(
  weak: Team,
  other: Team,
  makeup: TeamMakeup,
  minSize: number,
  options: MatchOptions,
): Change | null {
  const floor = weak.score + EPSILON;
  let best: Change | null = null;
  const consider = (value: number, apply: () => void) => {
    if (value > floor && (!best || value > best.value + EPSILON)) best = { value, apply };
  };
  const weakFree = free(weak);
  const otherFree = free(other);
  for (const u of weakFree) {
    for (const v of otherFree) {
      if (!interchangeable(u, v, makeup)) continue;
      const value = Math.min(scoreWith(weak, u, v, options), scoreWith(other, v, u, options));
      consider(value, () => {
        remove(weak, u, options);
        remove(other, v, options);
        add(weak, v, options);
        add(other, u, options);
      });
    }
  }
  // Moves change sizes: both teams stay within the size limits and keep every fixed role.
  if (other.members.length > minSize) {
    for (const v of otherFree) {
      if (!fits(weak, [v.applicant.role], makeup) || !keepsRole(other, v, makeup)) continue;
      const value = Math.min(scoreWith(weak, null, v, options), scoreWith(other, v, null, options));
      consider(value, () => {
        remove(other, v, options);
        add(weak, v, options);
      });
    }
  }
  if (weak.members.length > minSize) {
    for (const u of weakFree) {
      if (!fits(other, [u.applicant.role], makeup) || !keepsRole(weak, u, makeup)) continue;
      const value = Math.min(scoreWith(weak, u, null, options), scoreWith(other, null, u, options));
      consider(value, () => {
        remove(weak, u, options);
        add(other, u, options);
      });
    }
  }
  return best;
}
