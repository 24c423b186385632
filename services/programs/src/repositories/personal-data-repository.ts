/**
 * A withdrawn member's personal data across the tables that hold it (src/applications/erasure.ts decides what
 * is erased and with what; OPERATORS.md, "Withdrawn members"). Every function runs in the erasure's transaction.
 */
import type { Knex } from 'knex';

/** What the erasure reads of an application, under its lock. */
export interface ErasureRow {
  join_id: number;
  odd_id: number;
  user_id: number;
  personal_data_erased_at: Date | null;
  answers: unknown;
  friend_user_ids: number[];
}

const FRIEND_CARDS = `answers->'aside'->'friendCareerCardIds'`;

/** Other members' applications that name the career card (any case) as a friend's (unlocked). */
export async function applicationsNamingCard(
  trx: Knex.Transaction,
  userId: number,
  careerCardId: string,
): Promise<number[]> {
  return trx('application')
    .whereNot({ user_id: userId })
    .whereRaw(
      `jsonb_typeof(${FRIEND_CARDS}) = 'array' and exists (select 1 from jsonb_array_elements_text(${FRIEND_CARDS}) f where lower(f) = lower(?))`,
      [careerCardId],
    )
    .pluck('join_id');
}

/** `FOR UPDATE` on the member's applications and the given others, in join order like every other writer of an application. */
export async function lockForErasure(trx: Knex.Transaction, userId: number, others: number[]): Promise<ErasureRow[]> {
  return trx('application')
    .where((q) => q.where({ user_id: userId }).orWhereIn('join_id', others))
    .orderBy('join_id')
    .forUpdate()
    .select('join_id', 'odd_id', 'user_id', 'personal_data_erased_at', 'answers', 'friend_user_ids');
}

/** The application's aside step lists these friends' career cards. */
export async function setFriendCareerCards(
  trx: Knex.Transaction,
  joinId: number,
  careerCardIds: unknown[],
): Promise<void> {
  await trx('application')
    .where({ join_id: joinId })
    .update({
      answers: trx.raw(`jsonb_set(answers, '{aside,friendCareerCardIds}', ?::jsonb)`, [JSON.stringify(careerCardIds)]),
    });
}

/**
 * The applications' answers, friends and copies of who the member was (migration 201) erased, and never copied
 * again; the first erasure time stays.
 */
export async function eraseApplications(trx: Knex.Transaction, joinIds: number[], at: Date): Promise<void> {
  await trx('application')
    .whereIn('join_id', joinIds)
    .update({
      answers: JSON.stringify({}),
      friend_user_ids: trx.raw(`'{}'::integer[]`),
      member_name: null,
      member_nickname: null,
      member_career_card_id: null,
      member_search: null,
      skill_level: null,
      skill_score: null,
      personal_data_erased_at: trx.raw('coalesce(personal_data_erased_at, ?)', [at]),
    });
}

/**
 * The member's own words after `fact` (`{fact}: …`) in their cancellations' history reasons, refund reasons and the
 * refunds' timeline notes become the fact alone.
 */
export async function keepOnlyTheFact(trx: Knex.Transaction, joinIds: number[], fact: string): Promise<void> {
  const ownWords = `${fact}: %`;
  await trx('application_history')
    .whereIn('join_id', joinIds)
    .where({ actor: 'MEMBER' })
    .where('reason', 'like', ownWords)
    .update({ reason: fact });
  await trx('refund')
    .whereIn('join_id', joinIds)
    .where({ actor: 'MEMBER' })
    .where('reason', 'like', ownWords)
    .update({ reason: fact });
  await trx('payment_event')
    .whereIn('join_id', joinIds)
    .where({ type: 'REFUNDED' })
    .where('note', 'like', ownWords)
    .update({ note: fact });
}

/**
 * The matcher's texts about the applications removed: their seats' explanations, their entries in the cohorts'
 * boards' explanations, and the explanation of their entries in the boards' unplaced list.
 */
export async function eraseMatcherTexts(trx: Knex.Transaction, joinIds: number[], oddIds: number[]): Promise<void> {
  await trx('team_member').whereIn('join_id', joinIds).update({ explanation: '' });
  await trx('team_board')
    .whereIn('odd_id', oddIds)
    .update({ explanations: trx.raw('explanations - ?::text[]', [joinIds.map(String)]) });
  await trx('team_board')
    .whereIn('odd_id', oddIds)
    .update({
      unplaced: trx.raw(
        `(select coalesce(jsonb_agg(case when (u->>'joinId')::int = any(?::int[]) then u || '{"explanation": ""}'::jsonb else u end order by n), '[]'::jsonb) from jsonb_array_elements(unplaced) with ordinality as e(u, n))`,
        [joinIds],
      ),
    });
}

/** The seats on the cohorts' teams whose explanation contains `text`. */
export async function seatsMentioning(
  trx: Knex.Transaction,
  oddIds: number[],
  text: string,
): Promise<{ join_id: number; explanation: string }[]> {
  return trx('team_member as m')
    .join('team as t', 't.team_id', 'm.team_id')
    .whereIn('t.odd_id', oddIds)
    .whereRaw('strpos(m.explanation, ?) > 0', [text])
    .select('m.join_id', 'm.explanation');
}

/** A seat's explanation (the column holds 500 characters; a replacement may be longer than what it replaced). */
export async function setSeatExplanation(trx: Knex.Transaction, joinId: number, explanation: string): Promise<void> {
  await trx('team_member')
    .where({ join_id: joinId })
    .update({ explanation: explanation.slice(0, 500) });
}

/** `FOR UPDATE` on the cohorts' boards (by cohort), with their explanations. */
export async function lockBoardExplanations(
  trx: Knex.Transaction,
  oddIds: number[],
): Promise<{ odd_id: number; explanations: Record<string, string> }[]> {
  return trx('team_board').whereIn('odd_id', oddIds).orderBy('odd_id').forUpdate().select('odd_id', 'explanations');
}

export async function setBoardExplanations(
  trx: Knex.Transaction,
  oddId: number,
  explanations: Record<string, unknown>,
): Promise<void> {
  await trx('team_board')
    .where({ odd_id: oddId })
    .update({ explanations: JSON.stringify(explanations) });
}
