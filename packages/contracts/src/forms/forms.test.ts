import { describe, expect, it } from 'vitest';
import { MESSAGES, signInCoolDownMessage } from '../messages';
import {
  careerCardId,
  changePasswordSchema,
  fieldMessages,
  findAccountSchema,
  findPasswordSchema,
  formatPhone,
  isValidCareerCardId,
  onboardingSchema,
  password,
  phone,
  signInSchema,
  signUpSchema,
  signUpSubmitSchema,
  snsSignUpSchema,
  snsSignUpSubmitSchema,
  updateUserSchema,
  withdrawalSchema,
} from './index';

const messageOf = (
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error!.issues[0]!.message;
};

const validSignUp = {
  email: 'New.User@Example.com',
  contactEmail: 'me@example.com',
  password: 'sidequest1!',
  pw_confirm: 'sidequest1!',
  username: '홍길동',
  useralias: '길동',
  careerCardId: 'gildong1',
  userphone: '01012345678',
  jobGroup: 'JG_DEV',
  position: 'POS_BACKEND',
  careerYears: 'CY_1_3Y',
  termsAgreed: true,
  privacyAgreed: true,
};

describe('password', () => {
  it('takes 8 to 22 characters of letters, digits and special characters', () => {
    for (const ok of ['abcdef1!', 'Sidequest1!', `${'a'.repeat(20)}1!`, 'P@ssw0rd'])
      expect(messageOf(password, ok), ok).toBeNull();
  });
  it('says 비밀번호는 8자 이상, 22자 이하로 입력하세요. outside 8-22', () => {
    expect(messageOf(password, 'abc1!')).toBe('비밀번호는 8자 이상, 22자 이하로 입력하세요.');
    expect(messageOf(password, 'abcdef1')).toBe(MESSAGES.passwordLength);
    expect(messageOf(password, `${'a'.repeat(21)}1!`)).toBe(MESSAGES.passwordLength);
  });
  it('needs a letter, a digit and a special character, and nothing else', () => {
    for (const bad of ['abcdefgh', '12345678', 'abcd1234', 'abcd!@#$', '1234!@#$', 'abc 123!', '비밀번호1234!']) {
      expect(messageOf(password, bad), bad).toBe(MESSAGES.passwordComposition);
    }
  });
  it('asks for it when missing or of another type', () => {
    expect(messageOf(password, '')).toBe(MESSAGES.passwordRequired);
    expect(messageOf(password, undefined)).toBe(MESSAGES.passwordRequired);
    expect(messageOf(password, 12345678)).toBe(MESSAGES.passwordRequired);
  });
});

describe('password confirmation', () => {
  it('puts the form-level text in `_` and the inline text under pw_confirm', () => {
    const fields = fieldMessages(
      changePasswordSchema.safeParse({ token: 'a'.repeat(43), password: 'sidequest1!', pw_confirm: 'sidequest2!' }),
    );
    expect(fields).toEqual({
      _: '입력된 두개의 비밀번호가 서로 다릅니다.',
      pw_confirm: '두개의 비밀번호가 서로 달라요.',
    });
  });
  it('shows the mismatch while the rest of the form is unfinished', () => {
    const fields = fieldMessages(signUpSchema.safeParse({ password: 'abc', pw_confirm: 'abd' }));
    expect(fields.pw_confirm).toBe(MESSAGES.passwordMismatchShort);
    expect(fields._).toBe(MESSAGES.passwordMismatch);
  });
  it('asks for the confirmation when it is empty, without a mismatch', () => {
    const fields = fieldMessages(signUpSchema.safeParse({ ...validSignUp, pw_confirm: '' }));
    expect(fields).toEqual({ pw_confirm: MESSAGES.passwordConfirmRequired });
  });
});

describe('names', () => {
  it('needs at least 2 characters for name and nickname', () => {
    expect(fieldMessages(signUpSchema.safeParse({ ...validSignUp, username: '홍', useralias: 'a' }))).toEqual({
      username: MESSAGES.nameLength,
      useralias: MESSAGES.nicknameLength,
    });
    expect(fieldMessages(signUpSchema.safeParse({ ...validSignUp, username: '  ', useralias: '' }))).toEqual({
      username: MESSAGES.nameRequired,
      useralias: MESSAGES.nicknameRequired,
    });
    expect(messageOf(signUpSchema, { ...validSignUp, useralias: 'x'.repeat(21) })).toBe(MESSAGES.nicknameLength);
  });
});

describe('career card ID', () => {
  it('takes letters and digits, 2 to 20', () => {
    for (const id of ['ab', 'Minji', 'dev2024', 'a1'.repeat(10)]) expect(messageOf(careerCardId, id), id).toBeNull();
    for (const id of ['a', 'min ji', '민지', 'min-ji', 'a'.repeat(21), "x' or '1'='1"])
      expect(messageOf(careerCardId, id), id).toBe(MESSAGES.careerCardIdFormat);
    expect(messageOf(careerCardId, '')).toBe(MESSAGES.careerCardIdRequired);
  });
  it('never contains a reserved word such as admin', () => {
    for (const id of ['admin', 'ADMIN', 'headAdmin7', 'xadminx', 'onboarding', 'Project', 'edit']) {
      expect(messageOf(careerCardId, id), id).toBe(MESSAGES.careerCardIdReserved);
      expect(isValidCareerCardId(id)).toBe(false);
    }
    expect(isValidCareerCardId('minji')).toBe(true);
    expect(isValidCareerCardId(42)).toBe(false);
  });
});

describe('phone', () => {
  it('formats as the user types', () => {
    expect(formatPhone('01012345678')).toBe('010-1234-5678');
    expect(formatPhone('010 1234 5678')).toBe('010-1234-5678');
    expect(formatPhone('+82)010.1234.5678abc')).toBe('820-1012-3456');
    expect(formatPhone('010')).toBe('010');
    expect(formatPhone('0101')).toBe('010-1');
    expect(formatPhone('0101234')).toBe('010-123-4');
    expect(formatPhone('0111234567')).toBe('011-123-4567');
    expect(formatPhone('0212345678')).toBe('02-1234-5678');
    expect(formatPhone('010123456789999')).toBe('010-1234-5678');
    expect(formatPhone('')).toBe('');
  });
  it('accepts a mobile number in any spelling and returns it hyphenated', () => {
    expect(phone.safeParse('010.1234.5678')).toEqual({ success: true, data: '010-1234-5678' });
    expect(phone.safeParse('0161234567')).toEqual({ success: true, data: '016-123-4567' });
  });
  it('refuses anything else', () => {
    expect(messageOf(phone, '')).toBe(MESSAGES.phoneRequired);
    for (const bad of ['010-1234', '02-1234-5678', 'abc', '1'.repeat(40)])
      expect(messageOf(phone, bad), bad).toBe(MESSAGES.phoneFormat);
  });
});

describe('sign-up', () => {
  it('accepts a complete form, normalising e-mail and phone', () => {
    const result = signUpSchema.safeParse(validSignUp);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ email: 'new.user@example.com', userphone: '010-1234-5678' });
  });
  it('requires job group and career years but not position; marketing is optional', () => {
    expect(fieldMessages(signUpSchema.safeParse({ ...validSignUp, jobGroup: '', careerYears: undefined }))).toEqual({
      jobGroup: MESSAGES.jobGroupRequired,
      careerYears: MESSAGES.careerYearsRequired,
    });
    expect(signUpSchema.safeParse({ ...validSignUp, position: null, marketingAgreed: false }).success).toBe(true);
    expect(signUpSchema.safeParse({ ...validSignUp, position: undefined }).success).toBe(true);
  });
  it('requires terms and privacy consent', () => {
    expect(
      fieldMessages(signUpSchema.safeParse({ ...validSignUp, termsAgreed: false, privacyAgreed: 'true' })),
    ).toEqual({
      termsAgreed: MESSAGES.termsRequired,
      privacyAgreed: MESSAGES.privacyRequired,
    });
  });
  it('checks the e-mail and the receiving e-mail', () => {
    expect(fieldMessages(signUpSchema.safeParse({ ...validSignUp, email: 'not-an-email', contactEmail: '' }))).toEqual({
      email: MESSAGES.emailFormat,
      contactEmail: MESSAGES.contactEmailRequired,
    });
    expect(messageOf(signUpSchema, { ...validSignUp, email: `${'a'.repeat(250)}@x.com` })).toBe(MESSAGES.emailFormat);
  });
  it('on submit, needs both duplicate checks', () => {
    expect(fieldMessages(signUpSubmitSchema.safeParse(validSignUp))).toEqual({
      nicknameChecked: MESSAGES.nicknameCheckRequired,
      careerCardIdChecked: MESSAGES.careerCardIdCheckRequired,
    });
    expect(
      signUpSubmitSchema.safeParse({ ...validSignUp, nicknameChecked: true, careerCardIdChecked: true }).success,
    ).toBe(true);
  });
  it('social sign-up has no password and needs a ticket', () => {
    const { email: _e, password: _p, pw_confirm: _c, ...rest } = validSignUp;
    expect(snsSignUpSchema.safeParse({ ...rest, ticket: 'x'.repeat(43) }).success).toBe(true);
    expect(messageOf(snsSignUpSchema, rest)).toBe(MESSAGES.socialSignUpExpired);
    expect(snsSignUpSubmitSchema.safeParse({ ...rest, ticket: 'x'.repeat(43) }).success).toBe(false);
  });
});

describe('the other forms', () => {
  it('sign-in: empty fields say what is missing, anything odd is a bad login', () => {
    expect(fieldMessages(signInSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: MESSAGES.emailRequired,
      password: MESSAGES.passwordRequired,
    });
    expect(messageOf(signInSchema, { email: 1, password: 'x' })).toBe(MESSAGES.badLogin);
    expect(messageOf(signInSchema, { email: 'a'.repeat(300), password: 'x' })).toBe(MESSAGES.badLogin);
  });
  it('onboarding needs job and years codes; image and intro are optional', () => {
    expect(onboardingSchema.safeParse({ jobCode: 'JG_DEV', yearCode: 'CY_1_3Y' }).success).toBe(true);
    expect(
      onboardingSchema.safeParse({
        imgId: '0b7c4f2e-8d4a-4c1e-9f3a-2b6d8e1f0a5c',
        jobCode: 'JG_DEV',
        yearCode: 'CY_1_3Y',
      }).success,
    ).toBe(true);
    expect(messageOf(onboardingSchema, { imgId: 12, jobCode: 'JG_DEV', yearCode: 'CY_1_3Y' })).toBe(
      MESSAGES.imageInvalid,
    );
    expect(messageOf(onboardingSchema, { imgId: '../../etc/passwd', jobCode: 'JG_DEV', yearCode: 'CY_1_3Y' })).toBe(
      MESSAGES.imageInvalid,
    );
    expect(fieldMessages(onboardingSchema.safeParse({ imgId: -1, intro: 'x'.repeat(1001) }))).toEqual({
      imgId: MESSAGES.imageInvalid,
      intro: MESSAGES.introLength,
      jobCode: MESSAGES.jobGroupRequired,
      yearCode: MESSAGES.careerYearsRequired,
    });
  });
  it('find account: name and phone', () => {
    expect(findAccountSchema.safeParse({ name: '김민지', phone: '010-1234-5678' }).success).toBe(true);
    expect(fieldMessages(findAccountSchema.safeParse({ name: '', phone: '123' }))).toEqual({
      name: MESSAGES.nameRequired,
      phone: MESSAGES.phoneFormat,
    });
  });
  it('find password: e-mail and phone in valid format, no empty field', () => {
    expect(findPasswordSchema.safeParse({ email: 'member@example.com', phone: '01012345678' }).success).toBe(true);
    expect(fieldMessages(findPasswordSchema.safeParse({ email: '', phone: '' }))).toEqual({
      email: MESSAGES.emailRequired,
      phone: MESSAGES.phoneRequired,
    });
    expect(fieldMessages(findPasswordSchema.safeParse({ email: 'x@', phone: '010' }))).toEqual({
      email: MESSAGES.emailFormat,
      phone: MESSAGES.phoneFormat,
    });
  });
  it('change password: a well-formed token', () => {
    expect(
      messageOf(changePasswordSchema, { token: 'short', password: 'sidequest1!', pw_confirm: 'sidequest1!' }),
    ).toBe(MESSAGES.badPasswordChangeToken);
  });
  it('withdrawal: a reason and the consent', () => {
    expect(withdrawalSchema.safeParse({ reasonCode: 'LOW_USE', agreed: true }).success).toBe(true);
    expect(fieldMessages(withdrawalSchema.safeParse({ reasonText: 'x'.repeat(501) }))).toEqual({
      reasonCode: MESSAGES.withdrawalReasonRequired,
      reasonText: MESSAGES.withdrawalReasonTextLength,
      agreed: MESSAGES.withdrawalConsentRequired,
    });
  });
  it('update user: each field optional, checked when sent', () => {
    expect(updateUserSchema.safeParse({}).success).toBe(true);
    expect(fieldMessages(updateUserSchema.safeParse({ useralias: 'a', userphone: '1' }))).toEqual({
      useralias: MESSAGES.nicknameLength,
      userphone: MESSAGES.phoneFormat,
    });
  });
});

describe('catalogue', () => {
  it('keeps the spec texts character for character', () => {
    expect(MESSAGES.passwordLength).toBe('비밀번호는 8자 이상, 22자 이하로 입력하세요.');
    expect(MESSAGES.passwordMismatch).toBe('입력된 두개의 비밀번호가 서로 다릅니다.');
    expect(MESSAGES.passwordMismatchShort).toBe('두개의 비밀번호가 서로 달라요.');
    expect(MESSAGES.findAccountFailed).toBe('이름 또는 연락처를 다시 확인해 주세요.');
    expect(MESSAGES.nicknameDuplicate).toBe('이미 사용 중인 닉네임이에요.');
    expect(MESSAGES.careerCardIdDuplicate).toBe('이미 사용 중인 커리어 카드 ID예요.');
    expect(MESSAGES.accountDuplicate).toBe('이미 사용 중인 가입 계정이에요.');
    expect(MESSAGES.contactEmailDuplicate).toBe('이미 사용 중인 수신용 이메일이에요.');
    expect(MESSAGES.duplicateEmailTitle).toBe('중복 이메일 오류');
    expect(MESSAGES.duplicateEmailBody).toBe('이미 가입된 이메일입니다. 로그인 해주세요.');
    expect(MESSAGES.noMatchingMember).toBe('일치하는 회원 정보가 없습니다.');
    expect(MESSAGES.mailSendFailed).toBe('메일 전송에 실패하였습니다. 다시 시도해주세요.');
    expect(MESSAGES.badPasswordChangeToken).toBe('잘못된 토큰 혹은 요청이 확인되었습니다. 메인페이지로 이동합니다.');
  });
  it('fills the cool-down minutes', () => {
    expect(signInCoolDownMessage(15)).toBe('로그인 시도가 너무 많습니다. 15분 후에 다시 시도해 주세요.');
    expect(signInCoolDownMessage(0.2)).toBe('로그인 시도가 너무 많습니다. 1분 후에 다시 시도해 주세요.');
  });
});
