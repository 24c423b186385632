import { add, byNeed, fits, fixedRoles, newTeam, remove, seatsFor, type Slot, type Team } from './board';
import { MinHeap } from './heap';
import type { Profile } from './score';
import type { Applicant, MatchOptions, Role, TeamMakeup, UnplacedReason } from './types';
import type { Unit } from './units';

export interface Board {
  makeup: TeamMakeup;
  options: MatchOptions;
  /** The smallest team formed (the sprint matches groups of at least 3). */
  minSize: number;
  profiles: ReadonlyMap<number, Profile>;
  lockedTeams: readonly { key: string; members: readonly Applicant[] }[];
  /** Units with a member the operator fixed in a team, by that team's key. */
  pinnedUnits: readonly { unit: Unit; key: string }[];
  freeUnits: readonly Unit[];
}

export interface Placement {
  teams: Team[];
  unplaced: Map<number, UnplacedReason>;
}

const rolesOf = (unit: Unit) => unit.members.map((m) => m.role);

/**
 * Places everyone on `teamCount` unlocked teams (plus the locked ones), or answers null when that many teams
 * cannot all be valid (every fixed role covered, at least the minimum size). Seats go by application order;
 * friend groups are placed before singles, then every team gets one of each fixed role, then the rest go to
 * the emptiest, weakest team with a seat for them.
 */
export function place(board: Board, teamCount: number, lockedKeys: ReadonlySet<string>): Placement | null {
  const { makeup, options } = board;
  const unplaced = new Map<number, UnplacedReason>();
  const slot = (applicant: Applicant, pinned: boolean, locked: boolean, group: Unit | null): Slot => ({
    applicant,
    profile: board.profiles.get(applicant.id)!,
    pinned,
    locked,
    group,
  });

  const teams: Team[] = [];
  for (const locked of board.lockedTeams) {
    const team = newTeam(locked.key, teams.length, true);
    for (const member of locked.members) add(team, slot(member, true, true, null), options);
    teams.push(team);
  }
  const open: Team[] = [];
  const teamByKey = new Map<string, Team>();
  for (const { key } of board.pinnedUnits) {
    if (teamByKey.has(key) || open.length >= teamCount) continue;
    const team = newTeam(key, teams.length + open.length);
    teamByKey.set(key, team);
    open.push(team);
  }
  for (let n = 1; open.length < teamCount; n += 1) {
    const key = `T${n}`;
    if (lockedKeys.has(key) || teamByKey.has(key)) continue;
    const team = newTeam(key, teams.length + open.length);
    teamByKey.set(key, team);
    open.push(team);
  }

  for (const { unit, key } of board.pinnedUnits) {
    const team = teamByKey.get(key);
    if (!team || !fits(team, rolesOf(unit), makeup)) {
      for (const m of unit.members)
        unplaced.set(m.id, unit.members.length > 1 ? 'FRIEND_GROUP_DID_NOT_FIT' : 'NO_SEAT_FOR_ROLE');
      continue;
    }
    const group = unit.members.length > 1 ? unit : null;
    for (const m of unit.members) add(team, slot(m, true, true, group), options);
  }

  // Who gets a seat: application order, within the seats left per role and in total.
  const roleLeft: Record<Role, number> = { PLANNER: 0, DESIGNER: 0, DEVELOPER: 0 };
  let totalLeft = 0;
  for (const team of open) {
    totalLeft += makeup.maxSize - team.members.length;
    for (const role of ['PLANNER', 'DESIGNER', 'DEVELOPER'] as const) {
      const seats = seatsFor(makeup, role);
      roleLeft[role] += seats === null ? makeup.maxSize : seats - team.roleCount[role];
    }
  }
  const accepted: Unit[] = [];
  for (const unit of board.freeUnits) {
    const need: Partial<Record<Role, number>> = {};
    for (const role of rolesOf(unit)) need[role] = (need[role] ?? 0) + 1;
    const ok =
      unit.members.length <= totalLeft &&
      (Object.entries(need) as [Role, number][]).every(([r, n]) => roleLeft[r] >= n);
    if (!ok) {
      for (const m of unit.members)
        unplaced.set(m.id, unit.members.length > 1 ? 'FRIEND_GROUP_DID_NOT_FIT' : 'NO_SEAT_FOR_ROLE');
      continue;
    }
    accepted.push(unit);
    totalLeft -= unit.members.length;
    for (const [r, n] of Object.entries(need) as [Role, number][]) roleLeft[r] -= n;
  }

  const groups = accepted
    .filter((u) => u.members.length > 1)
    .sort((a, b) => b.members.length - a.members.length || a.order - b.order);
  for (const unit of groups) {
    let team: Team | undefined;
    for (const t of open) if (fits(t, rolesOf(unit), makeup) && (!team || byNeed(t, team) < 0)) team = t;
    if (!team) {
      for (const m of unit.members) unplaced.set(m.id, 'FRIEND_GROUP_DID_NOT_FIT');
      continue;
    }
    for (const m of unit.members) add(team, slot(m, false, false, unit), options);
  }

  const singles = accepted
    .filter((u) => u.members.length === 1)
    .map((u) => slot(u.members[0]!, false, false, null))
    .sort((a, b) => b.profile.strength - a.profile.strength || a.applicant.id - b.applicant.id);
  const taken = new Set<Slot>();
  for (const role of fixedRoles(makeup)) {
    const lacking = open.filter((t) => t.roleCount[role] === 0).sort(byNeed);
    const pool = singles.filter((s) => s.applicant.role === role && !taken.has(s));
    if (pool.length < lacking.length) return null;
    for (const [i, team] of lacking.entries()) {
      if (!fits(team, [role], makeup)) return null;
      add(team, pool[i]!, options);
      taken.add(pool[i]!);
    }
  }
  const seatsFree = neediestWithSeat(open, makeup);
  for (const s of singles) {
    if (taken.has(s)) continue;
    const target = seatsFree.take(s.applicant.role);
    if (!target) {
      unplaced.set(s.applicant.id, 'NO_SEAT_FOR_ROLE');
      continue;
    }
    add(target, s, options);
    seatsFree.changed(target);
  }

  if (!reachMinimum(open, makeup, board.minSize, options)) return null;
  return { teams: [...teams, ...open], unplaced };
}

/** Moves free members from larger teams into teams under the minimum; false when that cannot be done. */
function reachMinimum(open: Team[], makeup: TeamMakeup, minSize: number, options: MatchOptions): boolean {
  for (const team of open) {
    while (team.members.length < minSize) {
      let moved = false;
      for (const donor of open) {
        if (donor === team || donor.members.length <= minSize) continue;
        const candidate = donor.members.find((m) => {
          if (m.pinned || m.group || !fits(team, [m.applicant.role], makeup)) return false;
          return seatsFor(makeup, m.applicant.role) === null || donor.roleCount[m.applicant.role] > 1;
        });
        if (candidate) {
          remove(donor, candidate, options);
          add(team, candidate, options);
          moved = true;
          break;
        }
      }
      if (!moved) return false;
    }
  }
  return true;
}

interface Entry {
  team: Team;
  version: number;
  size: number;
  strength: number;
}

/**
 * Per role, the emptiest and then weakest team that still has a seat for it (byNeed), in O(log n) a
 * member: a heap per role with stale entries skipped, instead of scanning every team for every member.
 */
function neediestWithSeat(open: readonly Team[], makeup: TeamMakeup) {
  const before = (a: Entry, b: Entry) =>
    (a.size - b.size || a.strength - b.strength || a.team.index - b.team.index) < 0;
  const heaps: Record<Role, MinHeap<Entry>> = {
    PLANNER: new MinHeap(before),
    DESIGNER: new MinHeap(before),
    DEVELOPER: new MinHeap(before),
  };
  const changed = (team: Team) => {
    for (const role of ['PLANNER', 'DESIGNER', 'DEVELOPER'] as const) {
      if (fits(team, [role], makeup))
        heaps[role].push({ team, version: team.version, size: team.members.length, strength: team.strengthSum });
    }
  };
  for (const team of open) changed(team);
  return {
    changed,
    take(role: Role): Team | null {
      const heap = heaps[role];
      for (let top = heap.peek(); top; top = heap.peek()) {
        heap.pop();
        if (top.version === top.team.version && fits(top.team, [role], makeup)) return top.team;
      }
      return null;
    },
  };
}
