import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import { careerYears, contactEmail, jobGroup, phone, position } from '../forms/fields';
import type { CohortStatus, ProductKind, RefundCase } from './programs';

/**
 * Applications (jid / joinId) and their payments: the one state machine every service and screen uses, the
 * apply wizard (step order, what each step saves), and the request/response shapes of the applications API
 * of the programs service. Paths are under `/api`.
 *
 * Compatibility: this file is the contract between the programs service, the wizard screens and my page.
 * Add states, fields and endpoints; never rename or remove one.
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
  PAID: ['TEAM_BUILDING', 'WAITLISTED', 'ASSIGNED', 'COMPLETED', 'CANCELLED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'DROPPED'],
  WAITLISTED: ['TEAM_BUILDING', 'ASSIGNED', 'PAYMENT_FAILED', 'CANCELLED', 'AUTO_CANCELLED', 'REFUNDED', 'PARTIALLY_REFUNDED'],
  TEAM_BUILDING: ['ASSIGNED', 'WAITLISTED', 'PAYMENT_FAILED', 'CANCELLED', 'AUTO_CANCELLED', 'REFUNDED', 'PARTIALLY_REFUNDED'],
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
  'DRAFT', 'SUBMITTED', 'PAYMENT_FAILED', 'RESERVED', 'PAID', 'WAITLISTED', 'TEAM_BUILDING', 'ASSIGNED', 'COMPLETED',
];
/** No longer part of the cohort; a member may apply to it again. */
export const ENDED_STATES: readonly ApplicationState[] = ['CANCELLED', 'AUTO_CANCELLED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'DROPPED'];
/** Counted as applicants on the recruit pages (live and past the wizard). */
export const APPLICANT_STATES: readonly ApplicationState[] = LIVE_STATES.filter((s) => s !== 'DRAFT');
/** The member may still change their answers (nothing reserved or charged yet). */
export const EDITABLE_STATES: readonly ApplicationState[] = ['DRAFT', 'SUBMITTED', 'PAYMENT_FAILED'];
/** The member may cancel these themselves, while the cohort has not started team building. */
export const MEMBER_CANCELLABLE_STATES: readonly ApplicationState[] = ['DRAFT', 'SUBMITTED', 'PAYMENT_FAILED', 'RESERVED', 'PAID', 'WAITLISTED'];

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
export const ROLE_NAMES: Record<ApplicantRole, string> = { PLANNER: '기획자', DESIGNER: '디자이너', DEVELOPER: '개발자' };

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
  dupcheck: (kind: ProductKind, slug: string, oddId: number) => `${fill(APPLY_FLOWS[kind].applyBase, slug)}/${oddId}/dupcheck`,
  callback: (kind: ProductKind, oddId: number) => `${APPLY_FLOWS[kind].callbackBase}/${oddId}`,
  success: (kind: ProductKind, slug: string, joinId: number) => `${fill(APPLY_FLOWS[kind].successBase, slug)}/${joinId}`,
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

// ---------------------------------------------------------------------------------------------------------
// Step answers (zod/mini: the screens validate with the same schemas the service enforces)
// ---------------------------------------------------------------------------------------------------------

const text = (max: number, required: string) =>
  z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(max, MESSAGES.applyTextTooLong));
const optionalUrl = z.optional(
  z.nullable(
    z.string({ error: MESSAGES.applyUrlFormat }).check(
      z.trim(),
      z.maxLength(300, MESSAGES.applyUrlFormat),
      z.refine((v) => v === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v), MESSAGES.applyUrlFormat),
    ),
  ),
);
const stringList = (maxItems: number, maxLength: number, required: string) =>
  z.array(z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(maxLength, MESSAGES.applyTextTooLong))).check(
    z.minLength(1, required),
    z.maxLength(maxItems, MESSAGES.applyTooManyItems),
  );

/** Months of IT work experience (the eligibility check reads it; the 14-week project needs at least 6). */
export const experienceMonths = z.number({ error: MESSAGES.applyExperienceRequired }).check(
  z.int(MESSAGES.applyExperienceRequired),
  z.gte(0, MESSAGES.applyExperienceRequired),
  z.lte(600, MESSAGES.applyExperienceRequired),
);

export const applicantRole = z.enum(APPLICANT_ROLES, { error: MESSAGES.applyRoleRequired });

/** required: contact (prefilled from the account), job, career and the role applied for. */
export const requiredStepSchema = z.object({
  contactEmail,
  phone,
  jobGroup,
  position,
  careerYears,
  experienceMonths,
  role: applicantRole,
}, { error: MESSAGES.badRequest });
export type RequiredStep = z.infer<typeof requiredStepSchema>;

/** Upper bound of the schema; the product's own `maxFriends` (2 for the 14-week project) is checked by the server. */
export const FRIEND_REQUESTS_MAX = 5;

/** aside: links, what they want to build, available time, friends to be placed with (career card IDs). */
export const asideStepSchema = z.object({
  portfolioUrl: optionalUrl,
  githubUrl: optionalUrl,
  wantToBuild: text(1000, MESSAGES.applyWantToBuildRequired),
  availableTime: text(200, MESSAGES.applyAvailableTimeRequired),
  /** Hours a week for the project (optional; the operators' team matcher balances teams with it). */
  weeklyHours: z.optional(z.nullable(z.number({ error: MESSAGES.applyWeeklyHours }).check(z.int(MESSAGES.applyWeeklyHours), z.gte(1, MESSAGES.applyWeeklyHours), z.lte(80, MESSAGES.applyWeeklyHours)))),
  friendCareerCardIds: z.array(z.string({ error: MESSAGES.applyFriendNotFound }).check(z.trim(), z.regex(/^[A-Za-z0-9]{2,20}$/, MESSAGES.applyFriendNotFound))).check(
    z.maxLength(FRIEND_REQUESTS_MAX, MESSAGES.applyTooManyFriends),
    z.refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, MESSAGES.applyFriendDuplicate),
  ),
}, { error: MESSAGES.badRequest });
export type AsideStep = z.infer<typeof asideStepSchema>;

/** The 14-week project asks questions of the role applied for (must match the required step's role). */
export const teamProjectRoleQuestions = z.discriminatedUnion('role', [
  z.object({ role: z.literal('PLANNER'), serviceExperience: text(1000, MESSAGES.applyAnswerRequired), documentTools: stringList(10, 40, MESSAGES.applyAnswerRequired) }),
  z.object({ role: z.literal('DESIGNER'), designTools: stringList(10, 40, MESSAGES.applyAnswerRequired), bestWork: text(1000, MESSAGES.applyAnswerRequired) }),
  z.object({ role: z.literal('DEVELOPER'), stack: stringList(15, 40, MESSAGES.applyAnswerRequired), shippedExperience: text(1000, MESSAGES.applyAnswerRequired) }),
], { error: MESSAGES.applyAnswerRequired });

export const productStepSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('TEAM_PROJECT'),
    motivation: text(1000, MESSAGES.applyAnswerRequired),
    roleQuestions: teamProjectRoleQuestions,
  }),
  z.object({
    kind: z.literal('SPRINT'),
    idea: text(1000, MESSAGES.applyAnswerRequired),
    stack: stringList(15, 40, MESSAGES.applyAnswerRequired),
  }),
  z.object({
    kind: z.literal('COURSE'),
    goals: text(1000, MESSAGES.applyAnswerRequired),
    planningExperience: text(1000, MESSAGES.applyAnswerRequired),
  }),
], { error: MESSAGES.badRequest });
export type ProductStep = z.infer<typeof productStepSchema>;

export const STEP_SCHEMAS = { required: requiredStepSchema, aside: asideStepSchema, product: productStepSchema } as const;

export interface ApplicationAnswers {
  required?: RequiredStep;
  aside?: AsideStep;
  product?: ProductStep;
}

/** Consents of the book step; `device` picks where the PG returns (desktop: the site's book page; mobile: the spec's callback). */
export const bookRequestSchema = z.object({
  agreeTerms: z.literal(true, { error: MESSAGES.applyConsentRequired }),
  agreePrivacy: z.literal(true, { error: MESSAGES.applyConsentRequired }),
  agreeRefundPolicy: z.literal(true, { error: MESSAGES.applyConsentRequired }),
  device: z.optional(z.enum(['desktop', 'mobile'])),
}, { error: MESSAGES.badRequest });
export type BookRequest = z.infer<typeof bookRequestSchema>;

/**
 * What the return page (desktop) or the mobile callback hands back from the PG's redirect query. The server
 * re-reads the billing key from the PG; the browser's word is never taken for it.
 */
export const paymentConfirmSchema = z.object({
  issueId: z.string({ error: MESSAGES.badRequest }).check(z.minLength(1, MESSAGES.badRequest), z.maxLength(100, MESSAGES.badRequest)),
  billingKey: z.optional(z.string().check(z.maxLength(200, MESSAGES.badRequest))),
  code: z.optional(z.string().check(z.maxLength(100, MESSAGES.badRequest))),
  message: z.optional(z.string().check(z.maxLength(500, MESSAGES.badRequest))),
}, { error: MESSAGES.badRequest });
export type PaymentConfirmRequest = z.infer<typeof paymentConfirmSchema>;

export const cancelRequestSchema = z.object({
  reason: z.optional(z.string().check(z.trim(), z.maxLength(300, MESSAGES.applyTextTooLong))),
}, { error: MESSAGES.badRequest });
export type CancelRequest = z.infer<typeof cancelRequestSchema>;

export const historyOneSchema = z.object({
  joinId: z.coerce.number({ error: MESSAGES.badRequest }).check(z.int(MESSAGES.badRequest), z.gte(1, MESSAGES.badRequest), z.lte(2_147_483_647, MESSAGES.badRequest)),
}, { error: MESSAGES.badRequest });
export type HistoryOneRequest = z.infer<typeof historyOneSchema>;

// ---------------------------------------------------------------------------------------------------------
// Response shapes
// ---------------------------------------------------------------------------------------------------------

export interface ApplicationSummary {
  joinId: number;
  oddId: number;
  productId: number;
  productSlug: string;
  productName: string;
  kind: ProductKind;
  chargePolicy: ChargePolicy;
  cohortName: string;
  cohortStatus: CohortStatus;
  /** YYYY-MM-DD (Asia/Seoul). */
  startDate: string;
  endDate: string;
  teamBuildingAnnounceDate: string | null;
  /** Null until the required step is saved. */
  role: ApplicantRole | null;
  roleName: string | null;
  state: ApplicationState;
  stateName: string;
  live: boolean;
  /** The next wizard step to fill in (`book` once all answers are in); null once past the wizard. */
  currentStep: WizardStep | null;
  feeKrw: number;
  /** ISO instants. */
  createdAt: string;
  submittedAt: string | null;
  updatedAt: string;
  /** Site paths: my page detail, the read-only answers, and the wizard step to resume (null when not editable). */
  links: { detail: string; answers: string; resume: string | null };
}

/** Order summary of the book step (and of the success page). */
export interface OrderSummary {
  joinId: number;
  oddId: number;
  productName: string;
  cohortName: string;
  role: ApplicantRole | null;
  roleName: string | null;
  feeKrw: number;
  /** "300,000원" */
  feeText: string;
  chargePolicy: ChargePolicy;
  /** When it will be charged, in Korean (e.g. 팀 빌딩 결과 발표일(2026.12.05)에 팀이 확정되면 결제돼요.). */
  chargeWhen: string;
  /** YYYY-MM-DD the charge is expected (team-building announcement); null for charge at purchase. */
  chargeOn: string | null;
  /** The program's individual-cancellation refund phases dated for this cohort (null `until`: counts from payment or open-ended). */
  refundSchedule: { case: RefundCase; phase: string; refundPercent: number; until: string | null }[];
}

export interface ApplicationDraft extends ApplicationSummary {
  flow: ApplyFlow;
  /** Answer steps of this flow, in order, and which of them are saved. */
  steps: { step: AnswerStep; saved: boolean }[];
  answers: ApplicationAnswers;
  /** The product's friend limit and experience requirement, for the screens' hints. */
  maxFriends: number;
  minExperienceMonths: number | null;
  order: OrderSummary;
  /** The last PG refusal (PAYMENT_FAILED), in Korean; null otherwise. */
  lastFailure: { code: string | null; message: string } | null;
}

export type PaymentEventType = 'RESERVED' | 'RELEASED' | 'CHARGED' | 'CHARGE_FAILED' | 'ISSUE_FAILED' | 'REFUNDED';
export const PAYMENT_EVENT_NAMES: Record<PaymentEventType, string> = {
  RESERVED: '결제 예약',
  RELEASED: '예약 해제',
  CHARGED: '결제',
  CHARGE_FAILED: '결제 실패',
  ISSUE_FAILED: '카드 등록 실패',
  REFUNDED: '환불',
};

export interface PaymentTimeline {
  chargePolicy: ChargePolicy;
  amountKrw: number;
  /** Masked card number, e.g. 424242******4242. */
  card: string | null;
  reservedAt: string | null;
  /** YYYY-MM-DD the reservation is expected to be charged (team programs), null otherwise. */
  chargeOn: string | null;
  chargedAt: string | null;
  chargedKrw: number;
  refundedKrw: number;
  /** What cancelling today would pay back (0 when nothing was charged). */
  refundableTodayKrw: number;
  /** Last day (YYYY-MM-DD, Asia/Seoul) of today's refund phase; null when open-ended or nothing to refund. */
  refundableUntil: string | null;
  events: { type: PaymentEventType; name: string; at: string; amountKrw: number; note: string | null }[];
}

export interface ApplicationHistoryEntry {
  from: ApplicationState | null;
  to: ApplicationState;
  toName: string;
  actor: ApplicationActor;
  reason: string | null;
  at: string;
}

export interface ApplicationDetail extends ApplicationSummary {
  answers: ApplicationAnswers;
  payment: PaymentTimeline;
  history: ApplicationHistoryEntry[];
  /** Whether the member may cancel now; `reason` says why not (Korean), e.g. the support-channel notice. */
  cancel: { allowed: boolean; reason: string | null; refundKrw: number };
}

/** GET /apply/{oddId}/dupcheck (member): the member's live application to this cohort, if any. */
export interface DupcheckResponse {
  applied: boolean;
  /** Present when applied; `links.detail` is the my-page page to show instead of a second wizard. */
  application: ApplicationSummary | null;
  /** Whether a new application could be started now (recruiting, not full), and why not in Korean. */
  open: boolean;
  closedReason: string | null;
}

/**
 * POST /apply/{oddId}/draft (member): start or resume the draft (201 created, 200 resumed). Refused: unknown
 * cohort 404; not recruiting, full or cancelled 409; a live application past the wizard 409 with
 * `fields.joinId`. GET /apply/{oddId}/draft: the draft (404 when none).
 */
export interface DraftResponse {
  draft: ApplicationDraft;
}

/**
 * PUT /apply/{oddId}/steps/{step} (member), step = required | aside | product, body = that step's schema.
 * A step before its earlier steps are saved: 409 (applyStepOrder). Eligibility and friend checks: 422.
 * Answers: DraftResponse.
 */
export type SaveStepResponse = DraftResponse;

/**
 * POST /apply/{oddId}/book (member), body BookRequest: all answers in -> SUBMITTED, and the hosted card page
 * to open (issueId bound to this application; redirectUrl back to the site or the mobile callback).
 */
export interface BookResponse {
  application: ApplicationSummary;
  order: OrderSummary;
  payment: { issueId: string; paymentPageUrl: string; redirectUrl: string };
}

/**
 * POST /apply/{oddId}/payment/confirm (member), body PaymentConfirmRequest: the return page and the mobile
 * callbacks call it. RESERVED (team programs) or PAID (charge at purchase) or PAYMENT_FAILED with the PG's
 * reason; calling it again answers the same. `next` is the site path to go to (success or fail page).
 */
export interface PaymentConfirmResponse {
  result: 'RESERVED' | 'PAID' | 'PAYMENT_FAILED';
  application: ApplicationSummary;
  order: OrderSummary;
  failure: { code: string | null; message: string } | null;
  next: string;
}

/** POST /applications/{joinId}/cancel (member): 409 with the support-channel message during team building. */
export interface CancelResponse {
  application: ApplicationDetail;
  refundKrw: number;
}

/** GET /join/history (member): all the member's applications, newest first (drafts included). */
export interface JoinHistoryResponse {
  applications: ApplicationSummary[];
}
/** POST /join/history/one {joinId} (member): one of the member's own applications (404 otherwise). */
export interface JoinHistoryOneResponse {
  application: ApplicationDetail;
}
/** GET /getJoinProject (member): the member's live applications past the wizard (current projects), newest first. */
export interface JoinProjectResponse {
  projects: ApplicationSummary[];
}

/** POST /payments/webhook (public, Standard Webhooks signed): `{ received: true }` once verified and queued. */
export interface WebhookResponse {
  received: boolean;
}
