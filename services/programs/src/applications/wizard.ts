import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import * as z from 'zod/mini';
import { MESSAGES } from '@sq/contracts';
import {
  EDITABLE_STATES,
  STEP_SCHEMAS,
  answerStepsOf,
  applyPaths,
  type AnswerStep,
  type ApplicationAnswers,
  type AsideStep,
  type ProductStep,
  type RequiredStep,
} from '@sq/contracts/api/applications';
import { ApiError, badRequest, conflict, notFound, type Row } from '@sq/service-kit';
import { cohortStatus } from '../schedule';
import { cohortToApply, toDates } from '../repositories/product-repository';
import {
  applicantCount,
  insertDraft,
  liveApplication,
  loadContext,
  updateApplication,
} from '../repositories/application-lifecycle-repository';
import { recordCardPageAttempt } from '../repositories/billing-key-repository';
import { pendingCharge } from '../repositories/payment-repository';
import { lockApplication, recordCreation, transition } from '../core/transition';
import { issueIdOf, memberCustomerId } from '../core/deps';
import { PAYMENT_RETRY_REASON, supersedeBillingKey } from '../payments/reservations';
import type { CareercardClient } from '../clients/careercard-client';

const unprocessable = (message: string, fields?: Record<string, string>) =>
  new ApiError(422, message, undefined, fields);

/** A cohort of a visible product with what the wizard checks, or 404 in Korean. */
export async function cohortForApply(knex: Knex, oddId: number): Promise<Row> {
  const cohort = await cohortToApply(knex, oddId);
  if (!cohort) throw notFound(MESSAGES.applyCohortNotFound);
  return cohort;
}

/** Why a new application to this cohort cannot start now (Korean), or null. */
export async function closedReason(knex: Knex, cohort: Row, now: Date): Promise<string | null> {
  const status = cohortStatus(toDates(cohort), now);
  if (status === 'CANCELLED') return MESSAGES.applyCohortCancelled;
  if (status !== 'RECRUITING') return MESSAGES.applyCohortNotRecruiting;
  if (cohort.capacity !== null && (await applicantCount(knex, cohort.odd_id)) >= cohort.capacity)
    return MESSAGES.applyCohortFull;
  return null;
}

/** The duplicate check: the member's live application to the cohort (if any), and why a new one cannot start now (null: it can). */
export async function dupcheck(
  app: FastifyInstance,
  userId: number,
  oddId: number,
  now: Date,
): Promise<{ row: Row | undefined; closedReason: string | null }> {
  const cohort = await cohortForApply(app.knex, oddId);
  const row = await liveApplication(app.knex, userId, oddId);
  return { row, closedReason: await closedReason(app.knex, cohort, now) };
}

/** The member's live application to a cohort of a visible product (the draft being written), or a Korean 404. */
export async function currentApplication(app: FastifyInstance, userId: number, oddId: number): Promise<Row> {
  await cohortForApply(app.knex, oddId);
  const row = await liveApplication(app.knex, userId, oddId);
  if (!row) throw notFound(MESSAGES.applyNotFound);
  return row;
}

/**
 * Starts the member's draft for a cohort, or resumes it. One live application per member and cohort is the
 * database's rule (partial unique index): concurrent starts insert once and the others read that row. A new
 * application queues the applicant-copy job with it (operators/people-copy.ts).
 */
export async function startDraft(
  app: FastifyInstance,
  userId: number,
  oddId: number,
  now: Date,
): Promise<{ row: Row; created: boolean }> {
  const { knex, jobs } = app;
  const cohort = await cohortForApply(knex, oddId);
  const existing = await liveApplication(knex, userId, oddId);
  if (existing && !EDITABLE_STATES.includes(existing.status))
    throw conflict(MESSAGES.applyAlreadyApplied, { joinId: String(existing.join_id) });
  const closed = await closedReason(knex, cohort, now);
  if (closed) throw conflict(closed);
  if (existing) return { row: existing, created: false };
  const inserted = await knex.transaction(async (trx) => {
    const joinId = await insertDraft(trx, { oddId, userId, feeKrw: cohort.fee_krw });
    if (joinId) {
      await recordCreation(trx, joinId, userId);
      // Its copy of who the member is (the operators' list searches it) is due from the start.
      await jobs.sendIn(trx, 'applicant-copy', {});
    }
    return joinId;
  });
  const row = await liveApplication(knex, userId, oddId);
  if (!row) throw conflict(MESSAGES.applyAlreadyApplied);
  if (!inserted && !EDITABLE_STATES.includes(row.status))
    throw conflict(MESSAGES.applyAlreadyApplied, { joinId: String(row.join_id) });
  return { row, created: Boolean(inserted) };
}

/** The member's draft that may still change, in a recruiting cohort; otherwise a Korean 4xx. */
async function editableDraft(knex: Knex, userId: number, oddId: number, now: Date): Promise<Row> {
  const cohort = await cohortForApply(knex, oddId);
  const row = await liveApplication(knex, userId, oddId);
  if (!row) throw notFound(MESSAGES.applyNotFound);
  if (!EDITABLE_STATES.includes(row.status)) throw conflict(MESSAGES.applyNotEditable, { joinId: String(row.join_id) });
  const status = cohortStatus(toDates(cohort), now);
  if (status !== 'RECRUITING')
    throw conflict(status === 'CANCELLED' ? MESSAGES.applyCohortCancelled : MESSAGES.applyCohortNotRecruiting);
  return row;
}

function parseStep(step: AnswerStep, body: unknown) {
  const result = z.safeParse(STEP_SCHEMAS[step], body);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw badRequest(Object.values(fields)[0] ?? MESSAGES.badRequest, fields);
}

const SEATS: Record<string, 'planner_seats' | 'designer_seats' | 'developer_seats'> = {
  PLANNER: 'planner_seats',
  DESIGNER: 'designer_seats',
  DEVELOPER: 'developer_seats',
};

function checkRequired(row: Row, answer: RequiredStep): void {
  if (row.min_team_size !== null && row[SEATS[answer.role]!] === 0)
    throw unprocessable(MESSAGES.applyRoleNotOpen, { role: MESSAGES.applyRoleNotOpen });
  if (row.min_experience_months !== null && answer.experienceMonths < row.min_experience_months) {
    const message = MESSAGES.applyNotEligible.replace('{n}', String(row.min_experience_months));
    throw unprocessable(message, { experienceMonths: message });
  }
}

/** Checks the friend requests; answers the members behind them (account user ids). */
async function checkAside(
  row: Row,
  answer: AsideStep,
  careercard: CareercardClient,
  userId: number,
): Promise<number[]> {
  const ids = answer.friendCareerCardIds;
  if (!ids.length) return [];
  if (row.max_friends === 0)
    throw unprocessable(MESSAGES.applyFriendsNotAllowed, { friendCareerCardIds: MESSAGES.applyFriendsNotAllowed });
  if (ids.length > row.max_friends) {
    const message = MESSAGES.applyTooManyFriends.replace('{n}', String(row.max_friends));
    throw unprocessable(message, { friendCareerCardIds: message });
  }
  let found: { profileId: string; userId: number | null }[];
  try {
    found = await careercard.lookup(ids);
  } catch {
    throw new ApiError(503, MESSAGES.applyFriendLookupFailed);
  }
  for (const id of ids) {
    const card = found.find((f) => f.profileId.toLowerCase() === id.toLowerCase());
    if (!card)
      throw unprocessable(`${MESSAGES.applyFriendNotFound} (${id})`, {
        friendCareerCardIds: MESSAGES.applyFriendNotFound,
      });
    if (card.userId === userId)
      throw unprocessable(MESSAGES.applyFriendSelf, { friendCareerCardIds: MESSAGES.applyFriendSelf });
  }
  return found.map((f) => f.userId).filter((id): id is number => id !== null);
}

function checkProduct(row: Row, answer: ProductStep, answers: ApplicationAnswers): void {
  if (answer.kind !== row.kind) throw unprocessable(MESSAGES.applyProductMismatch);
  if (answer.kind === 'TEAM_PROJECT' && answer.roleQuestions.role !== answers.required?.role)
    throw unprocessable(MESSAGES.applyRoleMismatch, { 'roleQuestions.role': MESSAGES.applyRoleMismatch });
}

/**
 * Saves one answer step after the server's own checks: the step belongs to the flow, every earlier step is
 * saved (ASVS 2.3.1: steps in order), the schema, eligibility, seats of the role, friends by career card.
 */
export async function saveStep(
  app: FastifyInstance,
  careercard: CareercardClient,
  userId: number,
  oddId: number,
  step: string,
  body: unknown,
  now: Date,
): Promise<Row> {
  const row = await editableDraft(app.knex, userId, oddId, now);
  const steps = answerStepsOf(row.kind);
  const index = steps.indexOf(step as AnswerStep);
  if (index < 0) throw notFound(MESSAGES.applyStepNotInFlow);
  const answers = (row.answers ?? {}) as ApplicationAnswers;
  if (steps.slice(0, index).some((earlier) => answers[earlier] === undefined)) throw conflict(MESSAGES.applyStepOrder);
  const answer = parseStep(step as AnswerStep, body);
  if (step === 'required') checkRequired(row, answer as RequiredStep);
  const friendUserIds = step === 'aside' ? await checkAside(row, answer as AsideStep, careercard, userId) : null;
  if (step === 'product') checkProduct(row, answer as ProductStep, answers);

  await app.knex.transaction(async (trx) => {
    const locked = await lockApplication(trx, row.join_id);
    if (!EDITABLE_STATES.includes(locked.status)) throw conflict(MESSAGES.applyNotEditable);
    const next: ApplicationAnswers = { ...(locked.answers ?? {}), [step]: answer };
    const changes: Record<string, unknown> = {};
    if (friendUserIds) changes.friend_user_ids = friendUserIds;
    if (step === 'required') {
      changes.role = (answer as RequiredStep).role;
      // The role's questions belong to the old role: asked again.
      if (next.product?.kind === 'TEAM_PROJECT' && next.product.roleQuestions.role !== changes.role)
        delete next.product;
    }
    const upcoming = steps.find((s) => next[s] === undefined) ?? 'book';
    await updateApplication(
      trx,
      row.join_id,
      { ...changes, answers: JSON.stringify(next), current_step: upcoming },
      { touch: true },
    );
  });
  return (await loadContext(app.knex, row.join_id))!;
}

/**
 * The book step: every answer is in and still consistent, the cohort still open -> SUBMITTED, and a new
 * card-page attempt bound to this application (issueId). Returns the hosted page URL and where the PG sends
 * the browser back (desktop: the book page; mobile: the spec's callback path).
 */
export async function book(
  app: FastifyInstance,
  userId: number,
  oddId: number,
  device: 'desktop' | 'mobile',
  now: Date,
) {
  const row = await editableDraft(app.knex, userId, oddId, now);
  const answers = (row.answers ?? {}) as ApplicationAnswers;
  if (answerStepsOf(row.kind).some((s) => answers[s] === undefined)) throw conflict(MESSAGES.applyStepOrder);
  if (answers.product) checkProduct(row, answers.product, answers);
  const cohort = await cohortForApply(app.knex, oddId);
  if (row.status === 'DRAFT') {
    const closed = await closedReason(app.knex, cohort, now);
    if (closed) throw conflict(closed);
  }
  const customerId = memberCustomerId(app.programsConfig.pg.customerIdSecret, userId);
  const { issueId, replaced } = await app.knex.transaction(async (trx) => {
    const locked = await lockApplication(trx, row.join_id);
    // A charge in flight (its answer lost) is settled by the repair job with the card it was asked with: a new card
    // page now would register a second key beside it, so none is offered until that charge is settled.
    if (await pendingCharge(trx, row.join_id)) throw conflict(MESSAGES.paymentInProgress);
    const attempt = Number(locked.issue_attempt) + 1;
    const columns = {
      issue_id: issueIdOf(row.join_id, attempt),
      issue_attempt: attempt,
      fee_krw: cohort.fee_krw,
      pg_customer_id: customerId,
    };
    // The card refused at charge time is replaced by the new attempt's: its key goes back to the PG (the
    // reservation-release job retries until the PG answers).
    if (locked.status === 'PAYMENT_FAILED' && locked.billing_key && !locked.billing_key_released_at) {
      await supersedeBillingKey(app.payments.deps, trx, {
        joinId: row.join_id,
        billingKey: locked.billing_key,
        issueId: null,
        cardNumber: locked.card_number,
        reason: 'REPLACED',
      });
    }
    await recordCardPageAttempt(trx, row.join_id, columns.issue_id, 'APPLY');
    if (locked.status === 'SUBMITTED') {
      await updateApplication(trx, row.join_id, columns, { touch: true });
    } else {
      await transition(trx, {
        joinId: row.join_id,
        to: 'SUBMITTED',
        actor: 'MEMBER',
        actorUserId: userId,
        reason: locked.status === 'PAYMENT_FAILED' ? PAYMENT_RETRY_REASON : '지원서 제출',
        changes: {
          ...columns,
          submitted_at: locked.submitted_at ?? now,
          billing_key: null,
          card_number: null,
          billing_key_released_at: null,
        },
      });
    }
    return {
      issueId: columns.issue_id,
      replaced: Boolean(locked.status === 'PAYMENT_FAILED' && locked.billing_key && !locked.billing_key_released_at),
    };
  });
  // Released now when the PG answers; otherwise the reservation-release job keeps trying.
  if (replaced)
    await app.payments
      .release(row.join_id)
      .catch((error: unknown) => app.log.warn({ err: error }, 'replaced billing key release deferred to the job'));
  const context = (await loadContext(app.knex, row.join_id))!;
  const path =
    device === 'mobile' ? applyPaths.callback(row.kind, oddId) : applyPaths.step(row.kind, row.slug, oddId, 'book');
  const redirectUrl = `${app.programsConfig.siteUrl}${path}`;
  const paymentPageUrl = app.payments.pg.issuePageUrl({
    issueId,
    issueName: `${row.product_name} ${row.cohort_name}`,
    customerId,
    redirectUrl,
  });
  return { row: context, payment: { issueId, paymentPageUrl, redirectUrl } };
}
