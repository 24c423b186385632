import * as z from 'zod/mini';
import { CORE_MESSAGES } from '../core-messages';
import { ACCOUNT_MESSAGES } from '../messages/account';
import {
  careerCardId,
  careerYears,
  contactEmail,
  email,
  jobGroup,
  nickname,
  password,
  passwordConfirm,
  passwordsMatch,
  phone,
  position,
  requiredConsent,
  userName,
} from './fields';

/** What both sign-up forms share: the profile, the job fields and the consents. */
const profileFields = {
  contactEmail,
  username: userName,
  useralias: nickname,
  careerCardId,
  userphone: phone,
  jobGroup,
  /** Optional: the spec requires the job group and career years only. */
  position: z.optional(z.nullable(position)),
  careerYears,
  termsAgreed: requiredConsent(ACCOUNT_MESSAGES.termsRequired),
  privacyAgreed: requiredConsent(ACCOUNT_MESSAGES.privacyRequired),
  marketingAgreed: z.optional(z.boolean({ error: CORE_MESSAGES.badRequest })),
};

/** E-mail sign-up (POST /api/signUp), the body the server validates. */
export const signUpSchema = z
  .object({ email, password, pw_confirm: passwordConfirm, ...profileFields }, { error: CORE_MESSAGES.badRequest })
  .check(...passwordsMatch());
export type SignUpForm = z.infer<typeof signUpSchema>;

/**
 * Social sign-up (POST /api/snsSignUp): no password; the account e-mail and the provider identity come from
 * the sign-up `ticket` the OAuth exchange handed out, never from the body.
 */
export const snsSignUpSchema = z.object(
  {
    ticket: z
      .string({ error: ACCOUNT_MESSAGES.socialSignUpExpired })
      .check(
        z.minLength(16, ACCOUNT_MESSAGES.socialSignUpExpired),
        z.maxLength(200, ACCOUNT_MESSAGES.socialSignUpExpired),
      ),
    ...profileFields,
  },
  { error: CORE_MESSAGES.badRequest },
);
export type SnsSignUpForm = z.infer<typeof snsSignUpSchema>;

/**
 * The screens' submit check: the body above plus the two duplicate checks the user must have passed
 * (spec section 5). The server re-checks uniqueness itself, so these flags never travel to it.
 */
const duplicateChecks = {
  nicknameChecked: z.literal(true, { error: ACCOUNT_MESSAGES.nicknameCheckRequired }),
  careerCardIdChecked: z.literal(true, { error: ACCOUNT_MESSAGES.careerCardIdCheckRequired }),
};
export const signUpSubmitSchema = z.extend(signUpSchema, duplicateChecks);
export const snsSignUpSubmitSchema = z.extend(snsSignUpSchema, duplicateChecks);
