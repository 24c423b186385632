import type { Knex } from 'knex';
import type { JobQueue } from '../jobs/queue';
import { MEMBER_CANCEL_REASON } from '../payments/cancel';
import {
  applicationsNamingCard,
  eraseApplications,
  eraseMatcherTexts,
  keepOnlyTheFact,
  lockBoardExplanations,
  lockForErasure,
  seatsMentioning,
  setBoardExplanations,
  setFriendCareerCards,
  setSeatExplanation,
} from '../repositories/personal-data-repository';
import { applicationsHoldingKeys, applicationsWithSupersededKeys } from '../repositories/billing-key-repository';
import { createWebhookSubscriptionRepository } from '../repositories/webhook-subscription-repository';

/**
 * What stands for a withdrawn member's former nickname in other members' placement texts: `{nickname}님`
 * becomes `탈퇴한 회원님` (OPERATORS.md, "Withdrawn members").
 */
export const WITHDRAWN_MEMBER_NAME = '탈퇴한 회원';

/** The names the member had before the account anonymised them (null: not known, e.g. an earlier withdrawal). */
export interface FormerNames {
  nickname?: string | null;
  careerCardId?: string | null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text with every whole-word `{nickname}` that the matcher wrote as a name (followed by 님, or by `, ` inside
 * its list `A, B님`) replaced by WITHDRAWN_MEMBER_NAME. Occurrences already inside WITHDRAWN_MEMBER_NAME stay
 * (a nickname like `회원`), so replacing again changes nothing.
 */
export function withoutNickname(text: string, nickname: string): string {
  const pattern = new RegExp(
    `(${escapeRegExp(WITHDRAWN_MEMBER_NAME)})|(?<=^|[\\s,])${escapeRegExp(nickname)}(?=님|, )`,
    'gu',
  );
  return text.replace(pattern, (_match, replaced: string | undefined) => replaced ?? WITHDRAWN_MEMBER_NAME);
}

export interface ErasureResult {
  /** The member's applications (all of them, whatever their state). */
  applications: number;
  /** Of those, how many this call erased: not erased before, or written to since (0 when simply asked again). */
  erased: number;
}

/**
 * Erases a withdrawn member's personal data from their applications, in one transaction, and keeps what the
 * contract and payment record needs (the privacy policy keeps it 5 years). Field by field (OPERATORS.md,
 * "Withdrawn members"):
 *  - application.answers -> {}: contact e-mail and phone (required step), job, career and experience months,
 *    portfolio and GitHub links, what they want to build, available time, weekly hours, the friends' career
 *    card IDs (aside step) and every answer of the program's own questions (product step);
 *  - application.friend_user_ids -> {}: the members they asked to be placed with;
 *  - the application's copies of their name, nickname, career card ID and IT skill check-up result (migration
 *    201: what the operators' list searches) -> null, and never copied again;
 *  - the member's own words in a cancellation (`회원 취소: …` in application_history.reason, refund.reason and
 *    the refund's payment_event.note) -> `회원 취소`: the fact of a member's cancellation stays;
 *  - team_member.explanation of their seats, their entries in team_board.explanations and the explanation of
 *    their team_board.unplaced entries (the matcher's texts name them and the friends they were placed with)
 *    -> removed.
 * With the former names the account sent (`names`; none for members who withdrew before it kept them), also in
 * other members' records:
 *  - `{nickname}님` in teammates' team_member.explanation and team_board.explanations of the member's cohorts
 *    -> `탈퇴한 회원님` (withoutNickname);
 *  - the member's career card ID (any case) in other applications' answers.aside.friendCareerCardIds -> removed.
 * The member's webhook subscriptions are deleted with their deliveries and attempts.
 * Kept: ids, cohort, role, state and its history (who, when, from, to), fee, billing-key issue ids, the PG's
 * billing key (released once the application ended), the masked card, reservation, release and charge
 * times, charges, refunds and the payment timeline, the PG's failure messages, check-ins, team seats, audit log.
 *
 * Idempotent: asked again it changes nothing more (the first erasure time stays). It erases every application
 * of the member, a live one included (an application started in the moment before the withdrawal committed).
 */
export async function erasePersonalData(
  { knex, jobs }: { knex: Knex; jobs?: JobQueue },
  userId: number,
  now: Date,
  names: FormerNames = {},
): Promise<ErasureResult> {
  const careerCardId = names.careerCardId?.trim() || null;
  const nickname = names.nickname || null;
  return knex.transaction(async (trx) => {
    // Other members' applications that name the member's career card as a friend's (read unlocked, locked below).
    const namingTheCard = careerCardId ? await applicationsNamingCard(trx, userId, careerCardId) : [];
    // Locked in join order, like every other writer of an application: a concurrent change waits, then sees the erasure.
    const locked = await lockForErasure(trx, userId, namingTheCard);
    for (const row of locked) {
      const listed = (row.answers as { aside?: { friendCareerCardIds?: unknown } } | null)?.aside?.friendCareerCardIds;
      if (row.user_id === userId || !careerCardId || !Array.isArray(listed)) continue;
      const kept = listed.filter((id) => typeof id !== 'string' || id.toLowerCase() !== careerCardId.toLowerCase());
      if (kept.length === listed.length) continue;
      await setFriendCareerCards(trx, row.join_id, kept);
    }
    // Their webhook subscriptions (endpoints they gave, the deliveries' log) go: nothing is sent for them any more.
    await createWebhookSubscriptionRepository(trx).removeAllOf(userId);
    const rows = locked.filter((r) => r.user_id === userId);
    if (!rows.length) return { applications: 0, erased: 0 };
    const joinIds = rows.map((r) => r.join_id);
    const holding = rows.filter(
      (r) =>
        r.personal_data_erased_at === null ||
        Object.keys((r.answers ?? {}) as object).length > 0 ||
        (r.friend_user_ids ?? []).length > 0,
    );

    await eraseApplications(trx, joinIds, now);
    await keepOnlyTheFact(trx, joinIds, MEMBER_CANCEL_REASON);
    const oddIds = [...new Set(rows.map((r) => r.odd_id))];
    // Their seats' and boards' texts, and the matcher's reason for leaving them unplaced: they name them.
    await eraseMatcherTexts(trx, joinIds, oddIds);
    if (nickname) await renameInTeammatesTexts(trx, oddIds, nickname);
    // A withdrawn member's keys can charge nothing any more: each application holding one (current or
    // superseded) gets a release job, sent only if the erasure commits (payments/reservations.ts keyReleasable).
    if (jobs) {
      const holdingKeys = await applicationsHoldingKeys(trx, joinIds);
      const superseded = await applicationsWithSupersededKeys(trx, { among: joinIds });
      for (const joinId of new Set([...holdingKeys, ...superseded]))
        await jobs.sendIn(trx, 'reservation-release', { joinId });
    }
    return { applications: rows.length, erased: holding.length };
  });
}

/** `{nickname}님` -> `탈퇴한 회원님` in the placement texts of the cohorts' seats and boards (only rows that change). */
async function renameInTeammatesTexts(trx: Knex.Transaction, oddIds: number[], nickname: string): Promise<void> {
  for (const seat of await seatsMentioning(trx, oddIds, nickname)) {
    const text = withoutNickname(seat.explanation, nickname);
    if (text !== seat.explanation) await setSeatExplanation(trx, seat.join_id, text);
  }
  for (const board of await lockBoardExplanations(trx, oddIds)) {
    const explanations = Object.fromEntries(
      Object.entries(board.explanations ?? {}).map(([joinId, text]) => [
        joinId,
        typeof text === 'string' ? withoutNickname(text, nickname) : text,
      ]),
    );
    if (JSON.stringify(explanations) !== JSON.stringify(board.explanations))
      await setBoardExplanations(trx, board.odd_id, explanations);
  }
}
