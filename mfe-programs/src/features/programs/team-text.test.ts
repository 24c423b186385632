import { describe, expect, it } from 'vitest';
import { teamMakeupText } from './team-text';

describe('teamMakeupText', () => {
  it('states size and seats per role as the programs data gives them', () => {
    expect(
      teamMakeupText({ minSize: 6, maxSize: 8, roles: { planner: 2, designer: 2, developer: 4 }, maxFriends: 2 }),
    ).toBe('한 팀 6~8명 (기획 2명 · 디자인 2명 · 개발 4명)');
    expect(
      teamMakeupText({
        minSize: 2,
        maxSize: 4,
        roles: { planner: null, designer: null, developer: null },
        maxFriends: 0,
      }),
    ).toBe('한 팀 2~4명');
    expect(
      teamMakeupText({ minSize: 1, maxSize: 3, roles: { planner: 3, designer: 0, developer: 0 }, maxFriends: 0 }),
    ).toBe('한 팀 1~3명 (기획 3명)');
    expect(
      teamMakeupText({
        minSize: 4,
        maxSize: 4,
        roles: { planner: null, designer: null, developer: null },
        maxFriends: 0,
      }),
    ).toBe('한 팀 4명');
    expect(teamMakeupText(null)).toBe('팀 빌딩 없이 개인으로 참여해요');
  });
});
