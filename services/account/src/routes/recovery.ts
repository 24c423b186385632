import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import * as z from 'zod/mini';
import {
  ERROR_CODES,
  MESSAGES,
  changePasswordSchema,
  findAccountCoolDownMessage,
  passwordResetCoolDownMessage,
  findAccountSchema,
  findPasswordSchema,
  ok,
  resetToken,
  type ChangePasswordForm,
  type FindAccountForm,
  type FindEmailResponse,
  type FindPasswordForm,
  type PasswordResetResponse,
  type ResetTokenCheckResponse,
} from '@sq/contracts';
import { ApiError, addressGroup, badRequest, notFound } from '@sq/service-kit';
import { hashPassword } from '../passwords';
import { emailTakenMessage } from '../lib/availability';
import type { AttemptSlot } from '../repositories/attempt-limit';
import { createKeyedHash } from '../lib/keyed-hash';
import { maskEmail, randomToken, sha256 } from '../lib/secrets';

const tokenParams = z.object({ token: resetToken }, { error: MESSAGES.badRequest });

/**
 * Find account (name + phone -> masked e-mail), find password (e-mail + phone -> reset mail with a
 * single-use token valid 30 minutes, stored hashed), token check and password change. A change signs the
 * user out everywhere.
 *
 * Neither request may tell an anonymous caller more about who is a member than the spec requires. Find account
 * must (its screen shows the e-mail of the person with that name and phone, or 이름 또는 연락처를 다시 확인해
 * 주세요.), so it answers only the masked e-mail and is rate-limited per client address and per person looked up,
 * counting hits and misses alike. The reset request answers the same for every well-formed request: the
 * request path only counts the request (per requested e-mail, member or not) and the account is looked up and
 * mailed after the answer has left, so neither the answer nor its timing depends on the account.
 */
const recoveryRoutes: FastifyPluginAsync = async (app) => {
  const { siteUrl, resetTokenMinutes, resetMail, findEmail } = app.accountConfig;
  const guard = app.signInGuard;
  const limiter = app.attemptLimiter;
  const recovery = app.recoveryRepository;
  const keyed = createKeyedHash(app.accountConfig.markerSecret);

  app.post<{ Body: FindAccountForm }>(
    '/api/findEmail',
    { schema: { tags: ['account'], summary: '계정(이메일) 찾기', body: findAccountSchema } },
    async (request, reply): Promise<FindEmailResponse> => {
      const { name, phone } = request.body;
      const windowSeconds = Math.max(1, findEmail.windowMinutes) * 60;
      const slot = await limiter.take([
        {
          scope: 'FIND_EMAIL_ADDRESS',
          subject: keyed('find-email-address', addressGroup(request.clientIp)),
          max: findEmail.maxPerAddress,
          windowSeconds,
        },
        {
          scope: 'FIND_EMAIL_TARGET',
          subject: keyed('find-email-target', `${name.trim()}|${phone.replace(/\D/g, '')}`),
          max: findEmail.maxPerTarget,
          windowSeconds,
        },
      ]);
      if (slot.wait > 0) {
        reply.header('retry-after', String(Math.ceil(slot.wait)));
        throw new ApiError(429, findAccountCoolDownMessage(slot.wait / 60), ERROR_CODES.tooManyRequests);
      }
      const user = await recovery.findByNameAndPhone(name, phone);
      if (!user) throw notFound(MESSAGES.findAccountFailed);
      return ok({ email: maskEmail(user.email), vendor: user.vendor });
    },
  );

  /** After the answer: the matching account, if any, gets its link (or, for a social account, where to sign in). */
  async function mailReset(body: FindPasswordForm, slot: AttemptSlot): Promise<void> {
    const user = await recovery.findByEmailAndPhone(body.email, body.phone);
    if (!user) return;
    if (user.vendor !== 'EMAIL') {
      // A social account has no password to reset: its owner learns, in their own mailbox, where to sign in.
      const text = emailTakenMessage(user.vendor);
      await app.mailer
        .send({
          to: user.email,
          subject: '[사이드퀘스트] 비밀번호 재설정 안내',
          text: `${user.user_name}님, ${text}\n\n요청하지 않으셨다면 이 메일을 무시해 주세요.`,
          html: `<p>${escapeHtml(user.user_name)}님, ${escapeHtml(text)}</p><p>요청하지 않으셨다면 이 메일을 무시해 주세요.</p>`,
        })
        .catch(async (error: unknown) => {
          await limiter.giveBack(slot);
          throw error;
        });
      return;
    }
    const token = randomToken();
    // Only the newest link works.
    await recovery.issueToken(user.user_id, sha256(token), resetTokenMinutes);
    const link = `${siteUrl}/change/${token}`;
    try {
      await app.mailer.send({
        to: user.email,
        subject: '[사이드퀘스트] 비밀번호 재설정 안내',
        text: `${user.user_name}님, 아래 링크에서 새 비밀번호를 설정해 주세요. 링크는 ${resetTokenMinutes}분 동안 한 번만 사용할 수 있어요.\n\n${link}\n\n요청하지 않으셨다면 이 메일을 무시해 주세요.`,
        html: `<p>${escapeHtml(user.user_name)}님, 아래 링크에서 새 비밀번호를 설정해 주세요. 링크는 ${resetTokenMinutes}분 동안 한 번만 사용할 수 있어요.</p><p><a href="${link}">비밀번호 재설정하기</a></p><p>요청하지 않으셨다면 이 메일을 무시해 주세요.</p>`,
      });
    } catch (error) {
      // No mail went out: no live link stays behind, and the request does not count against a retry.
      await recovery.dropToken(sha256(token));
      await limiter.giveBack(slot);
      throw error;
    }
  }

  app.post<{ Body: FindPasswordForm }>(
    '/api/password-reset',
    { schema: { tags: ['account'], summary: '비밀번호 재설정 메일 보내기', body: findPasswordSchema } },
    async (request, reply): Promise<PasswordResetResponse> => {
      // Mail bombing: one request per e-mail per interval and a few an hour, counted per requested e-mail
      // whether or not it is a member's (a limit only members reach would tell who is one).
      const subject = keyed('reset-request', request.body.email.trim().toLowerCase());
      const slot = await limiter.take([
        { scope: 'RESET_REQUEST', subject, max: 1, windowSeconds: resetMail.intervalSeconds },
        { scope: 'RESET_REQUEST', subject, max: resetMail.perHour, windowSeconds: 3600 },
      ]);
      if (slot.wait > 0) {
        reply.header('retry-after', String(Math.ceil(slot.wait)));
        throw new ApiError(429, passwordResetCoolDownMessage(slot.wait / 60), ERROR_CODES.tooManyRequests);
      }
      app.resetMails.track(
        mailReset(request.body, slot).catch((error: unknown) =>
          request.log.warn({ err: error }, 'reset mail not sent'),
        ),
      );
      return ok({ expiresInMinutes: resetTokenMinutes });
    },
  );

  app.get<{ Params: z.infer<typeof tokenParams> }>(
    '/api/change/:token',
    { schema: { tags: ['account'], summary: '비밀번호 변경 토큰 확인', params: tokenParams } },
    async (request): Promise<ResetTokenCheckResponse> => {
      const email = await recovery.liveTokenEmail(sha256(request.params.token));
      if (!email) throw badRequest(MESSAGES.badPasswordChangeToken);
      return ok({ valid: true as const, email: maskEmail(email) });
    },
  );

  const change = async (body: ChangePasswordForm) => {
    const hash = sha256(body.token);
    const passwordHash = await hashPassword(body.password);
    const ownerEmail = await recovery.resetPassword(hash, passwordHash);
    if (!ownerEmail) throw badRequest(MESSAGES.badPasswordChangeToken);
    // The owner proved control of the mailbox: sign-in locks on the account end, from every address.
    await guard.clearAccount(ownerEmail);
    return ok({});
  };

  // POST per spec section 7; PUT as well (the legacy screens sent PUT to the change path).
  for (const method of ['POST', 'PUT'] as const) {
    app.route<{ Body: ChangePasswordForm }>({
      method,
      url: '/api/change/password',
      schema: {
        tags: ['account'],
        summary: method === 'PUT' ? '비밀번호 변경 (PUT, 이전 화면)' : '비밀번호 변경',
        body: changePasswordSchema,
      },
      handler: async (request) => change(request.body),
    });
  }
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Reset mails are sent after the answer: `track` keeps them until done, `settled()` waits for all. */
    resetMails: { track(job: Promise<void>): void; settled(): Promise<void> };
  }
}

/** The reset mails under way, which the service waits for when it closes (and tests, to see their effect). */
export const resetMailQueue = fp(
  async (app) => {
    const sending = new Set<Promise<void>>();
    app.decorate('resetMails', {
      track(job: Promise<void>) {
        const tracked = job.finally(() => sending.delete(tracked));
        sending.add(tracked);
      },
      async settled() {
        while (sending.size > 0) await Promise.allSettled([...sending]);
      },
    });
    app.addHook('onClose', async () => app.resetMails.settled());
  },
  { name: 'reset-mail-queue' },
);

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export default recoveryRoutes;
