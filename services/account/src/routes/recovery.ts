import type { FastifyPluginAsync } from 'fastify';
import type { Knex } from 'knex';
import * as z from 'zod/mini';
import {
  ERROR_CODES, MESSAGES, changePasswordSchema, passwordResetCoolDownMessage, findAccountSchema, findPasswordSchema, ok, resetToken,
  type ChangePasswordForm, type FindAccountForm, type FindEmailResponse, type FindPasswordForm, type PasswordResetResponse, type ResetTokenCheckResponse,
} from '@sq/contracts';
import { ApiError, badRequest, conflict, notFound } from '@sq/service-kit';
import { hashPassword } from '../passwords';
import { emailTakenMessage } from '../lib/availability';
import { createSignInGuard } from '../lib/sign-in-guard';
import { maskEmail, randomToken, sha256 } from '../lib/secrets';
import type { UserRow } from '../repositories/user-repository';

/** The advisory-lock class of the reset-mail cooldown (the second key is the user id). */
const RESET_MAIL_LOCK = 0x5571_0002;

/** Seconds until the account may be sent another reset mail; 0 when it may now. */
async function resetMailWaitSeconds(knex: Knex, userId: number, limits: { intervalSeconds: number; perHour: number }): Promise<number> {
  const sent = await knex('password_reset_token')
    .where({ user_id: userId })
    .where('created_at', '>', knex.raw("clock_timestamp() - interval '1 hour'"))
    .orderBy('created_at', 'desc')
    // The wall clock, not now(): a request that waited for the lock began before the mail it waited for.
    .select(knex.raw('extract(epoch from (clock_timestamp() - created_at)) as age'));
  const ages = sent.map((row: { age: string }) => Math.max(0, Number(row.age)));
  const sinceLast = ages.length > 0 ? Math.max(0, limits.intervalSeconds - ages[0]!) : 0;
  const hourFull = ages.length >= limits.perHour ? Math.max(0, 3600 - ages[limits.perHour - 1]!) : 0;
  return Math.max(sinceLast, hourFull);
}

const tokenParams = z.object({ token: resetToken }, { error: MESSAGES.badRequest });

/**
 * Find account (name + phone -> masked e-mail), find password (e-mail + phone -> reset mail with a
 * single-use token valid 30 minutes, stored hashed), token check and password change. A change signs the
 * user out everywhere.
 */
const recoveryRoutes: FastifyPluginAsync = async (app) => {
  const { siteUrl, resetTokenMinutes, resetMail } = app.accountConfig;
  const guard = createSignInGuard(app.knex, app.accountConfig.signIn);

  app.post<{ Body: FindAccountForm }>(
    '/api/findEmail',
    { schema: { tags: ['account'], summary: '계정(이메일) 찾기', body: findAccountSchema } },
    async (request): Promise<FindEmailResponse> => {
      const user = await app.knex<UserRow>('user_account')
        .where({ user_name: request.body.name, user_phone: request.body.phone })
        .whereNull('withdrawn_at')
        .orderBy('user_id', 'desc')
        .first();
      if (!user) throw notFound(MESSAGES.findAccountFailed);
      return ok({ email: maskEmail(user.email), vendor: user.vendor });
    },
  );

  app.post<{ Body: FindPasswordForm }>(
    '/api/password-reset',
    { schema: { tags: ['account'], summary: '비밀번호 재설정 메일 보내기', body: findPasswordSchema } },
    async (request, reply): Promise<PasswordResetResponse> => {
      const user = await app.knex<UserRow>('user_account')
        .whereRaw('lower(email) = ?', [request.body.email])
        .where({ user_phone: request.body.phone })
        .whereNull('withdrawn_at')
        .first();
      if (!user) throw notFound(MESSAGES.noMatchingMember);
      // A social account has no password to reset: point the user to the provider.
      if (user.vendor !== 'EMAIL') throw conflict(emailTakenMessage(user.vendor));

      const token = randomToken();
      await app.knex.transaction(async (trx) => {
        // Mail bombing: one reset mail per account per interval and a few an hour. The tokens are the log of
        // mails sent (a failed send takes its token back); the lock makes concurrent requests take turns.
        await trx.raw('select pg_advisory_xact_lock(?, ?)', [RESET_MAIL_LOCK, user.user_id]);
        const wait = await resetMailWaitSeconds(trx, user.user_id, resetMail);
        if (wait > 0) {
          reply.header('retry-after', String(Math.ceil(wait)));
          throw new ApiError(429, passwordResetCoolDownMessage(wait / 60), ERROR_CODES.tooManyRequests);
        }
        // Only the newest link works.
        await trx('password_reset_token').where({ user_id: user.user_id }).whereNull('used_at').update({ used_at: trx.fn.now() });
        await trx('password_reset_token').insert({
          token_hash: sha256(token),
          user_id: user.user_id,
          expires_at: trx.raw(`now() + interval '${Math.max(1, Math.floor(resetTokenMinutes))} minutes'`),
        });
      });
      const link = `${siteUrl}/change/${token}`;
      try {
        await app.mailer.send({
          to: user.email,
          subject: '[사이드퀘스트] 비밀번호 재설정 안내',
          text: `${user.user_name}님, 아래 링크에서 새 비밀번호를 설정해 주세요. 링크는 ${resetTokenMinutes}분 동안 한 번만 사용할 수 있어요.\n\n${link}\n\n요청하지 않으셨다면 이 메일을 무시해 주세요.`,
          html: `<p>${escapeHtml(user.user_name)}님, 아래 링크에서 새 비밀번호를 설정해 주세요. 링크는 ${resetTokenMinutes}분 동안 한 번만 사용할 수 있어요.</p><p><a href="${link}">비밀번호 재설정하기</a></p><p>요청하지 않으셨다면 이 메일을 무시해 주세요.</p>`,
        });
      } catch (error) {
        request.log.warn({ err: error }, 'reset mail not sent');
        await app.knex('password_reset_token').where({ token_hash: sha256(token) }).delete();
        throw new ApiError(503, MESSAGES.mailSendFailed);
      }
      return ok({ expiresInMinutes: resetTokenMinutes });
    },
  );

  const liveToken = (hash: string) =>
    app.knex('password_reset_token as t')
      .join('user_account as u', 'u.user_id', 't.user_id')
      .where('t.token_hash', hash)
      .whereNull('t.used_at')
      .whereNull('u.withdrawn_at')
      .where('t.expires_at', '>', app.knex.fn.now());

  app.get<{ Params: z.infer<typeof tokenParams> }>(
    '/api/change/:token',
    { schema: { tags: ['account'], summary: '비밀번호 변경 토큰 확인', params: tokenParams } },
    async (request): Promise<ResetTokenCheckResponse> => {
      const row = await liveToken(sha256(request.params.token)).first('u.email');
      if (!row) throw badRequest(MESSAGES.badPasswordChangeToken);
      return ok({ valid: true as const, email: maskEmail(row.email) });
    },
  );

  const change = async (body: ChangePasswordForm) => {
    const hash = sha256(body.token);
    const passwordHash = await hashPassword(body.password);
    const ownerEmail = await app.knex.transaction(async (trx): Promise<string> => {
      // Marking the token used is the single-use guarantee: of two concurrent changes only one updates it.
      const [used] = await trx('password_reset_token')
        .where({ token_hash: hash })
        .whereNull('used_at')
        .where('expires_at', '>', trx.fn.now())
        .update({ used_at: trx.fn.now() })
        .returning('user_id');
      const userId = (used as { user_id: number } | undefined)?.user_id;
      if (!userId || !(await trx('user_account').where({ user_id: userId }).whereNull('withdrawn_at').first('user_id'))) {
        throw badRequest(MESSAGES.badPasswordChangeToken);
      }
      await trx('user_account').where({ user_id: userId }).update({ password_hash: passwordHash, password_changed_at: trx.fn.now() });
      await trx('password_reset_token').where({ user_id: userId }).whereNull('used_at').update({ used_at: trx.fn.now() });
      await trx('session').where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: trx.fn.now() });
      const owner = (await trx('user_account').where({ user_id: userId }).first('email')) as Pick<UserRow, 'email'>;
      return owner.email;
    });
    // The owner proved control of the mailbox: sign-in locks on the account end, from every address.
    await guard.clearAccount(ownerEmail);
    return ok({});
  };

  // POST per spec section 7; PUT as well (the legacy screens sent PUT to the change path).
  for (const method of ['POST', 'PUT'] as const) {
    app.route<{ Body: ChangePasswordForm }>({
      method,
      url: '/api/change/password',
      schema: { tags: ['account'], summary: method === 'PUT' ? '비밀번호 변경 (PUT, 이전 화면)' : '비밀번호 변경', body: changePasswordSchema },
      handler: async (request) => change(request.body),
    });
  }
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export default recoveryRoutes;
