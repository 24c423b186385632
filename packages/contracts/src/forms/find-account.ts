import * as z from 'zod/mini';
import { CORE_MESSAGES } from '../core-messages';
import { ACCOUNT_MESSAGES } from '../messages/account';
import { email, phone } from './fields';

/** Find account (POST /api/findEmail): name and phone; the answer is the masked e-mail. */
export const findAccountSchema = z.object(
  {
    name: z
      .string({ error: ACCOUNT_MESSAGES.nameRequired })
      .check(z.trim(), z.minLength(1, ACCOUNT_MESSAGES.nameRequired), z.maxLength(20, CORE_MESSAGES.findAccountFailed)),
    phone,
  },
  { error: CORE_MESSAGES.badRequest },
);
export type FindAccountForm = z.infer<typeof findAccountSchema>;

/** Find password (POST /api/password-reset): an e-mail and a phone in valid format, no empty field. */
export const findPasswordSchema = z.object({ email, phone }, { error: CORE_MESSAGES.badRequest });
export type FindPasswordForm = z.infer<typeof findPasswordSchema>;
