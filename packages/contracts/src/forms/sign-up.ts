import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import {
  careerCardId, careerYears, contactEmail, email, jobGroup, nickname, password, passwordConfirm, passwordsMatch, phone,
  position, requiredConsent, userName,
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
  termsAgreed: requiredConsent(MESSAGES.termsRequired),
  privacyAgreed: requiredConsent(MESSAGES.privacyRequired),
  marketingAgreed: z.optional(z.boolean({ error: MESSAGES.badRequest })),
};

/** E-mail sign-up (POST /api/signUp), the body the server validates. */
export const signUpSchema = z
  .object({ email, password, pw_confirm: passwordConfirm, ...profileFields }, { error: MESSAGES.badRequest })
  .check(...passwordsMatch());
export type SignUpForm = z.infer<typeof signUpSchema>;

/**
 * Social sign-up (POST /api/snsSignUp): no password; the account e-mail and the provider identity come from
 * the sign-up `ticket` the OAuth exchange handed out, never from the body.
 */
export const snsSignUpSchema = z.object({
  ticket: z.string({ error: MESSAGES.socialSignUpExpired }).check(z.minLength(16, MESSAGES.socialSignUpExpired), z.maxLength(200, MESSAGES.socialSignUpExpired)),
  ...profileFields,
}, { error: MESSAGES.badRequest });
export type SnsSignUpForm = z.infer<typeof snsSignUpSchema>;

/**
 * The screens' submit check: the body above plus the two duplicate checks the user must have passed
 * (spec section 5). The server re-checks uniqueness itself, so these flags never travel to it.
 */
const duplicateChecks = {
  nicknameChecked: z.literal(true, { error: MESSAGES.nicknameCheckRequired }),
  careerCardIdChecked: z.literal(true, { error: MESSAGES.careerCardIdCheckRequired }),
};
export const signUpSubmitSchema = z.extend(signUpSchema, duplicateChecks);
export const snsSignUpSubmitSchema = z.extend(snsSignUpSchema, duplicateChecks);
