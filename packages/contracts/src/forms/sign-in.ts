import * as z from 'zod/mini';
import { MESSAGES } from '../messages';

/**
 * Sign-in (POST /api/signin). Only emptiness is checked inline; anything else (a malformed e-mail, an
 * oversized value, a wrong type) answers the one bad-login text, so the form reveals nothing about accounts.
 */
export const signInSchema = z.object({
  email: z.string({ error: MESSAGES.badLogin }).check(z.trim(), z.minLength(1, MESSAGES.emailRequired), z.maxLength(254, MESSAGES.badLogin)),
  password: z.string({ error: MESSAGES.badLogin }).check(z.minLength(1, MESSAGES.passwordRequired), z.maxLength(100, MESSAGES.badLogin)),
}, { error: MESSAGES.badRequest });
export type SignInForm = z.infer<typeof signInSchema>;
