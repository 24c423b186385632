import type { FastifyPluginAsync } from 'fastify';
import * as z from 'zod/mini';
import { MESSAGES, ok, withdrawalSchema, type WithdrawalForm } from '@sq/contracts';
import { forbidden, notFound, requireMember } from '@sq/service-kit';
import { retiredHash } from '../lib/availability';

const params = z.object({
  id: z.pipe(z.string({ error: MESSAGES.badRequest }).check(z.regex(/^[1-9][0-9]{0,9}$/, MESSAGES.badRequest)), z.transform(Number)),
}, { error: MESSAGES.badRequest });

/**
 * POST /api/setWithdrawal/{id}: only one's own id. Every session ends at once; the personal data is
 * anonymised; kept are the account number (user_id, which the programs service's contract and payment
 * records point to, kept 5 years by the privacy policy), the points ledger and the withdrawal record.
 * Nothing that would let someone pose as the member is freed: the nickname and career card ID stay taken
 * (stored hashed), the career card stays as an anonymous private card. The sign-in e-mail and the social
 * identities are released (only their owner can use them again, as a new account).
 */
const withdrawalRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Params: z.infer<typeof params>; Body: WithdrawalForm }>(
    '/api/setWithdrawal/:id',
    { schema: { tags: ['account'], summary: '회원 탈퇴', params, body: withdrawalSchema }, preHandler: requireMember },
    async (request) => {
      const identity = request.identity!;
      if (request.params.id !== identity.userId) throw forbidden();
      const user = await app.userRepository.findActiveById(identity.userId);
      if (!user) throw notFound(MESSAGES.pleaseLogIn);

      // careercard first (idempotent): if it is down, nothing has changed and the member can retry.
      if (user.profile_id) await app.careercard.retire(user.profile_id);

      const placeholder = `withdrawn-${user.user_id}@withdrawn.invalid`;
      await app.knex.transaction(async (trx) => {
        await trx('session').where({ user_id: user.user_id }).whereNull('revoked_at').update({ revoked_at: trx.fn.now() });
        await trx('password_reset_token').where({ user_id: user.user_id }).whereNull('used_at').update({ used_at: trx.fn.now() });
        await trx('social_identity').where({ user_id: user.user_id }).delete();
        const retired = [{ kind: 'NICKNAME', value_hash: retiredHash(user.user_alias) }];
        if (user.profile_id) retired.push({ kind: 'CAREER_CARD_ID', value_hash: retiredHash(user.profile_id) });
        await trx('retired_identifier').insert(retired).onConflict(['kind', 'value_hash']).ignore();
        await trx('withdrawal').insert({ user_id: user.user_id, reason_code: request.body.reasonCode, reason_text: request.body.reasonText ?? null });
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
      return ok({ message: MESSAGES.withdrawalDone });
    },
  );
};

export default withdrawalRoutes;
