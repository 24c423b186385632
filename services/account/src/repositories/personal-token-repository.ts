import { createHash, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import { PERSONAL_TOKEN_PREFIX, type ConsumerScope, type PersonalTokenSummary } from '@sq/contracts';

interface PersonalTokenRow {
  token_id: number;
  user_id: number;
  name: string;
  token_hash: Buffer;
  hint: string;
  scopes: ConsumerScope[];
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  revoked_reason: string | null;
}

/** Why a token ended: its owner revoked it, their password was reset, or they withdrew. */
export type RevokedReason = 'owner' | 'password-reset' | 'withdrawal';

/** The stored form of a token: SHA-256 (a 256-bit random secret needs no slow, salted hash). */
export const hashPersonalToken = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

/** A new secret: the recognisable prefix and 32 random bytes (PERSONAL_TOKEN_PATTERN). */
export const newPersonalToken = (): string => `${PERSONAL_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

const HINT_LENGTH = PERSONAL_TOKEN_PREFIX.length + 4;

const summary = (row: PersonalTokenRow): PersonalTokenSummary => ({
  tokenId: row.token_id,
  name: row.name,
  scopes: row.scopes,
  hint: row.hint,
  createdAt: row.created_at.toISOString(),
  expiresAt: row.expires_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
});

/** Revokes every live token of a member inside the caller's transaction (password reset, withdrawal). */
export const revokeMemberTokens = (trx: Knex | Knex.Transaction, userId: number, reason: RevokedReason) =>
  trx('personal_token')
    .where({ user_id: userId })
    .whereNull('revoked_at')
    .update({ revoked_at: trx.fn.now(), revoked_reason: reason });

export function createPersonalTokenRepository(knex: Knex) {
  const live = (builder: Knex.QueryBuilder) => builder.whereNull('revoked_at').where('expires_at', '>', knex.fn.now());
  return {
    /**
     * A new token for an active member, unless they already hold `maxLive` live ones (null then). The member's row
     * is locked so that two concurrent creations cannot both pass the count.
     */
    async create(
      userId: number,
      input: { name: string; scopes: ConsumerScope[]; expiresInDays: number },
      maxLive: number,
    ): Promise<{ token: string; summary: PersonalTokenSummary } | null | 'no-member'> {
      return knex.transaction(async (trx) => {
        const member = await trx('user_account')
          .where({ user_id: userId })
          .whereNull('withdrawn_at')
          .forUpdate()
          .first('user_id');
        if (!member) return 'no-member' as const;
        const [{ count }] = (await trx('personal_token')
          .where({ user_id: userId })
          .whereNull('revoked_at')
          .where('expires_at', '>', trx.fn.now())
          .count({ count: '*' })) as [{ count: string }];
        if (Number(count) >= maxLive) return null;
        const token = newPersonalToken();
        const [row] = (await trx('personal_token')
          .insert({
            user_id: userId,
            name: input.name,
            token_hash: hashPersonalToken(token),
            hint: token.slice(0, HINT_LENGTH),
            scopes: input.scopes,
            expires_at: trx.raw(`now() + ? * interval '1 day'`, [input.expiresInDays]),
          })
          .returning('*')) as PersonalTokenRow[];
        return { token, summary: summary(row!) };
      });
    },

    /** The member's live tokens, newest first. */
    async listLive(userId: number): Promise<PersonalTokenSummary[]> {
      const rows = (await live(knex('personal_token').where({ user_id: userId }))
        .orderBy('token_id', 'desc')
        .select('*')) as PersonalTokenRow[];
      return rows.map(summary);
    },

    /** Revokes one of the member's own live tokens; false when there is none such. */
    async revoke(userId: number, tokenId: number): Promise<boolean> {
      const changed = await knex('personal_token')
        .where({ user_id: userId, token_id: tokenId })
        .whereNull('revoked_at')
        .update({ revoked_at: knex.fn.now(), revoked_reason: 'owner' satisfies RevokedReason });
      return changed > 0;
    },

    /**
     * The live token with this secret, of an active member, marked used (`last_used_at` moves when the gateway
     * asks, i.e. at most once per its cache lifetime while the token is used).
     */
    async touch(
      token: string,
    ): Promise<{ tokenId: number; userId: number; scopes: ConsumerScope[]; expiresAt: Date } | null> {
      const row = (await knex('personal_token as t')
        .join('user_account as u', 'u.user_id', 't.user_id')
        .where('t.token_hash', hashPersonalToken(token))
        .whereNull('t.revoked_at')
        .where('t.expires_at', '>', knex.fn.now())
        .whereNull('u.withdrawn_at')
        .first('t.token_id', 't.user_id', 't.scopes', 't.expires_at')) as
        Pick<PersonalTokenRow, 'token_id' | 'user_id' | 'scopes' | 'expires_at'> | undefined;
      if (!row) return null;
      await knex('personal_token').where({ token_id: row.token_id }).update({ last_used_at: knex.fn.now() });
      return { tokenId: row.token_id, userId: row.user_id, scopes: row.scopes, expiresAt: row.expires_at };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    personalTokenRepository: ReturnType<typeof createPersonalTokenRepository>;
  }
}

export default fp(
  async (app) => {
    app.decorate('personalTokenRepository', createPersonalTokenRepository(app.knex));
  },
  { name: 'personal-token-repository', dependencies: ['knex'] },
);
