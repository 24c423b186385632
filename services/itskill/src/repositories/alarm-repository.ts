import fp from 'fastify-plugin';
import type { Knex } from 'knex';

/**
 * Members who asked to be told when the next season opens. A row with `notified_at` set has been told; asking
 * again after that asks for the season after.
 */
export function createAlarmRepository(knex: Knex) {
  return {
    async isSubscribed(userId: number): Promise<boolean> {
      return Boolean(await knex('checkup_alarm').where({ user_id: userId }).whereNull('notified_at').first('user_id'));
    },
    /** Idempotent: a second request (or two at once from two instances) leaves one pending row. */
    async subscribe(userId: number): Promise<void> {
      await knex('checkup_alarm').insert({ user_id: userId }).onConflict('user_id').merge({ notified_at: null });
    },
    /**
     * Claims every pending subscriber for one mailing: the update marks them told, so a second instance (or a
     * second click) never mails the same member twice.
     */
    async claimPending(now: Date): Promise<number[]> {
      const rows = await knex('checkup_alarm')
        .whereNull('notified_at')
        .update({ notified_at: now })
        .returning('user_id');
      return rows.map((r) => r.user_id as number);
    },
    /** Gives back the members whose mail failed, for the next attempt. */
    async release(userIds: number[]): Promise<void> {
      if (userIds.length) await knex('checkup_alarm').whereIn('user_id', userIds).update({ notified_at: null });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    alarmRepository: ReturnType<typeof createAlarmRepository>;
  }
}

export default fp(
  async (app) => {
    app.decorate('alarmRepository', createAlarmRepository(app.knex));
  },
  { name: 'alarm-repository', dependencies: ['knex'] },
);
