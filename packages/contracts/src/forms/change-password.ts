import * as z from 'zod/mini';
import { CORE_MESSAGES } from '../core-messages';
import { CAREER_CARD_MESSAGES } from '../messages/career-card';
import { password, passwordConfirm, passwordsMatch } from './fields';

/** The mailed reset token: 43 base64url characters (32 random bytes). */
export const resetToken = z
  .string({ error: CORE_MESSAGES.badPasswordChangeToken })
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, CORE_MESSAGES.badPasswordChangeToken));

/** Change password (POST /api/change/password) {token, password, pw_confirm}. */
export const changePasswordSchema = z
  .object({ token: resetToken, password, pw_confirm: passwordConfirm }, { error: CORE_MESSAGES.badRequest })
  .check(...passwordsMatch());
export type ChangePasswordForm = z.infer<typeof changePasswordSchema>;

/**
 * Change password while signed in (POST /api/user/password, from /mypage/info) {currentPassword, password,
 * pw_confirm}: the current password proves it is the member; every other session ends.
 */
export const memberPasswordSchema = z
  .object(
    {
      currentPassword: z
        .string({ error: CAREER_CARD_MESSAGES.currentPasswordRequired })
        .check(
          z.minLength(1, CAREER_CARD_MESSAGES.currentPasswordRequired),
          z.maxLength(100, CAREER_CARD_MESSAGES.currentPasswordWrong),
        ),
      password,
      pw_confirm: passwordConfirm,
    },
    { error: CORE_MESSAGES.badRequest },
  )
  .check(...passwordsMatch());
export type MemberPasswordForm = z.infer<typeof memberPasswordSchema>;
