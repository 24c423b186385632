import type { TeamMakeup } from '@sq/contracts';

/** "6~8명", or "4명" when fixed. */
export function teamSizeText(makeup: TeamMakeup): string {
  return makeup.minSize === makeup.maxSize ? `${makeup.minSize}명` : `${makeup.minSize}~${makeup.maxSize}명`;
}

/** "기획 2명 · 디자인 2명 · 개발 4명"; empty when no role has fixed seats. */
export function roleSeatsText(makeup: TeamMakeup): string {
  const parts: [string, number | null][] = [
    ['기획', makeup.roles.planner],
    ['디자인', makeup.roles.designer],
    ['개발', makeup.roles.developer],
  ];
  return parts
    .filter(([, n]) => n !== null && n > 0)
    .map(([name, n]) => `${name} ${n}명`)
    .join(' · ');
}

/** The team make-up in one line, e.g. "한 팀 6~8명 (기획 2명 · 디자인 2명 · 개발 4명)". */
export function teamMakeupText(makeup: TeamMakeup | null): string {
  if (!makeup) return '팀 빌딩 없이 개인으로 참여해요';
  const seats = roleSeatsText(makeup);
  return `한 팀 ${teamSizeText(makeup)}${seats ? ` (${seats})` : ''}`;
}
