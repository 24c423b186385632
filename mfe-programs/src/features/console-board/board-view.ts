import type { ApplicantRole } from '@sq/contracts/api/application-states';
import type { BoardMember, BoardResponse, BoardTeam } from '@sq/contracts/api/operators/board';

/** A key for a team the operator starts by moving someone into it: the matcher's `T{n}`, one past the highest. */
export function nextTeamKey(board: BoardResponse): string {
  const numbers = board.teamKeys
    .map((key) => /^T(\d+)$/.exec(key)?.[1])
    .filter(Boolean)
    .map(Number);
  return `T${(numbers.length ? Math.max(...numbers) : 0) + 1}`;
}

/** A team's name as the console numbers them: its place among every team of the board (`3팀`). */
export const teamName = (board: BoardResponse, key: string) => `${board.teamKeys.indexOf(key) + 1}팀`;

/** The team's make-up: members per role and the average career in months (rounded). */
export function makeup(members: readonly BoardMember[]): { byRole: [ApplicantRole, number][]; averageMonths: number } {
  const byRole = new Map<ApplicantRole, number>();
  for (const m of members) if (m.role) byRole.set(m.role, (byRole.get(m.role) ?? 0) + 1);
  const averageMonths = members.length
    ? Math.round(members.reduce((sum, m) => sum + m.careerMonths, 0) / members.length)
    : 0;
  return { byRole: [...byRole.entries()], averageMonths };
}

/** Where a member can go from where they are: the other teams (on any page), a new team, or the waitlist (when on a team). */
export function moveTargets(board: BoardResponse, from: BoardTeam | null): { value: string; label: string }[] {
  const teams = board.teamKeys.flatMap((key, i) =>
    key === from?.key ? [] : [{ value: key, label: `${i + 1}팀으로` }],
  );
  return [
    ...teams,
    { value: nextTeamKey(board), label: '새 팀으로' },
    ...(from ? [{ value: '', label: '대기 명단으로' }] : []),
  ];
}
