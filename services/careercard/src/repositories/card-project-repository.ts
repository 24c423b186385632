import fp from 'fastify-plugin';
import type { Knex } from 'knex';

/** A project as the member writes it (dates YYYY-MM-DD; no end date while it runs). */
export interface ProjectFields {
  title: string;
  role: string;
  startDate: string;
  endDate: string | null;
  description: string;
  links: string[];
  imgIds: string[];
}

/** How a write to the member's projects went; `no card` when the member has no live card. */
export type ProjectAdded = 'added' | 'no card' | 'full';
export type ProjectChanged = 'done' | 'no card' | 'no project';
export type ProjectsReordered = 'done' | 'no card' | 'wrong list';

const columns = (project: ProjectFields) => ({
  title: project.title,
  role: project.role,
  start_date: project.startDate,
  end_date: project.endDate,
  description: project.description,
  links: JSON.stringify(project.links),
  img_ids: JSON.stringify(project.imgIds),
});

/** The member's live card, locked for the rest of the transaction; undefined when none. */
async function lockedCardId(trx: Knex.Transaction, userId: number): Promise<string | undefined> {
  const row = await trx('profile').where({ user_id: userId }).whereNull('retired_at').forUpdate().first('profile_id');
  return row?.profile_id as string | undefined;
}

/**
 * The projects of the member's own card (the card lists them in the member's order). Every write locks the
 * card first, so concurrent writes of one member take turns. Another member's project answers like a
 * missing one.
 */
export function createCardProjectRepository(knex: Knex) {
  return {
    /** Adds the project first (the newest work is what a visitor should see), unless the card has `max` already. */
    add: (userId: number, project: ProjectFields, max: number): Promise<ProjectAdded> =>
      knex.transaction(async (trx) => {
        const profileId = await lockedCardId(trx, userId);
        if (!profileId) return 'no card';
        const count = Number(
          (await trx('profile_project').where({ profile_id: profileId }).count({ n: '*' }).first())?.n ?? 0,
        );
        if (count >= max) return 'full';
        await trx('profile_project').where({ profile_id: profileId }).increment('sort_order', 1);
        await trx('profile_project').insert({ profile_id: profileId, sort_order: 0, ...columns(project) });
        return 'added';
      }),

    update: (userId: number, projectId: number, project: ProjectFields): Promise<ProjectChanged> =>
      knex.transaction(async (trx) => {
        const profileId = await lockedCardId(trx, userId);
        if (!profileId) return 'no card';
        const updated = await trx('profile_project')
          .where({ project_id: projectId, profile_id: profileId })
          .update(columns(project));
        return updated ? 'done' : 'no project';
      }),

    remove: (userId: number, projectId: number): Promise<ProjectChanged> =>
      knex.transaction(async (trx) => {
        const profileId = await lockedCardId(trx, userId);
        if (!profileId) return 'no card';
        const deleted = await trx('profile_project').where({ project_id: projectId, profile_id: profileId }).delete();
        return deleted ? 'done' : 'no project';
      }),

    /** Puts the card's projects in this order; the list must be exactly the card's projects, each once. */
    reorder: (userId: number, projectIds: readonly number[]): Promise<ProjectsReordered> =>
      knex.transaction(async (trx) => {
        const profileId = await lockedCardId(trx, userId);
        if (!profileId) return 'no card';
        const mine: number[] = await trx('profile_project').where({ profile_id: profileId }).pluck('project_id');
        // A partial or foreign list would scramble the order.
        const same =
          projectIds.length === mine.length &&
          new Set(projectIds).size === projectIds.length &&
          projectIds.every((id) => mine.includes(id));
        if (!same) return 'wrong list';
        for (const [order, projectId] of projectIds.entries()) {
          await trx('profile_project')
            .where({ project_id: projectId, profile_id: profileId })
            .update({ sort_order: order });
        }
        return 'done';
      }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    cardProjectRepository: ReturnType<typeof createCardProjectRepository>;
  }
}

export default fp(
  async (app) => {
    app.decorate('cardProjectRepository', createCardProjectRepository(app.knex));
  },
  { name: 'card-project-repository', dependencies: ['knex'] },
);
