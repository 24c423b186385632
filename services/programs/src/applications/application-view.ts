import type { Knex } from 'knex';
import { MESSAGES } from '@sq/contracts';
import { formatDate, formatKrw } from '@sq/contracts/format';
import type { Row } from '@sq/service-kit';
import {
  APPLICATION_STATE_NAMES,
  APPLY_FLOWS,
  EDITABLE_STATES,
  PAYMENT_EVENT_NAMES,
  ROLE_NAMES,
  answerStepsOf,
  applyPaths,
  isLiveState,
  type AnswerStep,
  type ApplicationAnswers,
  type ApplicationDetail,
  type ApplicationDraft,
  type ApplicationState,
  type ApplicationSummary,
  type OrderSummary,
  type PaymentEventType,
  type WizardStep,
} from '@sq/contracts/api/applications';
import { cohortStatus, lastDayOf } from '../schedule';
import { boundaryOf, refundRulesOf, toDates, toRefundRule } from '../repositories/product-repository';
import { historyOf } from '../repositories/application-lifecycle-repository';
import { chargedPayment, paymentEventsOf } from '../repositories/payment-repository';
import { unresolvedDeadline } from '../repositories/charge-deadline-repository';
import { ledgerLine } from '../core/refunds/ledger';
import { memberCancelBlock } from '../payments/cancel';

const iso = (value: Date | null | undefined) => (value ? new Date(value).toISOString() : null);
const feeOf = (row: Row): number => row.fee_krw ?? row.product_fee_krw;

/** The next wizard step of a draft: the first unsaved answer step, else book. */
export function nextStep(row: Row): WizardStep | null {
  if (!EDITABLE_STATES.includes(row.status)) return null;
  const answers = (row.answers ?? {}) as ApplicationAnswers;
  return answerStepsOf(row.kind).find((step) => answers[step] === undefined) ?? 'book';
}

export function toSummary(row: Row, now: Date): ApplicationSummary {
  const state = row.status as ApplicationState;
  const status = cohortStatus(toDates(row), now);
  const step = nextStep(row);
  return {
    joinId: row.join_id,
    oddId: row.odd_id,
    productId: row.product_id,
    productSlug: row.slug,
    productName: row.product_name,
    kind: row.kind,
    chargePolicy: row.charge_policy,
    cohortName: row.cohort_name,
    cohortStatus: status,
    startDate: row.start_date,
    endDate: row.end_date,
    teamBuildingAnnounceDate: row.team_building_announce_date,
    role: row.role,
    roleName: row.role ? ROLE_NAMES[row.role as keyof typeof ROLE_NAMES] : null,
    state,
    stateName: APPLICATION_STATE_NAMES[state],
    live: isLiveState(state),
    currentStep: step,
    feeKrw: feeOf(row),
    createdAt: iso(row.created_at)!,
    submittedAt: iso(row.submitted_at),
    updatedAt: iso(row.updated_at)!,
    links: {
      detail: `/mypage/history/${row.join_id}`,
      answers: `/mypage/apply/${row.join_id}`,
      resume: step && status === 'RECRUITING' ? applyPaths.step(row.kind, row.slug, row.odd_id, step) : null,
    },
  };
}

export async function orderSummary(knex: Knex | Knex.Transaction, row: Row): Promise<OrderSummary> {
  const rules = await refundRulesOf(knex, row.product_id, 'INDIVIDUAL');
  const dates = toDates(row);
  const atPurchase = row.charge_policy === 'AT_PURCHASE';
  const chargeOn = atPurchase ? null : row.team_building_announce_date;
  return {
    joinId: row.join_id,
    oddId: row.odd_id,
    productName: row.product_name,
    cohortName: row.cohort_name,
    role: row.role,
    roleName: row.role ? ROLE_NAMES[row.role as keyof typeof ROLE_NAMES] : null,
    feeKrw: feeOf(row),
    feeText: formatKrw(feeOf(row)),
    chargePolicy: row.charge_policy,
    chargeWhen: atPurchase
      ? MESSAGES.chargeAtPurchase
      : MESSAGES.chargeOnTeamPublish.replace('{date}', chargeOn ? formatDate(chargeOn) : '-'),
    chargeOn,
    refundSchedule: rules.map((rule) => ({
      case: rule.case_kind,
      phase: rule.phase,
      refundPercent: toRefundRule(rule).refundPercent,
      until: lastDayOf(boundaryOf(rule), dates),
    })),
  };
}

export function draftOf(row: Row, order: OrderSummary, now: Date): ApplicationDraft {
  const answers = (row.answers ?? {}) as ApplicationAnswers;
  return {
    ...toSummary(row, now),
    flow: APPLY_FLOWS[row.kind as keyof typeof APPLY_FLOWS],
    steps: answerStepsOf(row.kind).map((step: AnswerStep) => ({ step, saved: answers[step] !== undefined })),
    answers,
    maxFriends: row.max_friends,
    minExperienceMonths: row.min_experience_months,
    order,
    lastFailure: row.status === 'PAYMENT_FAILED' && row.last_failure ? row.last_failure : null,
  };
}

export async function detailOf(knex: Knex, row: Row, now: Date): Promise<ApplicationDetail> {
  const [history, events, charge, deadlineAt] = await Promise.all([
    historyOf(knex, row.join_id),
    paymentEventsOf(knex, row.join_id),
    chargedPayment(knex, row.join_id),
    unresolvedDeadline(knex, row.join_id),
  ]);
  const block = memberCancelBlock(row, now);
  // What cancelling now would give back, from the ledger (earlier refunds count toward it).
  const refundable =
    charge && charge.status !== 'CANCELLED' ? await ledgerLine(knex, row, { refundCase: 'INDIVIDUAL' }, now) : null;
  const answers = (row.answers ?? {}) as ApplicationAnswers;
  return {
    ...toSummary(row, now),
    answers,
    payment: {
      chargePolicy: row.charge_policy,
      amountKrw: feeOf(row),
      card: row.card_number,
      reservedAt: iso(row.reserved_at),
      chargeOn: row.charge_policy === 'ON_TEAM_PUBLISH' && !charge ? row.team_building_announce_date : null,
      chargedAt: iso(charge?.paid_at),
      chargedKrw: charge?.amount_krw ?? 0,
      refundedKrw: charge?.cancelled_krw ?? 0,
      refundableTodayKrw: refundable?.refundKrw ?? 0,
      refundableUntil: refundable && refundable.refundKrw > 0 ? refundable.refundableUntil : null,
      events: events.map((e) => ({
        type: e.type as PaymentEventType,
        name: PAYMENT_EVENT_NAMES[e.type as PaymentEventType],
        at: iso(e.created_at)!,
        amountKrw: e.amount_krw,
        note: e.note,
      })),
    },
    history: history.map((h) => ({
      from: h.from_status,
      to: h.to_status,
      toName: APPLICATION_STATE_NAMES[h.to_status as ApplicationState],
      actor: h.actor,
      reason: h.reason,
      at: iso(h.created_at)!,
    })),
    cancel: { allowed: block === null, reason: block, refundKrw: refundable?.refundKrw ?? 0 },
    // A declined team charge: another card may be registered until the deadline (routes/my-applications.ts).
    cardUpdate: {
      open: row.status === 'PAYMENT_FAILED' && deadlineAt !== null && deadlineAt.getTime() > now.getTime(),
      deadlineAt: row.status === 'PAYMENT_FAILED' ? iso(deadlineAt) : null,
    },
  };
}

/** The order and the detail the member routes answer with, read on the app's connection (routes hold none). */
export function createApplicationViews(knex: Knex) {
  return {
    order: (context: Row): Promise<OrderSummary> => orderSummary(knex, context),
    detail: (context: Row, now: Date): Promise<ApplicationDetail> => detailOf(knex, context, now),
  };
}
