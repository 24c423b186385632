import type { Knex } from 'knex';

/** An application whose copy of its member's names or check-up is due, and the version the copy is taken at. */
export interface DueCopy {
  joinId: number;
  userId: number;
  version: number;
}

export interface NamesCopy {
  joinId: number;
  version: number;
  name: string | null;
  nickname: string | null;
  careerCardId: string | null;
}

export interface SkillCopy {
  joinId: number;
  version: number;
  level: number | null;
  score: number | null;
}

/**
 * What a search by name matches a part of: the name, nickname and career card ID in lower case, one a line. Lowered
 * here as the list lowers the query (JavaScript's Unicode rules, whatever the database's locale).
 */
export const searchKeyOf = (copy: Pick<NamesCopy, 'name' | 'nickname' | 'careerCardId'>): string | null => {
  const parts = [copy.name, copy.nickname, copy.careerCardId].filter((part): part is string => Boolean(part));
  return parts.length ? parts.join('\n').toLowerCase() : null;
};

const DUE = {
  names: 'names_version < people_version',
  skill: 'skill_version < people_version',
} as const;

/**
 * The applications' copies of who their members are (migration 201; OPERATORS.md, "Who the applicants are"): which
 * are due, writing them, and marking a member's due again when the account or itskill says they changed. A copy is
 * written with the version it was taken at and stays due if the member changed again meanwhile; an erased
 * application (a withdrawn member) is never written.
 */
export function createPeopleCopyRepository(knex: Knex | Knex.Transaction) {
  const due =
    (which: keyof typeof DUE) =>
    async (limit: number): Promise<DueCopy[]> => {
      const rows: { join_id: number; user_id: number; people_version: number }[] = await knex('application')
        .whereRaw(DUE[which])
        .whereNull('personal_data_erased_at')
        .orderBy('join_id')
        .limit(limit)
        .select('join_id', 'user_id', 'people_version');
      return rows.map((r) => ({ joinId: r.join_id, userId: r.user_id, version: r.people_version }));
    };
  return {
    dueNames: due('names'),
    dueSkills: due('skill'),

    async saveNames(copies: NamesCopy[]): Promise<void> {
      if (!copies.length) return;
      await knex.raw(
        `update application a set member_name = v.name, member_nickname = v.nickname, member_career_card_id = v.card,
           member_search = v.search, names_version = greatest(a.names_version, v.version)
         from unnest(:joinIds::int[], :versions::int[], :names::text[], :nicknames::text[], :cards::text[], :searches::text[])
           as v(join_id, version, name, nickname, card, search)
         where a.join_id = v.join_id and a.personal_data_erased_at is null`,
        {
          joinIds: copies.map((c) => c.joinId),
          versions: copies.map((c) => c.version),
          names: copies.map((c) => c.name),
          nicknames: copies.map((c) => c.nickname),
          cards: copies.map((c) => c.careerCardId),
          searches: copies.map(searchKeyOf),
        },
      );
    },

    async saveSkills(copies: SkillCopy[]): Promise<void> {
      if (!copies.length) return;
      await knex.raw(
        `update application a set skill_level = v.level, skill_score = v.score, skill_version = greatest(a.skill_version, v.version)
         from unnest(:joinIds::int[], :versions::int[], :levels::smallint[], :scores::smallint[]) as v(join_id, version, level, score)
         where a.join_id = v.join_id and a.personal_data_erased_at is null`,
        {
          joinIds: copies.map((c) => c.joinId),
          versions: copies.map((c) => c.version),
          levels: copies.map((c) => c.level),
          scores: copies.map((c) => c.score),
        },
      );
    },

    /** The member's names or check-up changed: each of their applications (not erased) needs a new copy. */
    async memberChanged(userId: number): Promise<number> {
      return knex('application')
        .where({ user_id: userId })
        .whereNull('personal_data_erased_at')
        .update({ people_version: knex.raw('people_version + 1') });
    },
  };
}

export type PeopleCopyRepository = ReturnType<typeof createPeopleCopyRepository>;
