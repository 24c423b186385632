import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { ACCOUNT_MESSAGES } from '@sq/contracts/messages/account';
import {
  careerCardId as careerCardIdRule,
  contactEmail as contactEmailRule,
  email as emailRule,
  formatPhone,
  nickname as nicknameRule,
  signUpSchema,
  snsSignUpSchema,
  type SignUpForm,
  type SnsSignUpForm,
} from '@sq/contracts/forms';
import type { FormSchema } from './hooks/use-form';

/** What the sign-up screens hold while the user types (strings and booleans, nothing parsed yet). */
export interface SignUpValues {
  [field: string]: string | boolean;
  email: string;
  contactEmail: string;
  password: string;
  pw_confirm: string;
  username: string;
  useralias: string;
  careerCardId: string;
  userphone: string;
  jobGroup: string;
  position: string;
  careerYears: string;
  termsAgreed: boolean;
  privacyAgreed: boolean;
  marketingAgreed: boolean;
}

export const EMPTY_SIGN_UP: SignUpValues = {
  email: '',
  contactEmail: '',
  password: '',
  pw_confirm: '',
  username: '',
  useralias: '',
  careerCardId: '',
  userphone: '',
  jobGroup: '',
  position: '',
  careerYears: '',
  termsAgreed: false,
  privacyAgreed: false,
  marketingAgreed: false,
};

/** The request body as the service expects it (an unpicked position is null, not ''). */
function profileBody(values: SignUpValues) {
  return {
    contactEmail: values.contactEmail,
    username: values.username,
    useralias: values.useralias,
    careerCardId: values.careerCardId,
    userphone: values.userphone,
    jobGroup: values.jobGroup,
    position: values.position || null,
    careerYears: values.careerYears,
    termsAgreed: values.termsAgreed,
    privacyAgreed: values.privacyAgreed,
    marketingAgreed: values.marketingAgreed,
  };
}

export function toSignUpBody(values: SignUpValues) {
  return { email: values.email, password: values.password, pw_confirm: values.pw_confirm, ...profileBody(values) };
}

export function toSnsSignUpBody(values: SignUpValues, ticket: string) {
  return { ticket, ...profileBody(values) };
}

/** The shared schemas applied to the screen's values. */
export const emailSignUpForm: FormSchema<SignUpForm> = {
  safeParse: (values) => signUpSchema.safeParse(toSignUpBody(values as SignUpValues)),
};
export const snsSignUpForm = (ticket: string): FormSchema<SnsSignUpForm> => ({
  safeParse: (values) => snsSignUpSchema.safeParse(toSnsSignUpBody(values as SignUpValues, ticket)),
});

/** A field's value as the service will store it, or null while it is not well-formed (no check yet). */
function normalised(
  rule: { safeParse(v: unknown): { success: boolean; data?: unknown } },
  value: string,
): string | null {
  const result = rule.safeParse(value);
  return result.success && typeof result.data === 'string' ? result.data : null;
}
export const normalisedEmail = (value: string) => normalised(emailRule, value);
export const normalisedContactEmail = (value: string) => normalised(contactEmailRule, value);
export const normalisedNickname = (value: string) => normalised(nicknameRule, value);
export const normalisedCareerCardId = (value: string) => normalised(careerCardIdRule, value);

/** As the user types: digits only, hyphens inserted (010-1234-5678). */
export const formatPhoneInput = formatPhone;

/** A provider's phone in international form (Kakao: "+82 10-2222-3333") as a domestic one (010-2222-3333). */
export function phoneFromProvider(value: string | null): string {
  if (!value) return '';
  const international = /^\s*\+?82[\s-]*0?/.exec(value);
  return formatPhone(international ? `0${value.slice(international[0].length)}` : value);
}

export interface SubmitGate {
  nicknameChecked: boolean;
  careerCardIdChecked: boolean;
  termsAgreed: boolean;
  privacyAgreed: boolean;
}

/**
 * Spec section 5: sign-up opens only after both duplicate checks passed and both consents are given. The
 * messages say what is still missing; the submit button shows them and stays disabled until there are none.
 */
export function missingForSubmit(gate: SubmitGate): string[] {
  const missing: string[] = [];
  if (!gate.nicknameChecked) missing.push(ACCOUNT_MESSAGES.nicknameCheckRequired);
  if (!gate.careerCardIdChecked) missing.push(ACCOUNT_MESSAGES.careerCardIdCheckRequired);
  if (!gate.termsAgreed) missing.push(ACCOUNT_MESSAGES.termsRequired);
  if (!gate.privacyAgreed) missing.push(ACCOUNT_MESSAGES.privacyRequired);
  return missing;
}

/** The fields that show a server-side duplicate or format message inline (the rest go to the form's alert). */
export const INLINE_SERVER_FIELDS = [
  'contactEmail',
  'password',
  'pw_confirm',
  'username',
  'useralias',
  'careerCardId',
  'userphone',
  'jobGroup',
  'position',
  'careerYears',
] as const;

/** Social-account texts of the back end: the e-mail is registered through Google, Kakao or Naver. */
export function isSocialAccountMessage(message: string): boolean {
  return (
    message === ACCOUNT_MESSAGES.registeredWithGoogle ||
    message === ACCOUNT_MESSAGES.registeredWithKakao ||
    message === ACCOUNT_MESSAGES.registeredWithNaver
  );
}

/** The body of the 중복 이메일 오류 dialog for a duplicate-account answer. */
export function duplicateEmailDialogBody(serverMessage: string): string {
  return isSocialAccountMessage(serverMessage) ? serverMessage : CORE_MESSAGES.duplicateEmailBody;
}
