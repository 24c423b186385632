import { teamScoreChanged, type Profile } from './score';
import type { Applicant, MatchOptions, Role, TeamMakeup } from './types';
import type { Unit } from './units';

/** One member on the board. `pinned` members never move (operator locks and their friend groups). */
export interface Slot {
  applicant: Applicant;
  profile: Profile;
  /** The operator locked this member (or the whole team). */
  locked: boolean;
  pinned: boolean;
  /** The friend group this member came with, when more than one person. */
  group: Unit | null;
}

export interface Team {
  key: string;
  /** A whole team the operator locked: kept exactly as it is. */
  locked: boolean;
  members: Slot[];
  roleCount: Record<Role, number>;
  strengthSum: number;
  score: number;
  index: number;
  /** Bumped on every change, so heap entries taken before it are known to be stale. */
  version: number;
}

export function seatsFor(makeup: TeamMakeup, role: Role): number | null {
  const seats = makeup.seats[role];
  return seats === undefined || seats === null ? null : seats;
}

export function fixedRoles(makeup: TeamMakeup): Role[] {
  return (['PLANNER', 'DESIGNER', 'DEVELOPER'] as const).filter((r) => (seatsFor(makeup, r) ?? 0) > 0);
}

export function newTeam(key: string, index: number, locked = false): Team {
  return {
    key,
    locked,
    members: [],
    roleCount: { PLANNER: 0, DESIGNER: 0, DEVELOPER: 0 },
    strengthSum: 0,
    score: 0,
    index,
    version: 0,
  };
}

/** Whether these roles can join the team without passing its size or any role's seats. */
export function fits(team: Team, roles: readonly Role[], makeup: TeamMakeup): boolean {
  if (team.members.length + roles.length > makeup.maxSize) return false;
  // Called for every team and member while placing: no allocation here.
  for (let i = 0; i < roles.length; i += 1) {
    const role = roles[i]!;
    const seats = seatsFor(makeup, role);
    if (seats === null) continue;
    let adding = 0;
    for (const other of roles) if (other === role) adding += 1;
    if (team.roleCount[role] + adding > seats) return false;
  }
  return true;
}

export function add(team: Team, slot: Slot, options: MatchOptions): void {
  team.version += 1;
  team.members.push(slot);
  team.roleCount[slot.applicant.role] += 1;
  team.strengthSum += slot.profile.strength;
  team.score = teamScoreChanged(team.members, null, null, options);
}

export function remove(team: Team, slot: Slot, options: MatchOptions): void {
  team.version += 1;
  team.members.splice(team.members.indexOf(slot), 1);
  team.roleCount[slot.applicant.role] -= 1;
  team.strengthSum -= slot.profile.strength;
  team.score = teamScoreChanged(team.members, null, null, options);
}

/** Emptier teams first, then weaker ones: sizes stay within one of each other and strength evens out. */
export function byNeed(a: Team, b: Team): number {
  return a.members.length - b.members.length || a.strengthSum - b.strengthSum || a.index - b.index;
}
