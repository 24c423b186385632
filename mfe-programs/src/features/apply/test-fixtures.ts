import type { CohortDetail, ProductDetail, SignedInUser } from '@sq/contracts';
import {
  APPLY_FLOWS,
  type ApplicationDraft,
  type ApplicationState,
  type WizardStep,
} from '@sq/contracts/api/applications';

/** Test data shaped like the programs service's answers (14-week project `bside`, cohort 12). */
export const cohort: CohortDetail = {
  oddId: 12,
  productId: 1,
  name: '12기',
  status: 'RECRUITING',
  statusName: '모집 중',
  recruiting: true,
  recruitStart: '2026-11-01T00:00:00Z',
  recruitEnd: '2026-12-10T14:59:59Z',
  teamBuildingAnnounceDate: '2026-12-15',
  kickoffDate: '2026-12-19',
  startDate: '2027-01-04',
  endDate: '2027-04-11',
  product: { productId: 1, slug: 'bside', name: '14주 팀 프로젝트', kind: 'TEAM_PROJECT', feeKrw: 300_000 },
  refundSchedule: [
    { case: 'INDIVIDUAL', phase: '팀 빌딩 결과 발표 전날까지', refundPercent: 100, until: '2026-12-14' },
  ],
};

export const product: ProductDetail = {
  productId: 1,
  slug: 'bside',
  name: '14주 팀 프로젝트',
  kind: 'TEAM_PROJECT',
  summary: '14주 동안 팀으로 서비스를 만들어요.',
  feeKrw: 300_000,
  recruiting: true,
  cohorts: [cohort],
  description: '',
  eligibility: 'IT 실무 경력 6개월 이상',
  teamMakeup: { minSize: 6, maxSize: 8, roles: { planner: 2, designer: 2, developer: 4 }, maxFriends: 2 },
  refundRules: [
    {
      case: 'INDIVIDUAL',
      phase: '팀 빌딩 결과 발표 전날까지',
      refundPercent: 100,
      refundRatio: { numerator: 1, denominator: 1 },
      refundAmountKrw: null,
      boundary: null,
      condition: null,
    },
    {
      case: 'INDIVIDUAL',
      phase: '시작 2주 후부터',
      refundPercent: 0,
      refundRatio: { numerator: 0, denominator: 1 },
      refundAmountKrw: null,
      boundary: null,
      condition: null,
    },
  ],
};

export const user = {
  email: 'member@example.com',
  contactEmail: 'contact@example.com',
  userPhone: '01012345678',
  userJobGroup: 'JG_DEV',
  userName: '김민지',
  userAlias: '민지',
} as SignedInUser;

export const jobGroups = [
  { code: 'JG_PLAN', name: '기획', positions: [{ code: 'POS_PM', name: 'PM' }] },
  {
    code: 'JG_DEV',
    name: '개발',
    positions: [
      { code: 'POS_FRONTEND', name: '프론트엔드' },
      { code: 'POS_BACKEND', name: '백엔드' },
    ],
  },
];
export const careerYears = [
  { code: 'CY_UNDER_6M', name: '6개월 미만', parentCode: null },
  { code: 'CY_1_3Y', name: '1년 이상 3년 미만', parentCode: null },
];

export function draftOf(
  overrides: Partial<ApplicationDraft> & { currentStep?: WizardStep | null; state?: ApplicationState } = {},
): ApplicationDraft {
  const base: ApplicationDraft = {
    joinId: 77,
    oddId: 12,
    productId: 1,
    productSlug: 'bside',
    productName: '14주 팀 프로젝트',
    kind: 'TEAM_PROJECT',
    chargePolicy: 'ON_TEAM_PUBLISH',
    cohortName: '12기',
    cohortStatus: 'RECRUITING',
    startDate: '2027-01-04',
    endDate: '2027-04-11',
    teamBuildingAnnounceDate: '2026-12-15',
    role: null,
    roleName: null,
    state: 'DRAFT',
    stateName: '작성 중',
    live: true,
    currentStep: 'required',
    feeKrw: 300_000,
    createdAt: '2026-11-20T01:00:00Z',
    submittedAt: null,
    updatedAt: '2026-11-20T01:00:00Z',
    links: { detail: '/mypage/history/77', answers: '/mypage/apply/77', resume: '/bside/apply/12/required' },
    flow: APPLY_FLOWS.TEAM_PROJECT,
    steps: [
      { step: 'required', saved: false },
      { step: 'aside', saved: false },
      { step: 'product', saved: false },
    ],
    answers: {},
    maxFriends: 2,
    minExperienceMonths: 6,
    order: {
      joinId: 77,
      oddId: 12,
      productName: '14주 팀 프로젝트',
      cohortName: '12기',
      role: 'DEVELOPER',
      roleName: '개발자',
      feeKrw: 300_000,
      feeText: '300,000원',
      chargePolicy: 'ON_TEAM_PUBLISH',
      chargeWhen: '팀 빌딩 결과 발표일(2026.12.15)에 팀이 확정되면 결제돼요.',
      chargeOn: '2026-12-15',
      refundSchedule: [
        { case: 'INDIVIDUAL', phase: '팀 빌딩 결과 발표 전날까지', refundPercent: 100, until: '2026-12-14' },
      ],
    },
    lastFailure: null,
  };
  return { ...base, ...overrides };
}

export const requiredAnswers = {
  contactEmail: 'contact@example.com',
  phone: '010-1234-5678',
  jobGroup: 'JG_DEV',
  position: 'POS_BACKEND',
  careerYears: 'CY_1_3Y',
  experienceMonths: 18,
  role: 'DEVELOPER' as const,
};
