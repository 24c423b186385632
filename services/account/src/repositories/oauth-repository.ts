import fp from 'fastify-plugin';
import type { Knex } from 'knex';

/** A started social login (the `state` round trip), as the callback reads it back. */
export interface PendingOAuth {
  code_verifier: string;
  nonce: string | null;
  return_to: string;
  browser_hash: string | null;
}

export interface SignUpTicket {
  provider: 'GOOGLE' | 'KAKAO' | 'NAVER';
  subject: string;
  email: string;
}

/**
 * Social login's stored steps: the request the provider's `state` names, the one-time exchange code handed to
 * the shell, the sign-up ticket of a newcomer and the identities linked to accounts.
 */
export function createOAuthRepository(knex: Knex) {
  return {
    async openRequest(request: {
      stateHash: string;
      browserHash: string;
      provider: string;
      verifier: string;
      nonce: string | null;
      returnTo: string;
      minutes: number;
    }): Promise<void> {
      await knex('oauth_request').insert({
        state_hash: request.stateHash,
        browser_hash: request.browserHash,
        provider: request.provider,
        code_verifier: request.verifier,
        nonce: request.nonce,
        return_to: request.returnTo,
        expires_at: knex.raw(`now() + interval '${request.minutes} minutes'`),
      });
      // Stale requests of anyone go with each new one (cheap: expires_at is small and rarely large).
      await knex('oauth_request').where('expires_at', '<', knex.raw("now() - interval '1 day'")).delete();
    },
    /** Consumed whatever happens next: a replayed or forged callback finds nothing. */
    async consumeRequest(stateHash: string, provider: string): Promise<PendingOAuth | undefined> {
      const [pending] = await knex('oauth_request')
        .where({ state_hash: stateHash, provider })
        .whereNull('used_at')
        .where('expires_at', '>', knex.fn.now())
        .update({ used_at: knex.fn.now() })
        .returning(['code_verifier', 'nonce', 'return_to', 'browser_hash']);
      return pending as PendingOAuth | undefined;
    },
    async openExchange(exchange: {
      codeHash: string;
      browserHash: string | null;
      payload: unknown;
      minutes: number;
    }): Promise<void> {
      await knex('oauth_exchange').insert({
        code_hash: exchange.codeHash,
        browser_hash: exchange.browserHash,
        payload: JSON.stringify(exchange.payload),
        expires_at: knex.raw(`now() + interval '${exchange.minutes} minutes'`),
      });
    },
    /** Single use; the payload is wiped as the code is spent. Only the browser that started may spend it. */
    spendExchange: (codeHash: string, browserHash: string | null) =>
      knex.transaction(async (trx) => {
        const found = await trx('oauth_exchange')
          .where({ code_hash: codeHash, browser_hash: browserHash })
          .whereNull('used_at')
          .where('expires_at', '>', trx.fn.now())
          .forUpdate()
          .first('payload');
        if (found)
          await trx('oauth_exchange')
            .where({ code_hash: codeHash })
            .update({ used_at: trx.fn.now(), payload: JSON.stringify({ spent: true }) });
        return found as { payload?: unknown } | undefined;
      }),
    /** The active member this provider identity is linked to. */
    linkedUserId: async (provider: string, subject: string): Promise<number | undefined> => {
      const linked = await knex('social_identity as s')
        .join('user_account as u', 'u.user_id', 's.user_id')
        .where({ 's.provider': provider, 's.subject': subject })
        .whereNull('u.withdrawn_at')
        .first('u.user_id');
      return linked?.user_id as number | undefined;
    },
    /** The sign-in method of any account (withdrawn ones too) that has this e-mail. */
    emailOwner: async (email: string): Promise<{ vendor: 'EMAIL' | 'GOOGLE' | 'KAKAO' | 'NAVER' } | undefined> =>
      knex('user_account').whereRaw('lower(email) = lower(?)', [email]).first('vendor'),
    async openTicket(ticket: SignUpTicket & { ticketHash: string; prefill: unknown; minutes: number }): Promise<void> {
      await knex('sns_signup_ticket').insert({
        ticket_hash: ticket.ticketHash,
        provider: ticket.provider,
        subject: ticket.subject,
        email: ticket.email,
        prefill: JSON.stringify(ticket.prefill),
        expires_at: knex.raw(`now() + interval '${ticket.minutes} minutes'`),
      });
    },
    findTicket: (ticketHash: string): Promise<SignUpTicket | undefined> =>
      knex('sns_signup_ticket')
        .where({ ticket_hash: ticketHash })
        .whereNull('used_at')
        .where('expires_at', '>', knex.fn.now())
        .first(),
    /**
     * Inside the sign-up's transaction: spends the ticket and links the identity to the new account. Single
     * use: of two submissions with one ticket, only the first finds it unused (false for the second).
     */
    async useTicket(trx: Knex.Transaction, ticketHash: string, ticket: SignUpTicket, userId: number): Promise<boolean> {
      const used = await trx('sns_signup_ticket')
        .where({ ticket_hash: ticketHash })
        .whereNull('used_at')
        .update({ used_at: trx.fn.now() });
      if (used !== 1) return false;
      await trx('social_identity').insert({
        provider: ticket.provider,
        subject: ticket.subject,
        user_id: userId,
        email: ticket.email,
      });
      return true;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    oauthRepository: ReturnType<typeof createOAuthRepository>;
  }
}

export default fp(
  async (app) => {
    app.decorate('oauthRepository', createOAuthRepository(app.knex));
  },
  { name: 'oauth-repository', dependencies: ['knex'] },
);
