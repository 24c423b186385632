import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import * as z from 'zod/mini';
import { MESSAGES, ok, withdrawalSchema, type WithdrawalForm } from '@sq/contracts';
import { conflict, forbidden, notFound, requireMember } from '@sq/service-kit';
import { retiredHash } from '../lib/availability';

const params = z.object({
  id: z.pipe(z.string({ error: MESSAGES.badRequest }).check(z.regex(/^[1-9][0-9]{0,9}$/, MESSAGES.badRequest)), z.transform(Number)),
}, { error: MESSAGES.badRequest });

/** Retry back-off of the outbox: 30 s, 1 min, 2 min, ... at most an hour between attempts. */
export function nextAttemptDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * The withdrawal outbox (see README "Withdrawal"): delivers pending career card retirements. Each row is
 * locked while it is delivered (SKIP LOCKED), so several instances never work on the same row; delivering
 * twice would be harmless anyway (careercard's retire is idempotent).
 */
export function createRetirementOutbox(app: { knex: Knex; careercard: { retire(profileId: string): Promise<void> }; log: { warn(obj: object, msg: string): void } }) {
  async function deliver(trx: Knex.Transaction, row: { user_id: number; profile_id: string; attempts: number }, now: Date): Promise<boolean> {
    try {
      await app.careercard.retire(row.profile_id);
      await trx('careercard_retirement').where({ user_id: row.user_id }).update({ done_at: now, attempts: row.attempts + 1, last_error: null });
      return true;
    } catch (error) {
      const attempts = row.attempts + 1;
      app.log.warn({ err: error, userId: row.user_id, attempts }, 'career card retirement postponed');
      await trx('careercard_retirement').where({ user_id: row.user_id }).update({
        attempts,
        next_attempt_at: new Date(now.getTime() + nextAttemptDelayMs(attempts)),
        last_error: String((error as Error).message ?? error).slice(0, 300),
      });
      return false;
    }
  }

  return {
    /** Delivers one member's retirement now (right after the withdrawal committed); false leaves it to the job. */
    async deliverFor(userId: number, now: Date = new Date()): Promise<boolean> {
      return app.knex.transaction(async (trx) => {
        const row = await trx('careercard_retirement').where({ user_id: userId }).whereNull('done_at').forUpdate().skipLocked().first();
        return row ? deliver(trx, row, now) : true;
      });
    },
    /** Delivers every retirement that is due at `now`; answers how many were delivered. */
    async deliverDue(now: Date = new Date(), limit = 20): Promise<number> {
      return app.knex.transaction(async (trx) => {
        const rows = await trx('careercard_retirement').whereNull('done_at').where('next_attempt_at', '<=', now)
          .orderBy('next_attempt_at').limit(limit).forUpdate().skipLocked();
        let delivered = 0;
        for (const row of rows) if (await deliver(trx, row, now)) delivered += 1;
        return delivered;
      });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    retirementOutbox: ReturnType<typeof createRetirementOutbox>;
  }
}

/** The outbox and its retry job (every CAREERCARD_RETIRE_RETRY_MS; 0 turns the timer off, e.g. in tests). */
export const retirementOutbox = fp(async (app) => {
  app.decorate('retirementOutbox', createRetirementOutbox(app));
  const every = app.accountConfig.retireRetryMs;
  if (every <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      app.retirementOutbox.deliverDue().catch((error: unknown) => app.log.warn({ err: error }, 'withdrawal outbox run failed'));
    }, every);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}, { name: 'retirement-outbox', dependencies: ['account-config', 'careercard-client'] });

/**
 * POST /api/setWithdrawal/{id}: only one's own id, and only without live applications (asked of the programs
 * service; a reservation, a charge or a team seat must be settled first: 409 with the reason). Every session
 * ends at once; the personal data is anonymised; kept are the account number (user_id, which the programs
 * service's contract and payment records point to, kept 5 years by the privacy policy), the points ledger
 * and the withdrawal record. Nothing that would let someone pose as the member is freed: the nickname and
 * career card ID stay taken (stored hashed), the career card becomes an anonymous private card. The sign-in
 * e-mail and the social identities are released (only their owner can use them again, as a new account).
 *
 * Across services: the account's change and the outbox row commit together; the career card is retired
 * after the commit (now, or by the retry job). A failure before the commit changes nothing anywhere.
 */
const withdrawalRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Params: z.infer<typeof params>; Body: WithdrawalForm }>(
    '/api/setWithdrawal/:id',
    { schema: { tags: ['account'], summary: '회원 탈퇴 (진행 중인 신청이 없을 때)', params, body: withdrawalSchema }, preHandler: requireMember },
    async (request) => {
      const identity = request.identity!;
      if (request.params.id !== identity.userId) throw forbidden();
      const user = await app.userRepository.findActiveById(identity.userId);
      if (!user) throw notFound(MESSAGES.pleaseLogIn);
      if ((await app.programs.liveApplications(user.user_id)) > 0) throw conflict(MESSAGES.withdrawalLiveApplications);

      const placeholder = `withdrawn-${user.user_id}@withdrawn.invalid`;
      await app.knex.transaction(async (trx) => {
        // Locked and re-read: two withdrawals of the same member at once make one.
        const still = await trx('user_account').where({ user_id: user.user_id }).whereNull('withdrawn_at').forUpdate().first('user_id');
        if (!still) throw notFound(MESSAGES.pleaseLogIn);
        await trx('session').where({ user_id: user.user_id }).whereNull('revoked_at').update({ revoked_at: trx.fn.now() });
        await trx('password_reset_token').where({ user_id: user.user_id }).whereNull('used_at').update({ used_at: trx.fn.now() });
        await trx('social_identity').where({ user_id: user.user_id }).delete();
        const retired = [{ kind: 'NICKNAME', value_hash: retiredHash(user.user_alias) }];
        if (user.profile_id) retired.push({ kind: 'CAREER_CARD_ID', value_hash: retiredHash(user.profile_id) });
        await trx('retired_identifier').insert(retired).onConflict(['kind', 'value_hash']).ignore();
        await trx('withdrawal').insert({ user_id: user.user_id, reason_code: request.body.reasonCode, reason_text: request.body.reasonText ?? null });
        if (user.profile_id) await trx('careercard_retirement').insert({ user_id: user.user_id, profile_id: user.profile_id });
        await trx('user_account').where({ user_id: user.user_id }).update({
          email: placeholder,
          contact_email: placeholder,
          password_hash: null,
          user_name: '탈퇴회원',
          // A leading space: trimmed input can never collide with it.
          user_alias: ` withdrawn-${user.user_id}`,
          user_phone: '',
          notion_email: null,
          slack_email: null,
          img_id: null,
          intro: null,
          marketing_consent: false,
          withdrawn_at: trx.fn.now(),
        });
      });
      // Committed: the card is retired now, or by the retry job if careercard cannot take it at the moment.
      if (user.profile_id) await app.retirementOutbox.deliverFor(user.user_id);
      return ok({ message: MESSAGES.withdrawalDone });
    },
  );
};

export default withdrawalRoutes;
