import type { ProductKind } from './programs';

/**
 * The application state machine, the payment policy names, applicant roles and the apply wizard's flows and
 * paths: plain data with no schema library, so a screen that only labels a state or links to a wizard step
 * (the operators' cohort list, a recruit page) does not download zod and the message catalogue.
 * `./applications` re-exports all of it next to the request schemas and response shapes.
 */

// ---------------------------------------------------------------------------------------------------------
// State machine
// ---------------------------------------------------------------------------------------------------------

export const APPLICATION_STATES = [
  'DRAFT',
  'SUBMITTED',
  'PAYMENT_FAILED',
  'RESERVED',
  'PAID',
  'WAITLISTED',
  'TEAM_BUILDING',
  'ASSIGNED',
  'COMPLETED',
  'CANCELLED',
  'AUTO_CANCELLED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
  'DROPPED',
] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/** Korean label of each state, as my page and the operators' console show it. */
export const APPLICATION_STATE_NAMES: Record<ApplicationState, string> = {
  DRAFT: '작성 중',
  SUBMITTED: '결제 대기',
  PAYMENT_FAILED: '결제 실패',
  RESERVED: '결제 예약',
  PAID: '결제 완료',
  WAITLISTED: '대기',
  TEAM_BUILDING: '팀 빌딩 중',
  ASSIGNED: '팀 배정 완료',
  COMPLETED: '수료',
  CANCELLED: '지원 취소',
  AUTO_CANCELLED: '자동 취소',
  REFUNDED: '환불 완료',
  PARTIALLY_REFUNDED: '부분 환불',
  DROPPED: '중도 하차',
};

/**
 * Allowed transitions as data (from -> to). Meaning of each state:
 * - DRAFT: the wizard is being filled in (required, aside, program steps); resumable.
 * - SUBMITTED: all answers given, consents ticked at the book step, the card page is open (nothing reserved yet).
 * - PAYMENT_FAILED: the PG refused the card (at billing-key issue or at a charge); the answers are kept, the
 *   member retries (-> SUBMITTED) or operators retry the charge (-> ASSIGNED).
 * - RESERVED: billing key issued, nothing charged (programs that build teams: charged when the team is published).
 * - PAID: charged at purchase (the planner course and generic products).
 * - WAITLISTED: reserved or paid but waiting for a seat (operators).
 * - TEAM_BUILDING: in the cohort's team building (operators; member cancellation goes through the support channel).
 * - ASSIGNED: in a published team; charged.
 * - COMPLETED: finished the program. Rewards paid back later (referral, top student, completion) are refunds
 *   recorded on the payment and do not change the state.
 * - CANCELLED: withdrawn with nothing charged, or charged and nothing to refund.
 * - AUTO_CANCELLED: no team was built for the member by the team-building announcement; the reservation is released.
 * - REFUNDED / PARTIALLY_REFUNDED: withdrawn after a charge; all or part of the fee paid back.
 * - DROPPED: removed during the program (e.g. the sprint's two missed check-ins).
 */
export const APPLICATION_TRANSITIONS: Record<ApplicationState, readonly ApplicationState[]> = {
  DRAFT: ['SUBMITTED', 'CANCELLED'],
  SUBMITTED: ['RESERVED', 'PAID', 'PAYMENT_FAILED', 'CANCELLED'],
  PAYMENT_FAILED: ['SUBMITTED', 'ASSIGNED', 'CANCELLED', 'AUTO_CANCELLED'],
  RESERVED: ['TEAM_BUILDING', 'WAITLISTED', 'ASSIGNED', 'PAYMENT_FAILED', 'CANCELLED', 'AUTO_CANCELLED'],
  PAID: [
    'TEAM_BUILDING',
    'WAITLISTED',
    'ASSIGNED',
    'COMPLETED',
    'CANCELLED',
    'REFUNDED',
    'PARTIALLY_REFUNDED',
    'DROPPED',
  ],
  WAITLISTED: [
    'TEAM_BUILDING',
    'ASSIGNED',
    'PAYMENT_FAILED',
    'CANCELLED',
    'AUTO_CANCELLED',
    'REFUNDED',
    'PARTIALLY_REFUNDED',
  ],
  TEAM_BUILDING: [
    'ASSIGNED',
    'WAITLISTED',
    'PAYMENT_FAILED',
    'CANCELLED',
    'AUTO_CANCELLED',
    'REFUNDED',
    'PARTIALLY_REFUNDED',
  ],
  ASSIGNED: ['COMPLETED', 'DROPPED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'CANCELLED'],
  COMPLETED: [],
  CANCELLED: [],
  AUTO_CANCELLED: [],
  REFUNDED: [],
  PARTIALLY_REFUNDED: ['REFUNDED'],
  DROPPED: [],
};

export function canTransition(from: ApplicationState, to: ApplicationState): boolean {
  return APPLICATION_TRANSITIONS[from].includes(to);
}

/**
 * Live: the application still takes part (or may still) in its cohort. At most one live application per
 * member and cohort (a partial unique index in the programs service).
 */
export const LIVE_STATES: readonly ApplicationState[] = [
  'DRAFT',
  'SUBMITTED',
  'PAYMENT_FAILED',
  'RESERVED',
  'PAID',
  'WAITLISTED',
  'TEAM_BUILDING',
  'ASSIGNED',
  'COMPLETED',
];
/** No longer part of the cohort; a member may apply to it again. */
export const ENDED_STATES: readonly ApplicationState[] = [
  'CANCELLED',
  'AUTO_CANCELLED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
  'DROPPED',
];
/** Counted as applicants on the recruit pages (live and past the wizard). */
export const APPLICANT_STATES: readonly ApplicationState[] = LIVE_STATES.filter((s) => s !== 'DRAFT');
/** The member may still change their answers (nothing reserved or charged yet). */
export const EDITABLE_STATES: readonly ApplicationState[] = ['DRAFT', 'SUBMITTED', 'PAYMENT_FAILED'];
/** The member may cancel these themselves, while the cohort has not started team building. */
export const MEMBER_CANCELLABLE_STATES: readonly ApplicationState[] = [
  'DRAFT',
  'SUBMITTED',
  'PAYMENT_FAILED',
  'RESERVED',
  'PAID',
  'WAITLISTED',
];

export const isLiveState = (state: ApplicationState) => LIVE_STATES.includes(state);

/** Who made a transition (the history row's actor). */
export type ApplicationActor = 'MEMBER' | 'OPERATOR' | 'SYSTEM' | 'PG';

// ---------------------------------------------------------------------------------------------------------
// Payment policy per product (data in the product row, never a slug check)
// ---------------------------------------------------------------------------------------------------------

/** ON_TEAM_PUBLISH: reserve at application, charge when the member's team is published. AT_PURCHASE: charge at once. */
export type ChargePolicy = 'ON_TEAM_PUBLISH' | 'AT_PURCHASE';

export type ApplicantRole = 'PLANNER' | 'DESIGNER' | 'DEVELOPER';
export const APPLICANT_ROLES = ['PLANNER', 'DESIGNER', 'DEVELOPER'] as const;
export const ROLE_NAMES: Record<ApplicantRole, string> = {
  PLANNER: '기획자',
  DESIGNER: '디자이너',
  DEVELOPER: '개발자',
};

// ---------------------------------------------------------------------------------------------------------
// Wizard: flows, step order, routes (spec section 2)
// ---------------------------------------------------------------------------------------------------------

/** `intro` is public and saves nothing; `product` is the program's own questions (URL segment = the flow's product segment). */
export type WizardStep = 'intro' | 'required' | 'aside' | 'product' | 'book';
/** Steps whose answers the server stores, in order. */
export type AnswerStep = 'required' | 'aside' | 'product';
export const ANSWER_STEPS: readonly AnswerStep[] = ['required', 'aside', 'product'];

export interface ApplyFlow {
  kind: ProductKind;
  /** Steps in order, as the spec lists them for this flow (the success or fail page follows `book`). */
  steps: readonly WizardStep[];
  /** Wizard base path without the oddId, e.g. `/potenday/apply`; `{product}` is replaced by the product slug. */
  applyBase: string;
  /** Mobile payment callback base (PG redirect target at mobile widths); `/{oddId}` follows. */
  callbackBase: string;
  /** Success page base; `/{orderId}` (= joinId) follows. */
  successBase: string;
}

export const APPLY_FLOWS: Record<ProductKind, ApplyFlow> = {
  TEAM_PROJECT: {
    kind: 'TEAM_PROJECT',
    steps: ['intro', 'required', 'aside', 'product', 'book'],
    applyBase: '/{product}/apply',
    // The spec spells the 14-week project's callback this way.
    callbackBase: '/bisde/cb',
    successBase: '/{product}/book/success',
  },
  SPRINT: {
    kind: 'SPRINT',
    steps: ['required', 'aside', 'product', 'book'],
    applyBase: '/potenday/apply',
    callbackBase: '/potenday/cb',
    successBase: '/potenday/book/success',
  },
  COURSE: {
    kind: 'COURSE',
    steps: ['intro', 'required', 'aside', 'product', 'book'],
    applyBase: '/planx/apply',
    callbackBase: '/planx/cb',
    successBase: '/planx/book/success',
  },
  GENERIC: {
    kind: 'GENERIC',
    steps: ['required', 'aside', 'book'],
    applyBase: '/product/apply',
    callbackBase: '/product/cb',
    successBase: '/product/book/success',
  },
};

const fill = (path: string, slug: string) => path.replace('{product}', slug);

/** Site paths of one cohort's wizard (`step` absent: the first step), callback, success and fail pages. */
export const applyPaths = {
  step(kind: ProductKind, slug: string, oddId: number, step?: WizardStep): string {
    const flow = APPLY_FLOWS[kind];
    const base = `${fill(flow.applyBase, slug)}/${oddId}`;
    const target = step ?? flow.steps[0]!;
    if (target === 'intro') return base;
    // The program step's segment is the product's own name (/bside/apply/1/bside, /potenday/apply/1/potenday).
    return `${base}/${target === 'product' ? flowSegment(kind, slug) : target}`;
  },
  dupcheck: (kind: ProductKind, slug: string, oddId: number) =>
    `${fill(APPLY_FLOWS[kind].applyBase, slug)}/${oddId}/dupcheck`,
  callback: (kind: ProductKind, oddId: number) => `${APPLY_FLOWS[kind].callbackBase}/${oddId}`,
  success: (kind: ProductKind, slug: string, joinId: number) =>
    `${fill(APPLY_FLOWS[kind].successBase, slug)}/${joinId}`,
  /** `/{product}/book/fail/{oddId}`; the sprint, course and generic flows use their own first segment. */
  fail: (kind: ProductKind, slug: string, oddId: number) => `/${flowSegment(kind, slug)}/book/fail/${oddId}`,
};

/** First path segment of a flow: the product slug for the 14-week project, fixed names for the others. */
export function flowSegment(kind: ProductKind, slug: string): string {
  return fill(APPLY_FLOWS[kind].applyBase, slug).split('/')[1]!;
}

/** The answer steps of a flow, in order (`product` only where the flow has it). */
export function answerStepsOf(kind: ProductKind): AnswerStep[] {
  return APPLY_FLOWS[kind].steps.filter((s): s is AnswerStep => (ANSWER_STEPS as readonly string[]).includes(s));
}
