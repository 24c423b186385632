import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import { revokeMemberTokens } from './personal-token-repository';
import { revokeMemberConsents } from './partner-app-repository';
import type { UserRow } from './user-repository';

/** Thrown inside the reset transaction to roll it back (the token stays as it was). */
class TokenNotUsable extends Error {}

/** Account recovery's stored steps: finding an account by name and phone, and single-use reset tokens. */
export function createRecoveryRepository(knex: Knex) {
  const liveToken = (hash: string) =>
    knex('password_reset_token as t')
      .join('user_account as u', 'u.user_id', 't.user_id')
      .where('t.token_hash', hash)
      .whereNull('t.used_at')
      .whereNull('u.withdrawn_at')
      .where('t.expires_at', '>', knex.fn.now());

  return {
    /** The newest active account with this name and phone. */
    findByNameAndPhone: (name: string, phone: string) =>
      knex<UserRow>('user_account')
        .where({ user_name: name, user_phone: phone })
        .whereNull('withdrawn_at')
        .orderBy('user_id', 'desc')
        .first(),
    findByEmailAndPhone: (email: string, phone: string) =>
      knex<UserRow>('user_account')
        .whereRaw('lower(email) = ?', [email.toLowerCase()])
        .where({ user_phone: phone })
        .whereNull('withdrawn_at')
        .first(),
    /** A new reset token for the member; only the newest link works. */
    issueToken: (userId: number, tokenHash: string, minutes: number) =>
      knex.transaction(async (trx) => {
        await trx('password_reset_token')
          .where({ user_id: userId })
          .whereNull('used_at')
          .update({ used_at: trx.fn.now() });
        await trx('password_reset_token').insert({
          token_hash: tokenHash,
          user_id: userId,
          expires_at: trx.raw(`now() + interval '${Math.max(1, Math.floor(minutes))} minutes'`),
        });
      }),
    /** No mail went out: the link must not stay live. */
    async dropToken(tokenHash: string): Promise<void> {
      await knex('password_reset_token').where({ token_hash: tokenHash }).delete();
    },
    /** The e-mail of the live token's owner, if the token is live. */
    liveTokenEmail: async (tokenHash: string): Promise<string | undefined> =>
      (await liveToken(tokenHash).first('u.email'))?.email,
    /**
     * Spends the token and sets the password; every session and personal access token of the owner ends. Marking the token used is the
     * single-use guarantee: of two concurrent changes only one updates it. Null (nothing changed) when the
     * token is unknown, used, expired or its owner withdrew; else the owner's e-mail.
     */
    async resetPassword(tokenHash: string, passwordHash: string): Promise<string | null> {
      try {
        return await knex.transaction(async (trx): Promise<string> => {
          const [used] = await trx('password_reset_token')
            .where({ token_hash: tokenHash })
            .whereNull('used_at')
            .where('expires_at', '>', trx.fn.now())
            .update({ used_at: trx.fn.now() })
            .returning('user_id');
          const userId = (used as { user_id: number } | undefined)?.user_id;
          if (
            !userId ||
            !(await trx('user_account').where({ user_id: userId }).whereNull('withdrawn_at').first('user_id'))
          ) {
            throw new TokenNotUsable();
          }
          await trx('user_account')
            .where({ user_id: userId })
            .update({ password_hash: passwordHash, password_changed_at: trx.fn.now() });
          await trx('password_reset_token')
            .where({ user_id: userId })
            .whereNull('used_at')
            .update({ used_at: trx.fn.now() });
          await trx('session').where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: trx.fn.now() });
          await revokeMemberTokens(trx, userId, 'password-reset');
          await revokeMemberConsents(trx, userId);
          const owner = (await trx('user_account').where({ user_id: userId }).first('email')) as Pick<UserRow, 'email'>;
          return owner.email;
        });
      } catch (error) {
        if (error instanceof TokenNotUsable) return null;
        throw error;
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    recoveryRepository: ReturnType<typeof createRecoveryRepository>;
  }
}

export default fp(
  async (app) => {
    app.decorate('recoveryRepository', createRecoveryRepository(app.knex));
  },
  { name: 'recovery-repository', dependencies: ['knex'] },
);
