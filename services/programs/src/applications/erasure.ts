import type { Knex } from 'knex';
import { MEMBER_CANCEL_REASON } from '../payments/cancel';

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
 *  - the member's own words in a cancellation (`회원 취소: …` in application_history.reason, refund.reason and
 *    the refund's payment_event.note) -> `회원 취소`: the fact of a member's cancellation stays;
 *  - team_member.explanation of their seats and their entries in team_board.explanations (the matcher's text
 *    naming the friends they were placed with) -> removed.
 * Kept: ids, cohort, role, state and its history (who, when, from, to), fee, billing-key issue ids, the PG's
 * billing key (released once the application ended), the masked card, reservation, release and charge
 * times, charges, refunds and the payment timeline, the PG's failure messages, check-ins, team seats, audit log.
 *
 * Idempotent: asked again it changes nothing more (the first erasure time stays). It erases every application
 * of the member, a live one included (an application started in the moment before the withdrawal committed).
 */
export async function erasePersonalData(knex: Knex, userId: number, now: Date): Promise<ErasureResult> {
  return knex.transaction(async (trx) => {
    // Locked in join order, like every other writer of an application: a concurrent change waits, then sees the erasure.
    const rows: { join_id: number; odd_id: number; personal_data_erased_at: Date | null; answers: unknown; friend_user_ids: number[] }[] = await trx('application')
      .where({ user_id: userId })
      .orderBy('join_id')
      .forUpdate()
      .select('join_id', 'odd_id', 'personal_data_erased_at', 'answers', 'friend_user_ids');
    if (!rows.length) return { applications: 0, erased: 0 };
    const joinIds = rows.map((r) => r.join_id);
    const holding = rows.filter((r) => r.personal_data_erased_at === null || Object.keys((r.answers ?? {}) as object).length > 0 || (r.friend_user_ids ?? []).length > 0);

    await trx('application').whereIn('join_id', joinIds).update({
      answers: JSON.stringify({}),
      friend_user_ids: trx.raw(`'{}'::integer[]`),
      personal_data_erased_at: trx.raw('coalesce(personal_data_erased_at, ?)', [now]),
    });
    const ownWords = `${MEMBER_CANCEL_REASON}: %`;
    await trx('application_history').whereIn('join_id', joinIds).where({ actor: 'MEMBER' }).where('reason', 'like', ownWords).update({ reason: MEMBER_CANCEL_REASON });
    await trx('refund').whereIn('join_id', joinIds).where({ actor: 'MEMBER' }).where('reason', 'like', ownWords).update({ reason: MEMBER_CANCEL_REASON });
    await trx('payment_event').whereIn('join_id', joinIds).where({ type: 'REFUNDED' }).where('note', 'like', ownWords).update({ note: MEMBER_CANCEL_REASON });
    await trx('team_member').whereIn('join_id', joinIds).update({ explanation: '' });
    const oddIds = [...new Set(rows.map((r) => r.odd_id))];
    await trx('team_board').whereIn('odd_id', oddIds).update({ explanations: trx.raw('explanations - ?::text[]', [joinIds.map(String)]) });
    return { applications: rows.length, erased: holding.length };
  });
}
