import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import { password, passwordConfirm, passwordsMatch } from './fields';

/** The mailed reset token: 43 base64url characters (32 random bytes). */
export const resetToken = z.string({ error: MESSAGES.badPasswordChangeToken }).check(z.regex(/^[A-Za-z0-9_-]{43}$/, MESSAGES.badPasswordChangeToken));

/** Change password (POST /api/change/password) {token, password, pw_confirm}. */
export const changePasswordSchema = z
  .object({ token: resetToken, password, pw_confirm: passwordConfirm }, { error: MESSAGES.badRequest })
  .check(...passwordsMatch());
export type ChangePasswordForm = z.infer<typeof changePasswordSchema>;

/**
 * Change password while signed in (POST /api/user/password, from /mypage/info) {currentPassword, password,
 * pw_confirm}: the current password proves it is the member; every other session ends.
 */
export const memberPasswordSchema = z
  .object({
    currentPassword: z.string({ error: MESSAGES.currentPasswordRequired }).check(z.minLength(1, MESSAGES.currentPasswordRequired), z.maxLength(100, MESSAGES.currentPasswordWrong)),
    password,
    pw_confirm: passwordConfirm,
  }, { error: MESSAGES.badRequest })
  .check(...passwordsMatch());
export type MemberPasswordForm = z.infer<typeof memberPasswordSchema>;
