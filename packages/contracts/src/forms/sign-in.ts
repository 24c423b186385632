import * as z from 'zod/mini';
import { CORE_MESSAGES } from '../core-messages';
import { ACCOUNT_MESSAGES } from '../messages/account';

/**
 * Sign-in (POST /api/signin). Only emptiness is checked inline; anything else (a malformed e-mail, an
 * oversized value, a wrong type) answers the one bad-login text, so the form reveals nothing about accounts.
 */
export const signInSchema = z.object(
  {
    email: z
      .string({ error: CORE_MESSAGES.badLogin })
      .check(z.trim(), z.minLength(1, ACCOUNT_MESSAGES.emailRequired), z.maxLength(254, CORE_MESSAGES.badLogin)),
    password: z
      .string({ error: CORE_MESSAGES.badLogin })
      .check(z.minLength(1, ACCOUNT_MESSAGES.passwordRequired), z.maxLength(100, CORE_MESSAGES.badLogin)),
  },
  { error: CORE_MESSAGES.badRequest },
);
export type SignInForm = z.infer<typeof signInSchema>;
