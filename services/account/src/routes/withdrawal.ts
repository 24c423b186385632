import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import * as z from 'zod/mini';
import { MESSAGES, ok, withdrawalSchema, type WithdrawalForm } from '@sq/contracts';
import { conflict, forbidden, notFound, requireMember } from '@sq/service-kit';
import { retiredHash } from '../lib/availability';
import type { ProgramsClient } from '../clients/programs-client';
import { createOutbox, type OutboxRow } from '../lib/withdrawal-outbox';

const params = z.object({
  id: z.pipe(z.string({ error: MESSAGES.badRequest }).check(z.regex(/^[1-9][0-9]{0,9}$/, MESSAGES.badRequest)), z.transform(Number)),
}, { error: MESSAGES.badRequest });

/** Career cards careercard could not retire at once (migration 004; careercard's retire is idempotent). */
export function createRetirementOutbox(app: { knex: Knex; careercard: { retire(profileId: string): Promise<void> }; log: { warn(obj: object, msg: string): void } }) {
  return createOutbox<OutboxRow & { profile_id: string }>({
    knex: app.knex,
    log: app.log,
    table: 'careercard_retirement',
    what: 'career card retirement',
    deliver: (row) => app.careercard.retire(row.profile_id),
  });
}

/**
 * The programs service erases the member's personal data from their applications (migration 008; idempotent
 * there), and their former nickname and career card ID from other members' records (migration 009: kept on the
 * row from before the anonymisation; null for members who withdrew before it).
 */
export function createErasureOutbox(app: { knex: Knex; programs: Pick<ProgramsClient, 'erasePersonalData'>; log: { warn(obj: object, msg: string): void } }) {
  return createOutbox<OutboxRow & { nickname: string | null; career_card_id: string | null }>({
    knex: app.knex,
    log: app.log,
    table: 'programs_erasure',
    what: 'programs personal data erasure',
    deliver: (row) => app.programs.erasePersonalData(row.user_id, { nickname: row.nickname, careerCardId: row.career_card_id }),
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    retirementOutbox: ReturnType<typeof createRetirementOutbox>;
    erasureOutbox: ReturnType<typeof createErasureOutbox>;
  }
}

/**
 * The withdrawal's outboxes and their one retry job (every CAREERCARD_RETIRE_RETRY_MS; 0 turns the timer off,
 * e.g. in tests): career card retirement and the programs service's erasure of personal data.
 */
export const withdrawalOutbox = fp(async (app) => {
  app.decorate('retirementOutbox', createRetirementOutbox(app));
  app.decorate('erasureOutbox', createErasureOutbox(app));
  const every = app.accountConfig.retireRetryMs;
  if (every <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      for (const outbox of [app.retirementOutbox, app.erasureOutbox]) {
        outbox.deliverDue().catch((error: unknown) => app.log.warn({ err: error }, 'withdrawal outbox run failed'));
      }
    }, every);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}, { name: 'withdrawal-outbox', dependencies: ['account-config', 'careercard-client', 'programs-client'] });

/**
 * POST /api/setWithdrawal/{id}: only one's own id, and only without live applications (asked of the programs
 * service; a reservation, a charge or a team seat must be settled first: 409 with the reason). Every session
 * ends at once; the personal data is anonymised; kept are the account number (user_id, which the programs
 * service's contract and payment records point to, kept 5 years by the privacy policy), the points ledger
 * and the withdrawal record. Nothing that would let someone pose as the member is freed: the nickname and
 * career card ID stay taken (stored hashed), the career card becomes an anonymous private card. The sign-in
 * e-mail and the social identities are released (only their owner can use them again, as a new account).
 *
 * Across services: the account's change and the outbox rows commit together; after the commit the career card
 * is retired and the programs service erases the member's personal data from their applications (contact,
 * answers, links, friend requests; the contract and payment record stays), now or by the retry job. A
 * failure before the commit changes nothing anywhere.
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
        const still = await trx('user_account').where({ user_id: user.user_id }).whereNull('withdrawn_at').forUpdate().first('user_id', 'user_alias', 'profile_id');
        if (!still) throw notFound(MESSAGES.pleaseLogIn);
        await trx('session').where({ user_id: user.user_id }).whereNull('revoked_at').update({ revoked_at: trx.fn.now() });
        await trx('password_reset_token').where({ user_id: user.user_id }).whereNull('used_at').update({ used_at: trx.fn.now() });
        await trx('social_identity').where({ user_id: user.user_id }).delete();
        const retired = [{ kind: 'NICKNAME', value_hash: retiredHash(user.user_alias) }];
        if (user.profile_id) retired.push({ kind: 'CAREER_CARD_ID', value_hash: retiredHash(user.profile_id) });
        await trx('retired_identifier').insert(retired).onConflict(['kind', 'value_hash']).ignore();
        await trx('withdrawal').insert({ user_id: user.user_id, reason_code: request.body.reasonCode, reason_text: request.body.reasonText ?? null });
        if (user.profile_id) await trx('careercard_retirement').insert({ user_id: user.user_id, profile_id: user.profile_id });
        // The names as the locked row has them: the update below overwrites them; programs takes them out of other
        // members' placement texts and friend lists.
        await trx('programs_erasure').insert({ user_id: user.user_id, nickname: still.user_alias, career_card_id: still.profile_id ?? null });
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
      // Committed: the card is retired and programs erases the personal data of the applications now, or the
      // retry job does it when a peer cannot take it at the moment.
      await Promise.all([
        user.profile_id ? app.retirementOutbox.deliverFor(user.user_id) : true,
        app.erasureOutbox.deliverFor(user.user_id),
      ]);
      return ok({ message: MESSAGES.withdrawalDone });
    },
  );
};

export default withdrawalRoutes;
