import fp from 'fastify-plugin';
import type { Knex } from 'knex';

export function createAlarmRepository(knex: Knex) {
  return {
    async isSubscribed(userId: number): Promise<boolean> {
      return Boolean(await knex('checkup_alarm').where({ user_id: userId }).first('user_id'));
    },
    /** Idempotent: a second request (or two at once from two instances) leaves the one row as it was. */
    async subscribe(userId: number): Promise<void> {
      await knex('checkup_alarm').insert({ user_id: userId }).onConflict('user_id').ignore();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    alarmRepository: ReturnType<typeof createAlarmRepository>;
  }
}

export default fp(async (app) => {
  app.decorate('alarmRepository', createAlarmRepository(app.knex));
}, { name: 'alarm-repository', dependencies: ['knex'] });
