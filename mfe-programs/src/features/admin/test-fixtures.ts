import type { ProductSummary } from '@sq/contracts';
import type { AdminCohort, BoardResponse } from '@sq/contracts/api/operators';

/** Console test data shaped like the programs service's answers. */
export const products: ProductSummary[] = [
  { productId: 1, slug: 'bside', name: '14주 팀 프로젝트', kind: 'TEAM_PROJECT', summary: '', feeKrw: 300_000, recruiting: true } as ProductSummary,
  { productId: 2, slug: 'potenday', name: '10일 팀 스프린트', kind: 'SPRINT', summary: '', feeKrw: 30_000, recruiting: true } as ProductSummary,
];

export const sprintCohort: AdminCohort = {
  oddId: 212, productId: 2, productName: '10일 팀 스프린트', name: '10일 팀 스프린트 2027년 1월',
  recruitStart: '2026-12-01T01:00:00.000Z', recruitEnd: '2027-01-10T14:59:00.000Z', teamBuildingAnnounceDate: '2027-01-12', kickoffDate: null,
  startDate: '2027-01-13', endDate: '2027-01-22', capacity: 40, roleSeats: null,
  counts: { byState: { RESERVED: 5, WAITLISTED: 1 }, byRole: { DEVELOPER: 4, DESIGNER: 2 }, total: 6 },
};

const member = (joinId: number, name: string, role: 'PLANNER' | 'DESIGNER' | 'DEVELOPER', extra: Partial<BoardResponse['teams'][number]['members'][number]> = {}) => ({
  joinId, name, role, state: 'RESERVED' as const, careerMonths: 24, locked: false, explanation: `${name}: 개발자 자리를 채워요.`, ...extra,
});

export const board: BoardResponse = {
  oddId: 212,
  seed: 1,
  publishedAt: null,
  teams: [
    { key: 'T1', locked: false, score: 0.82, members: [member(1, '김하나', 'DEVELOPER'), member(2, '이둘', 'DESIGNER'), member(3, '박셋', 'DEVELOPER')] },
    { key: 'T2', locked: false, score: 0.77, members: [member(4, '최넷', 'DEVELOPER'), member(5, '정다섯', 'DESIGNER'), member(6, '한여섯', 'PLANNER')] },
  ],
  waitlist: [{ ...member(7, '오일곱', 'DEVELOPER'), reason: '개발자 자리가 남지 않았어요.' }],
};
