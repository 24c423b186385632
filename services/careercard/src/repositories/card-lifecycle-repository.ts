import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import { cardColumns, type CardChanges } from './card-repository';

/** A card and the member it belongs to (null for a seeded card nobody signed up with). */
export interface CardOwner {
  profileId: string;
  userId: number | null;
}

/** A card as sign-up creates it. */
export interface NewCard {
  profileId: string;
  userId: number;
  userAlias: string;
  userName: string | null;
  jobGroupCode: string;
  positionCode: string | null;
  yearCode: string;
}

const owner = (row: { profile_id: string; user_id: number | null }): CardOwner => ({
  profileId: row.profile_id,
  userId: row.user_id,
});

/** IDs are unique regardless of case. */
const byId = (db: Knex, id: string) => db('profile').whereRaw('lower(profile_id) = lower(?)', [id]);

/**
 * A card's life as the account service drives it: created at sign-up (once per idempotency key), removed
 * again when the sign-up fails after all, updated from the account side, retired at withdrawal.
 */
export function createCardLifecycleRepository(knex: Knex) {
  return {
    /** The card that sign-up key created, if any. */
    async createdWith(creationKey: string): Promise<CardOwner | null> {
      const row = await knex('profile').where({ creation_key: creationKey }).first('profile_id', 'user_id');
      return row ? owner(row) : null;
    },

    /** Creates the public card; false (nothing created) when its ID or its key is already taken. */
    async create(card: NewCard, creationKey: string): Promise<boolean> {
      try {
        await knex('profile').insert({
          profile_id: card.profileId,
          user_id: card.userId,
          user_alias: card.userAlias,
          user_name: card.userName,
          job_group_code: card.jobGroupCode,
          position_code: card.positionCode,
          year_code: card.yearCode,
          creation_key: creationKey,
          is_public: true,
        });
        return true;
      } catch (error) {
        if ((error as { code?: string }).code !== '23505') throw error;
        return false;
      }
    },

    /** Removes the card only if this key created it and nobody has retired it since; whether it did. */
    async removeCreated(profileId: string, creationKey: string): Promise<boolean> {
      const deleted = await knex('profile')
        .where({ profile_id: profileId, creation_key: creationKey })
        .whereNull('retired_at')
        .delete();
      return deleted > 0;
    },

    /** The live (not retired) card with this ID, any case. */
    async liveCard(id: string): Promise<CardOwner | null> {
      const row = await byId(knex, id).whereNull('retired_at').first('profile_id', 'user_id');
      return row ? owner(row) : null;
    },

    /** Writes the changes to the live card; false when it is retired or gone by now. */
    async update(profileId: string, changes: CardChanges): Promise<boolean> {
      const updated = await knex('profile')
        .where({ profile_id: profileId })
        .whereNull('retired_at')
        .update(cardColumns(knex, changes));
      return updated > 0;
    },

    /** Which of these IDs (any case) are live cards, and whose. */
    async liveOwners(ids: readonly string[]): Promise<CardOwner[]> {
      const rows = await knex('profile')
        .whereRaw('lower(profile_id) = any(?)', [ids.map((id) => id.toLowerCase())])
        .whereNull('retired_at')
        .select('profile_id', 'user_id');
      return rows.map(owner);
    },

    /**
     * Withdrawal: the card goes private and anonymous (its ID stays taken so nobody can pose as the member);
     * its skills, projects and the member's uploads go. Answers the ids of the removed uploads, whose files
     * the caller deletes after the commit.
     */
    retire: (id: string): Promise<string[]> =>
      knex.transaction(async (trx) => {
        const row = await byId(trx, id).forUpdate().first('profile_id', 'user_id');
        if (!row) return [];
        // The member's pictures go too: their URLs are public and must stop answering.
        const uploads: { file_id: string }[] =
          row.user_id === null
            ? []
            : await trx('upload').where({ owner_user_id: row.user_id }).delete().returning('file_id');
        await trx('profile_skill').where({ profile_id: row.profile_id }).delete();
        await trx('profile_project').where({ profile_id: row.profile_id }).delete();
        await trx('profile').where({ profile_id: row.profile_id }).update({
          user_alias: '탈퇴회원',
          user_name: null,
          intro: '',
          img_url: null,
          cover_img_url: null,
          is_public: false,
          show_skill_level: false,
          retired_at: trx.fn.now(),
          updated_at: trx.fn.now(),
        });
        return uploads.map((u) => u.file_id);
      }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    cardLifecycleRepository: ReturnType<typeof createCardLifecycleRepository>;
  }
}

export default fp(
  async (app) => {
    app.decorate('cardLifecycleRepository', createCardLifecycleRepository(app.knex));
  },
  { name: 'card-lifecycle-repository', dependencies: ['knex'] },
);
