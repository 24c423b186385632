import * as z from 'zod/mini';
import { CORE_MESSAGES } from '../core-messages';
import { ACCOUNT_MESSAGES } from '../messages/account';
import { CAREER_CARD_MESSAGES } from '../messages/career-card';
import { formatPhone, PHONE_PATTERN as MOBILE_PATTERN } from '../format';
import { CAREER_CARD_ID_PATTERN, isReservedCareerCardId } from '../career-card-id';

/**
 * Field rules shared by the account forms (spec section 5). Built with `zod/mini` so the shell can load them
 * on the account pages without shipping full zod; the services validate request bodies with the very same
 * schemas. Every message is from the catalogue.
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 22;
const LETTER = /[A-Za-z]/;
const DIGIT = /[0-9]/;
/** Any printable ASCII character that is not a letter, a digit or a space. */
const SPECIAL = /[!-/:-@[-`{-~]/;
/** Only letters, digits and those special characters (no spaces, no Hangul) may make up a password. */
const PASSWORD_CHARS = /^[A-Za-z0-9!-/:-@[-`{-~]*$/;

/** NUL and other control characters (tab and line breaks aside) never reach the database. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const hasControlCharacters = (value: string) => CONTROL.test(value);
const printableName = (message: string) => z.refine<string>((value) => !hasControlCharacters(value), message);

/** A required text field: missing, null or another type reads as empty and shows `required`. */
const text = (required: string) => z.string({ error: required });

export const email = text(ACCOUNT_MESSAGES.emailRequired).check(
  z.trim(),
  z.toLowerCase(),
  z.minLength(1, ACCOUNT_MESSAGES.emailRequired),
  z.maxLength(254, ACCOUNT_MESSAGES.emailFormat),
  z.email(ACCOUNT_MESSAGES.emailFormat),
);

export const contactEmail = text(ACCOUNT_MESSAGES.contactEmailRequired).check(
  z.trim(),
  z.toLowerCase(),
  z.minLength(1, ACCOUNT_MESSAGES.contactEmailRequired),
  z.maxLength(254, ACCOUNT_MESSAGES.emailFormat),
  z.email(ACCOUNT_MESSAGES.emailFormat),
);

/** 8 to 22 characters of letters, digits and special characters, with at least one of each. */
export const password = text(ACCOUNT_MESSAGES.passwordRequired).check(
  z.minLength(1, ACCOUNT_MESSAGES.passwordRequired),
  z.minLength(PASSWORD_MIN, CORE_MESSAGES.passwordLength),
  z.maxLength(PASSWORD_MAX, CORE_MESSAGES.passwordLength),
  z.refine(
    (value) => PASSWORD_CHARS.test(value) && LETTER.test(value) && DIGIT.test(value) && SPECIAL.test(value),
    ACCOUNT_MESSAGES.passwordComposition,
  ),
);

export const passwordConfirm = text(ACCOUNT_MESSAGES.passwordConfirmRequired).check(
  z.minLength(1, ACCOUNT_MESSAGES.passwordConfirmRequired),
  z.maxLength(100, CORE_MESSAGES.passwordMismatchShort),
);

/**
 * The two mismatch messages, one check: the form-level text 입력된 두개의 비밀번호가 서로 다릅니다. is the
 * form's (and the API's) `message` (issue path `[]`, field `_`), and the short text 두개의 비밀번호가 서로
 * 달라요. is the inline message under the confirmation field (`pw_confirm`), shown as the user types.
 */
export function passwordsMatch<T extends { password: string; pw_confirm: string }>() {
  // Runs even when other fields fail, so the inline mismatch shows while the rest of the form is unfinished.
  const when = (payload: { value: unknown }) => {
    const value = payload.value as Partial<T> | undefined;
    return typeof value?.password === 'string' && typeof value?.pw_confirm === 'string' && value.pw_confirm.length > 0;
  };
  const same = (value: T) => value.password === value.pw_confirm;
  return [
    z.refine<T>(same, { message: CORE_MESSAGES.passwordMismatch, path: [], when }),
    z.refine<T>(same, { message: CORE_MESSAGES.passwordMismatchShort, path: ['pw_confirm'], when }),
  ] as const;
}

export const userName = text(ACCOUNT_MESSAGES.nameRequired).check(
  z.trim(),
  z.minLength(1, ACCOUNT_MESSAGES.nameRequired),
  z.minLength(2, ACCOUNT_MESSAGES.nameLength),
  z.maxLength(20, ACCOUNT_MESSAGES.nameLength),
  printableName(CAREER_CARD_MESSAGES.textInvalidCharacters),
);

export const nickname = text(ACCOUNT_MESSAGES.nicknameRequired).check(
  z.trim(),
  z.minLength(1, ACCOUNT_MESSAGES.nicknameRequired),
  z.minLength(2, ACCOUNT_MESSAGES.nicknameLength),
  z.maxLength(20, ACCOUNT_MESSAGES.nicknameLength),
  printableName(CAREER_CARD_MESSAGES.textInvalidCharacters),
);

export {
  CAREER_CARD_ID_PATTERN,
  RESERVED_CAREER_CARD_IDS,
  isReservedCareerCardId,
  isValidCareerCardId,
} from '../career-card-id';

export const careerCardId = text(ACCOUNT_MESSAGES.careerCardIdRequired).check(
  z.trim(),
  z.minLength(1, ACCOUNT_MESSAGES.careerCardIdRequired),
  z.regex(CAREER_CARD_ID_PATTERN, ACCOUNT_MESSAGES.careerCardIdFormat),
  z.refine((id) => !isReservedCareerCardId(id), ACCOUNT_MESSAGES.careerCardIdReserved),
);

/** The phone helper of spec section 9 (strip non-digits, insert hyphens) and the mobile format it checks. */
export { formatPhone, MOBILE_PATTERN };

export const phone = text(ACCOUNT_MESSAGES.phoneRequired).check(
  z.trim(),
  z.minLength(1, ACCOUNT_MESSAGES.phoneRequired),
  z.maxLength(30, ACCOUNT_MESSAGES.phoneFormat),
  z.overwrite(formatPhone),
  z.regex(MOBILE_PATTERN, ACCOUNT_MESSAGES.phoneFormat),
);

/** A common code picked from a list (job group, position, career years): required, at most 40 characters. */
export const codeField = (required: string) =>
  text(required).check(
    z.trim(),
    z.minLength(1, required),
    z.maxLength(40, required),
    z.regex(/^[A-Za-z0-9_]+$/, required),
  );

export const jobGroup = codeField(ACCOUNT_MESSAGES.jobGroupRequired);
export const position = codeField(ACCOUNT_MESSAGES.positionRequired);
export const careerYears = codeField(ACCOUNT_MESSAGES.careerYearsRequired);

/** A consent box that must be ticked. */
export const requiredConsent = (message: string) => z.literal(true, { error: message });
