import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import type { CodeGroupDetailResponse, JobGroupWithPositions } from '@sq/contracts';

type CodeGroup = CodeGroupDetailResponse['codeGroup'];

/** A code still offered, with the group it belongs to and (for a position) its job group. */
export interface LiveCode {
  code: string;
  group_id: string;
  parent_code: string | null;
  name: string;
}

export function createCodeRepository(knex: Knex) {
  return {
    /** Those of the codes still offered (of any group); unknown or retired codes are left out. */
    liveCodes: (codes: readonly string[]): Promise<LiveCode[]> =>
      knex('code_detail')
        .whereIn('code', codes)
        .where('in_use', true)
        .select('code', 'group_id', 'parent_code', 'name'),

    /** A code group with the codes still offered, in display order; null for an unknown group. */
    async group(groupId: string): Promise<CodeGroup | null> {
      const group = await knex('code_group').where({ group_id: groupId }).first();
      if (!group) return null;
      const codes = await knex('code_detail')
        .where({ group_id: groupId, in_use: true })
        .orderBy([{ column: 'parent_code', nulls: 'first' }, { column: 'sort_order' }])
        .select('code', 'name', 'parent_code');
      return {
        groupId: group.group_id,
        groupName: group.name,
        codes: codes.map((c) => ({ code: c.code, name: c.name, parentCode: c.parent_code })),
      };
    },

    /** Job groups with their positions, for the pickers of sign-up and the career card. */
    async jobGroupsWithPositions(): Promise<JobGroupWithPositions[]> {
      const [groups, positions] = await Promise.all([
        knex('code_detail').where({ group_id: 'JOB_GROUP', in_use: true }).orderBy('sort_order'),
        knex('code_detail').where({ group_id: 'POSITION', in_use: true }).orderBy('sort_order'),
      ]);
      return groups.map((g) => ({
        code: g.code,
        name: g.name,
        positions: positions.filter((p) => p.parent_code === g.code).map((p) => ({ code: p.code, name: p.name })),
      }));
    },
  };
}

export type CodeRepository = ReturnType<typeof createCodeRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    codeRepository: CodeRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('codeRepository', createCodeRepository(app.knex));
  },
  { name: 'code-repository', dependencies: ['knex'] },
);
