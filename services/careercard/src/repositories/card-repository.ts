import fp from 'fastify-plugin';
import type { Knex } from 'knex';

/** The member's own live card as the editor's checks need it. */
export interface OwnCardRow {
  profile_id: string;
  user_id: number;
  user_alias: string;
  job_group_code: string;
  position_code: string | null;
  year_code: string;
  onboarded_at: Date | null;
}

/** What a write changes on a card; a field left out stays as it is. Every write also moves updated_at. */
export interface CardChanges {
  userName?: string | undefined;
  userAlias?: string | undefined;
  jobGroupCode?: string | undefined;
  positionCode?: string | null | undefined;
  yearCode?: string | undefined;
  intro?: string | undefined;
  imgUrl?: string | null | undefined;
  coverImgUrl?: string | null | undefined;
  onboardingStep?: string | undefined;
  showSkillLevel?: boolean | undefined;
  /** The onboarding is done as of now. */
  onboarded?: boolean | undefined;
}

/** The profile columns of the changes (only those given), with updated_at now. */
export function cardColumns(db: Knex, changes: CardChanges): Record<string, unknown> {
  const columns: Record<string, unknown> = { updated_at: db.fn.now() };
  const given: [string, unknown][] = [
    ['user_name', changes.userName],
    ['user_alias', changes.userAlias],
    ['job_group_code', changes.jobGroupCode],
    ['position_code', changes.positionCode],
    ['year_code', changes.yearCode],
    ['intro', changes.intro],
    ['img_url', changes.imgUrl],
    ['cover_img_url', changes.coverImgUrl],
    ['onboarding_step', changes.onboardingStep],
    ['show_skill_level', changes.showSkillLevel],
  ];
  for (const [column, value] of given) if (value !== undefined) columns[column] = value;
  if (changes.onboarded) columns.onboarded_at = db.fn.now();
  return columns;
}

/** The member's live card, locked for the rest of the transaction (when there is one); undefined when none. */
const lockedOwnCard = (db: Knex, userId: number): Promise<OwnCardRow | undefined> =>
  db('profile').where({ user_id: userId }).whereNull('retired_at').forUpdate().first();

/** The signed-in member's edits of their own card (profile and its skills). */
export function createCardRepository(knex: Knex) {
  return {
    /** The member's live card (waiting for a concurrent edit of it to finish); undefined when none. */
    ownCard: (userId: number) => lockedOwnCard(knex, userId),

    /**
     * One edit of the member's card: locks it, asks `edit` what to change (an error thrown there writes
     * nothing) and writes that. False when the member has no live card.
     */
    editOwnCard: (userId: number, edit: (card: OwnCardRow) => CardChanges): Promise<boolean> =>
      knex.transaction(async (trx) => {
        const card = await lockedOwnCard(trx, userId);
        if (!card) return false;
        await trx('profile')
          .where({ profile_id: card.profile_id })
          .update(cardColumns(trx, edit(card)));
        return true;
      }),

    /** Replaces the card's skills with these, in this order. False when the member has no live card. */
    saveSkills: (userId: number, skills: readonly string[]): Promise<boolean> =>
      knex.transaction(async (trx) => {
        const card = await lockedOwnCard(trx, userId);
        if (!card) return false;
        await trx('profile_skill').where({ profile_id: card.profile_id }).delete();
        if (skills.length) {
          await trx('profile_skill').insert(
            skills.map((skill, order) => ({ profile_id: card.profile_id, sort_order: order, skill_name: skill })),
          );
        }
        await trx('profile').where({ profile_id: card.profile_id }).update({ updated_at: trx.fn.now() });
        return true;
      }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    cardRepository: ReturnType<typeof createCardRepository>;
  }
}

export default fp(
  async (app) => {
    app.decorate('cardRepository', createCardRepository(app.knex));
  },
  { name: 'card-repository', dependencies: ['knex'] },
);
