import { balanceTeams } from './balance';
import { fixedRoles, seatsFor, type Team } from './board';
import { placementText, unplacedText } from './explain';
import { place, type Board, type Placement } from './place';
import { seededRandom } from './random';
import { cohortAverages, profileOf } from './score';
import { friendUnits, type Unit } from './units';
import {
  DEFAULT_MATCH_OPTIONS,
  type Applicant,
  type MatchInput,
  type MatchResult,
  type ProposedTeam,
  type Role,
  type UnplacedReason,
} from './types';

export * from './types';
export { careerText } from './explain';

/**
 * Proposes teams for one cohort. Hard rules: team size and seats per role (every fixed role at least once),
 * mutual friend requests kept together, locked members and teams kept where they are. Soft goal: the
 * weakest team as strong as possible (career, skill check-up level, weekly hours), without a member far
 * from the rest of the team. Deterministic for the same input and seed.
 */
export function matchTeams(input: MatchInput): MatchResult {
  const options = { ...DEFAULT_MATCH_OPTIONS, ...input.options };
  const { makeup } = input;
  const minSize = Math.max(makeup.minSize, makeup.matchMinSize ?? 0);
  const order = new Map(input.applicants.map((a, i) => [a.id, i]));
  const byId = new Map(input.applicants.map((a) => [a.id, a]));
  const averages = cohortAverages(input.applicants, options);
  const profiles = new Map(input.applicants.map((a) => [a.id, profileOf(a, averages, options)]));

  const lockedKeys = new Set(input.locks?.teams ?? []);
  const lockedTeams = [...lockedKeys].map((key) => ({
    key,
    members: (input.currentTeams?.[key] ?? []).flatMap((id) => byId.get(id) ?? []),
  }));
  const inLockedTeam = new Set(lockedTeams.flatMap((t) => t.members.map((m) => m.id)));
  const memberLocks = new Map<number, string>();
  for (const lock of input.locks?.members ?? []) {
    if (byId.has(lock.applicantId) && !inLockedTeam.has(lock.applicantId) && !lockedKeys.has(lock.teamKey))
      memberLocks.set(lock.applicantId, lock.teamKey);
  }

  const { pinnedUnits, freeUnits } = splitUnits(
    friendUnits(
      input.applicants.filter((a) => !inLockedTeam.has(a.id)),
      order,
    ),
    memberLocks,
  );
  const board: Board = { makeup, options, minSize, profiles, lockedTeams, pinnedUnits, freeUnits };
  const placement = bestPlacement(board, lockedKeys, new Set(pinnedUnits.map((p) => p.key)).size);

  balanceTeams(placement.teams, makeup, minSize, options, seededRandom(input.seed));
  return describe(placement, input, minSize, averages.careerMonths);
}

/** Units with an operator lock stay on their team; a friend group locked to two teams is split. */
function splitUnits(units: Unit[], memberLocks: ReadonlyMap<number, string>) {
  const pinnedUnits: { unit: Unit; key: string }[] = [];
  const freeUnits: Unit[] = [];
  for (const unit of units) {
    const keys = new Set(unit.members.flatMap((m) => memberLocks.get(m.id) ?? []));
    if (keys.size === 0) freeUnits.push(unit);
    else if (keys.size === 1) pinnedUnits.push({ unit, key: [...keys][0]! });
    else {
      for (const m of unit.members) {
        const single = { members: [m], order: unit.order };
        const key = memberLocks.get(m.id);
        if (key) pinnedUnits.push({ unit: single, key });
        else freeUnits.push(single);
      }
    }
  }
  return { pinnedUnits, freeUnits };
}

/** The most unlocked teams for which a valid board exists, trying fewer when one cannot be completed. */
function bestPlacement(board: Board, lockedKeys: ReadonlySet<string>, pinnedTeams: number): Placement {
  const movable = [...board.pinnedUnits.map((p) => p.unit), ...board.freeUnits].flatMap((u) => u.members);
  const count = (role: Role) => movable.filter((m) => m.role === role).length;
  const roles = fixedRoles(board.makeup);
  let teams = Math.floor(movable.length / board.minSize);
  for (const role of roles) teams = Math.min(teams, count(role));
  // Seats for the roles present must hold at least the minimum of every team.
  const seatsHold = (n: number) =>
    roles.length === 0 ||
    roles.reduce((sum, r) => sum + Math.min(count(r), n * (seatsFor(board.makeup, r) ?? 0)), 0) +
      movable.filter((m) => !roles.includes(m.role)).length >=
      n * board.minSize;
  while (teams > 0 && !seatsHold(teams)) teams -= 1;
  // As many people as the most teams could seat, on as few teams as seat them: fuller teams (the course's
  // teams of three rather than many of one), and nobody left out for it.
  const seated = (n: number) =>
    Math.min(
      n * board.makeup.maxSize,
      (['PLANNER', 'DESIGNER', 'DEVELOPER'] as const).reduce((sum, r) => {
        const seats = seatsFor(board.makeup, r);
        return sum + Math.min(count(r), seats === null ? count(r) : n * seats);
      }, 0),
    );
  const most = seated(teams);
  let fewest = teams;
  while (fewest > 1 && seated(fewest - 1) === most) fewest -= 1;
  for (let n = Math.max(fewest, pinnedTeams); n >= 1; n -= 1) {
    const placed = place(board, n, lockedKeys);
    if (placed) return placed;
  }
  // Not even one valid team: the locked teams stay, everyone else waits.
  const none = place(board, 0, lockedKeys) ?? { teams: [], unplaced: new Map<number, UnplacedReason>() };
  for (const m of movable) none.unplaced.set(m.id, 'TEAM_TOO_SMALL');
  return none;
}

function describe(placement: Placement, input: MatchInput, minSize: number, cohortAverage: number): MatchResult {
  const names = new Map(input.applicants.map((a) => [a.id, a.name]));
  const roleOrder: Record<Role, number> = { PLANNER: 0, DESIGNER: 1, DEVELOPER: 2 };
  const teams: ProposedTeam[] = placement.teams
    .filter((t) => t.members.length > 0)
    .map((team: Team) => ({
      key: team.key,
      locked: team.locked,
      score: Math.round(team.score * 10) / 10,
      averageCareerMonths: Math.round(
        team.members.reduce((s, m) => s + m.applicant.careerMonths, 0) / team.members.length,
      ),
      members: [...team.members]
        .sort((a, b) => roleOrder[a.applicant.role] - roleOrder[b.applicant.role] || a.applicant.id - b.applicant.id)
        .map((slot) => ({
          applicantId: slot.applicant.id,
          role: slot.applicant.role,
          locked: slot.locked,
          explanation: placementText(slot, team, input.makeup, cohortAverage, names),
        })),
    }));
  const byId = new Map<number, Applicant>(input.applicants.map((a) => [a.id, a]));
  const unplaced = [...placement.unplaced.entries()]
    .sort(([a], [b]) => a - b)
    .map(([applicantId, reason]) => ({
      applicantId,
      reason,
      explanation: unplacedText(byId.get(applicantId)!, reason, minSize),
    }));
  const scores = teams.map((t) => t.score);
  return {
    teams,
    unplaced,
    worstScore: scores.length ? Math.min(...scores) : 0,
    meanScore: scores.length ? Math.round((scores.reduce((s, v) => s + v, 0) / scores.length) * 10) / 10 : 0,
    cohortAverageCareerMonths: Math.round(cohortAverage),
  };
}
