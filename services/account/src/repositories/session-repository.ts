import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Knex } from 'knex';

/** A session lives 14 days from sign-in; its short-lived access tokens are re-issued while it is used. */
export const SESSION_DAYS = 14;

export function createSessionRepository(knex: Knex) {
  return {
    async open(userId: number): Promise<string> {
      const sid = randomUUID();
      await knex('session').insert({
        sid,
        user_id: userId,
        expires_at: knex.raw(`now() + interval '${SESSION_DAYS} days'`),
      });
      return sid;
    },

    /**
     * The session if it is live and belongs to the user and an active account; marks it used (`last_seen_at`
     * moves only when the gateway asks, i.e. at most once per its session-cache lifetime while it is used).
     */
    async touch(sid: string, userId: number): Promise<{ role: 'ROLE_USER' | 'ROLE_ADMIN'; expiresAt: Date } | null> {
      const row = await knex('session as s')
        .join('user_account as u', 'u.user_id', 's.user_id')
        .where({ 's.sid': sid, 's.user_id': userId })
        .whereNull('s.revoked_at')
        .whereNull('u.withdrawn_at')
        .where('s.expires_at', '>', knex.fn.now())
        .first('u.user_role as role', 's.expires_at');
      if (!row) return null;
      await knex('session').where({ sid }).update({ last_seen_at: knex.fn.now() });
      return { role: row.role, expiresAt: row.expires_at };
    },

    revoke: (sid: string) =>
      knex('session').where({ sid }).whereNull('revoked_at').update({ revoked_at: knex.fn.now() }),

    /** Password change and withdrawal end every session of the user at once. */
    revokeAllOf: (userId: number) =>
      knex('session').where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: knex.fn.now() }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionRepository: ReturnType<typeof createSessionRepository>;
  }
}

export default fp(
  async (app) => {
    app.decorate('sessionRepository', createSessionRepository(app.knex));
  },
  { name: 'session-repository', dependencies: ['knex'] },
);
