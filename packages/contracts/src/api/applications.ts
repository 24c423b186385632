import * as z from 'zod/mini';
import { CORE_MESSAGES } from '../core-messages';
import { APPLICATION_MESSAGES } from '../messages/applications';
import { productStepSchemaOf, stepSchemaOf, WIZARD_QUESTIONS } from './application-questions';
import type { CohortStatus, ProductKind, RefundCase } from './programs';
import {
  type AnswerStep,
  type ApplicantRole,
  type ApplicationActor,
  type ApplicationState,
  type ApplyFlow,
  type ChargePolicy,
  type WizardStep,
} from './application-states';

/**
 * Applications (jid / joinId) and their payments: the one state machine every service and screen uses and the
 * apply wizard's flows (application-states.ts, re-exported here), what each step saves, and the request/response
 * shapes of the applications API of the programs service. Paths are under `/api`.
 *
 * Compatibility: this file is the contract between the programs service, the wizard screens and my page.
 * Add states, fields and endpoints; never rename or remove one.
 */

export * from './application-states';

// ---------------------------------------------------------------------------------------------------------
// Step answers (zod/mini: the screens validate with the same schemas the service enforces), made from the
// wizard's questions (application-questions.ts, re-exported here)
// ---------------------------------------------------------------------------------------------------------

export * from './application-questions';

/** required: contact (prefilled from the account), job, career and the role applied for. */
export const requiredStepSchema = stepSchemaOf(WIZARD_QUESTIONS.required);
export type RequiredStep = z.infer<typeof requiredStepSchema>;

/** aside: links, what they want to build, available time, friends to be placed with (career card IDs). */
export const asideStepSchema = stepSchemaOf(WIZARD_QUESTIONS.aside);
export type AsideStep = z.infer<typeof asideStepSchema>;

/** The program's own questions; the 14-week project's of the role applied for (must match the required step's role). */
export const productStepSchema = productStepSchemaOf(WIZARD_QUESTIONS);
export type ProductStep = z.infer<typeof productStepSchema>;

export const STEP_SCHEMAS = {
  required: requiredStepSchema,
  aside: asideStepSchema,
  product: productStepSchema,
} as const;

export interface ApplicationAnswers {
  required?: RequiredStep;
  aside?: AsideStep;
  product?: ProductStep;
}

/** Consents of the book step; `device` picks where the PG returns (desktop: the site's book page; mobile: the spec's callback). */
export const bookRequestSchema = z.object(
  {
    agreeTerms: z.literal(true, { error: APPLICATION_MESSAGES.applyConsentRequired }),
    agreePrivacy: z.literal(true, { error: APPLICATION_MESSAGES.applyConsentRequired }),
    agreeRefundPolicy: z.literal(true, { error: APPLICATION_MESSAGES.applyConsentRequired }),
    device: z.optional(z.enum(['desktop', 'mobile'])),
  },
  { error: CORE_MESSAGES.badRequest },
);
export type BookRequest = z.infer<typeof bookRequestSchema>;

/**
 * What the return page (desktop) or the mobile callback hands back from the PG's redirect query. The server
 * re-reads the billing key from the PG; the browser's word is never taken for it.
 */
export const paymentConfirmSchema = z.object(
  {
    issueId: z
      .string({ error: CORE_MESSAGES.badRequest })
      .check(z.minLength(1, CORE_MESSAGES.badRequest), z.maxLength(100, CORE_MESSAGES.badRequest)),
    billingKey: z.optional(z.string().check(z.maxLength(200, CORE_MESSAGES.badRequest))),
    code: z.optional(z.string().check(z.maxLength(100, CORE_MESSAGES.badRequest))),
    message: z.optional(z.string().check(z.maxLength(500, CORE_MESSAGES.badRequest))),
  },
  { error: CORE_MESSAGES.badRequest },
);
export type PaymentConfirmRequest = z.infer<typeof paymentConfirmSchema>;

export const cancelRequestSchema = z.object(
  {
    reason: z.optional(z.string().check(z.trim(), z.maxLength(300, APPLICATION_MESSAGES.applyTextTooLong))),
  },
  { error: CORE_MESSAGES.badRequest },
);
export type CancelRequest = z.infer<typeof cancelRequestSchema>;

export const historyOneSchema = z.object(
  {
    joinId: z.coerce
      .number({ error: CORE_MESSAGES.badRequest })
      .check(
        z.int(CORE_MESSAGES.badRequest),
        z.gte(1, CORE_MESSAGES.badRequest),
        z.lte(2_147_483_647, CORE_MESSAGES.badRequest),
      ),
  },
  { error: CORE_MESSAGES.badRequest },
);
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
  /**
   * A team charge declined at publish: the member may register another card until `deadlineAt` (ISO time;
   * POST /applications/{joinId}/card). `open` is false once it passed or was resolved; `deadlineAt` is null
   * when there is no unresolved deadline.
   */
  cardUpdate: { open: boolean; deadlineAt: string | null };
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

/**
 * POST /applications/{joinId}/card (member, own application): after a declined team charge, a new card page
 * until the deadline, although the cohort no longer recruits. The PG returns to the mobile callback path, whose
 * confirm (POST /apply/{oddId}/payment/confirm) takes the new key (the application is a reservation again, the
 * old key released) and answers `next` = the application's my-page path. No declined charge 409 cardUpdateNotOpen;
 * past the deadline 409 cardUpdateClosed.
 */
export interface CardUpdateResponse {
  application: ApplicationDetail;
  payment: { issueId: string; paymentPageUrl: string; redirectUrl: string };
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
